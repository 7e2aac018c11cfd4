/**
 * A creator's own public profile as they edit it (/creator, "Your public profile"): the name, bio, location and
 * links their page shows, an avatar (the square image sizes) and a banner (both banner sizes), each an image
 * uploaded first through `uploadStudioImage` and then named here by its id (docs/decisions/0044's upload, used by creators).
 */
import { z } from 'zod';
import { bannerSetSchema, imageSetSchema } from './catalogue.ts';
import { isoInstant } from './dates.ts';
import { webLinkSchema } from './web-link.ts';

export const CREATOR_PROFILE_LIMITS = {
  nameMin: 2,
  nameMax: 60,
  bioMax: 2000,
  locationMax: 80,
  linksMax: 5,
} as const;

const L = CREATOR_PROFILE_LIMITS;

/** The whole profile as the editor saves it; the server answers 409 when it changed since `expected_updated_at`. */
export const updateCreatorProfileSchema = z.strictObject({
  name: z.string().trim().min(L.nameMin, `A name is at least ${L.nameMin} characters`).max(L.nameMax, `A name is at most ${L.nameMax} characters`),
  bio: z.string().trim().max(L.bioMax, `The bio is at most ${L.bioMax} characters`),
  location: z.string().trim().max(L.locationMax, `A location is at most ${L.locationMax} characters`),
  links: z
    .array(webLinkSchema)
    .max(L.linksMax, `At most ${L.linksMax} links`)
    .refine((links) => new Set(links).size === links.length, 'Each link once'),
  avatar_file_id: z.uuid('Upload the avatar again').nullable(),
  banner_file_id: z.uuid('Upload the banner again').nullable(),
  expected_updated_at: isoInstant().optional(),
});
export type UpdateCreatorProfileInput = z.input<typeof updateCreatorProfileSchema>;

export const creatorProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  bio: z.string(),
  location: z.string(),
  links: z.array(z.string()),
  avatar_file_id: z.string().nullable(),
  avatar: imageSetSchema.nullable(),
  banner_file_id: z.string().nullable(),
  banner: bannerSetSchema.nullable(),
  updated_at: z.string(),
});
export type CreatorProfile = z.infer<typeof creatorProfileSchema>;
