import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A creator profile; `id` is null for the profile a user does not have yet. */
export interface CreatorFacts {
  id: string | null;
  userId: string;
}
export type CreatorResource = CreatorFacts & { type: 'creator' };
export const asCreator = (row: CreatorFacts): CreatorResource => ({ type: 'creator', id: row.id, userId: row.userId });

/**
 * open: a user holding the creator role opens their own profile (on first need, e.g. the first invite).
 * invite: collaborators are invited from one's own profile — an admin has none to share, so no override.
 * manage: the owner or an admin. Collaborators have no action here: their access is read-only.
 */
export type CreatorAction = 'open' | 'invite' | 'manage';

export function canOnCreator(viewer: PolicyViewer, action: CreatorAction, creator: CreatorFacts): boolean {
  if (viewer === null) return false;
  const own = creator.userId === viewer.userId;
  switch (action) {
    case 'open':
      return creator.id === null && own && viewer.roles.includes('creator');
    case 'invite':
      return creator.id !== null && own;
    case 'manage':
      return creator.id !== null && (own || isAdmin(viewer));
  }
}
