import type { PolicyViewer } from './policy-viewer.ts';

/** A collaboration: a user linked to a creator profile, and the user who owns that profile. */
export interface CollaboratorFacts {
  creatorUserId: string;
  userId: string;
}
export type CollaboratorResource = CollaboratorFacts & { type: 'collaborator' };
export const asCollaborator = (row: CollaboratorFacts): CollaboratorResource => ({ type: 'collaborator', creatorUserId: row.creatorUserId, userId: row.userId });

/**
 * read: the profile's owner (their team list) and the collaborator themselves.
 * remove: the profile's owner only — an admin has no say in whom a creator works with.
 */
export type CollaboratorAction = 'read' | 'remove';

export function canOnCollaborator(viewer: PolicyViewer, action: CollaboratorAction, collaboration: CollaboratorFacts): boolean {
  if (viewer === null) return false;
  const owner = collaboration.creatorUserId === viewer.userId;
  switch (action) {
    case 'read':
      return owner || collaboration.userId === viewer.userId;
    case 'remove':
      return owner;
  }
}
