import type { PolicyViewer } from './policy-viewer.ts';

/** An invite to collaborate: the user who owns the creator profile it is from. */
export interface InviteFacts {
  creatorUserId: string;
}
export type InviteResource = InviteFacts & { type: 'invite' };
export const asInvite = (row: InviteFacts): InviteResource => ({ type: 'invite', creatorUserId: row.creatorUserId });

/**
 * read (in the team list), withdraw: the owner of the inviting profile, nobody else — not its collaborators,
 * not admins (an invite is the owner’s word to one person).
 * accept: whoever holds the link and signs in, with any account but the inviting profile's owner's.
 */
export type InviteAction = 'read' | 'withdraw' | 'accept';

export function canOnInvite(viewer: PolicyViewer, action: InviteAction, invite: InviteFacts): boolean {
  if (viewer === null) return false;
  const own = invite.creatorUserId === viewer.userId;
  switch (action) {
    case 'read':
    case 'withdraw':
      return own;
    case 'accept':
      return !own;
  }
}
