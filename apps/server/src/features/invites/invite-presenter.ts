import type { InviteInfo } from '@crate/contract/auth';
import type { Invite } from '@crate/contract/users';
import type { OpenInvite } from './invite-repository.ts';

export function presentInvite(row: { id: string; email: string; expiresAt: Date }): Invite {
  return { id: row.id, email: row.email, expires_at: row.expiresAt.toISOString() };
}

/** What the accept-invite page shows before the invitee signs in or registers. */
export function presentInviteInfo(row: OpenInvite): InviteInfo {
  return { creator_name: row.creatorName, email: row.email, expires_at: row.expiresAt.toISOString() };
}
