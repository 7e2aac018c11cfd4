import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A creator application: who sent it. */
export interface CreatorApplicationFacts {
  userId: string;
}
export type CreatorApplicationResource = CreatorApplicationFacts & { type: 'creatorApplication' };
export const asCreatorApplication = (row: CreatorApplicationFacts): CreatorApplicationResource => ({ type: 'creatorApplication', userId: row.userId });

/**
 * read: the applicant and admins (its demos play for them only); to anyone else it does not exist.
 * apply (send a new one, upload its demos): a user for themselves, unless they already sell on Crate.
 * change (answer a request for changes): the applicant alone.
 * review: an admin, never on their own application.
 */
export type CreatorApplicationAction = 'read' | 'apply' | 'change' | 'review';

export function canOnCreatorApplication(viewer: PolicyViewer, action: CreatorApplicationAction, application: CreatorApplicationFacts): boolean {
  if (viewer === null) return false;
  const own = application.userId === viewer.userId;
  switch (action) {
    case 'read':
      return own || isAdmin(viewer);
    case 'apply':
      return own && !viewer.roles.includes('creator');
    case 'change':
      return own;
    case 'review':
      return !own && isAdmin(viewer);
  }
}
