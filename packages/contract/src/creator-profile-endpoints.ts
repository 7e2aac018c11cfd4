import { claims } from './access.ts';
import { adminImageSchema, uploadAdminImageQuerySchema } from './admin-images.ts';
import type { Endpoint } from './api-endpoints.ts';
import { creatorProfileSchema, updateCreatorProfileSchema } from './creator-profile.ts';

const CREATOR = claims('creator');

/** A creator's own public profile and the images they upload for it and for their published packs' covers. */
export const CREATOR_PROFILE_API = {
  getMyCreatorProfile: { method: 'GET', path: '/api/creator/profile', access: CREATOR, summary: 'My public creator profile as I edit it', tags: ['creators'], response: creatorProfileSchema },
  updateMyCreatorProfile: {
    method: 'PUT',
    path: '/api/creator/profile',
    access: CREATOR,
    summary: 'Save my public profile: name, bio, location, links, avatar and banner; 409 if it changed since it was read',
    tags: ['creators'],
    body: updateCreatorProfileSchema,
    response: creatorProfileSchema,
  },
  uploadStudioImage: {
    method: 'POST',
    path: '/api/studio/images',
    access: CREATOR,
    summary: "Upload an image for my banner (purpose banner) or my avatar or a published pack's cover (purpose cover); its sizes are derived from the crop at once",
    tags: ['studio'],
    query: uploadAdminImageQuerySchema,
    rawBody: true,
    response: adminImageSchema,
    status: 201,
    rateLimit: 'upload',
  },
} as const satisfies Record<string, Endpoint>;
