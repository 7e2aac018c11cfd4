import type { Viewer } from '../http/viewer.ts';

/** What a rule knows about who is asking: nobody (null), or a user with roles and creator memberships. */
export type PolicyViewer = Pick<Viewer, 'userId' | 'roles' | 'creatorId' | 'collaboratorOf'> | null;

/** Admins may do anything to catalogue objects and creator profiles (never to another user's library). */
export const isAdmin = (viewer: PolicyViewer): boolean => viewer?.roles.includes('admin') ?? false;

/** The viewer owns this creator profile. */
export const ownsCreator = (viewer: PolicyViewer, creatorId: string): boolean => viewer !== null && viewer.creatorId === creatorId;

/** The viewer owns or collaborates on this creator profile: they see its unpublished catalogue. */
export const belongsToCreator = (viewer: PolicyViewer, creatorId: string): boolean =>
  ownsCreator(viewer, creatorId) || (viewer?.collaboratorOf.includes(creatorId) ?? false);

/** Every creator profile the viewer owns or collaborates on, for the SQL twins of the rules. */
export const creatorMemberships = (viewer: PolicyViewer): string[] =>
  viewer ? [...(viewer.creatorId ? [viewer.creatorId] : []), ...viewer.collaboratorOf] : [];
