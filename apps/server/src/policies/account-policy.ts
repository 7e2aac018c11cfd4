import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A user account, as user management sees it. */
export interface AccountFacts {
  userId: string;
}
export type AccountResource = AccountFacts & { type: 'account' };
export const asAccount = (row: AccountFacts): AccountResource => ({ type: 'account', userId: row.userId });

/**
 * read (the admin's page of an account: its standing, credits, payments, library and audit trail): admins.
 * manage (change its roles or credits): admins.
 * disable (disable or enable it): an admin, never on their own account — nobody locks themselves out.
 */
export type AccountAction = 'read' | 'manage' | 'disable';

export function canOnAccount(viewer: PolicyViewer, action: AccountAction, account: AccountFacts): boolean {
  if (!isAdmin(viewer)) return false;
  return action !== 'disable' || account.userId !== viewer!.userId;
}
