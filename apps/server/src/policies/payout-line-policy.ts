import type { PolicyViewer } from './policy-viewer.ts';

/** A payee's line of a month (decision 0051): whose money it is. */
export interface PayoutLineFacts {
  payeeUserId: string;
}
export type PayoutLineResource = PayoutLineFacts & { type: 'payoutLine' };
export const asPayoutLine = (row: PayoutLineFacts): PayoutLineResource => ({ type: 'payoutLine', payeeUserId: row.payeeUserId });

/**
 * read (a line's figures and its statement, as its payee sees them on /creator): the payee alone. What a creator
 * or collaborator earns is personal (decision 0055): not the pack's creator for a collaborator's line, not an
 * admin through these answers (admins read every line on /monthlypayout, an admin-only endpoint).
 */
export type PayoutLineAction = 'read';

export function canOnPayoutLine(viewer: PolicyViewer, _action: PayoutLineAction, line: PayoutLineFacts): boolean {
  return viewer !== null && line.payeeUserId === viewer.userId;
}
