import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A creator application: who sent it. */
export interface CreatorApplicationFacts {
  userId: string;
}
export type CreatorApplicationResource = CreatorApplicationFacts & { type: 'creatorApplication' };
export const asCreatorApplication = (row: CreatorApplicationFacts): CreatorApplicationResource => ({ type: 'creatorApplication', userId: row.userId });

/**
 * read: the applicant and admins (its demos play for them only); to anyone else it does not exist.
 * review: an admin, never on their own application.
 */
export type CreatorApplicationAction = 'read' | 'review';

export function canOnCreatorApplication(viewer: PolicyViewer, action: CreatorApplicationAction, application: CreatorApplicationFacts): boolean {
  if (viewer === null) return false;
  const own = application.userId === viewer.userId;
  switch (action) {
    case 'read':
      return own || isAdmin(viewer);
    case 'review':
      return !own && isAdmin(viewer);
  }
}
