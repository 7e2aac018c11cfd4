import { z } from 'zod';
import { STUDIO_LIMITS } from './studio-limits.ts';

/**
 * Images admins upload for the shop's own pages (docs/decisions/0044): a banner, or a cover (staff playlists,
 * bundles). The original is kept; the media pipeline derives the purpose's sizes from the crop chosen in the
 * browser (or, with none, from the most interesting region), so every derivative URL is immutable.
 */
export const IMAGE_PURPOSES = ['banner', 'cover'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** The smallest image (and crop) each purpose takes: its largest derivative, never upscaled. */
export const IMAGE_PURPOSE_MIN: Record<ImagePurpose, { width: number; height: number }> = {
  banner: { width: 1632, height: 600 },
  cover: { width: STUDIO_LIMITS.coverMinPixels, height: STUDIO_LIMITS.coverMinPixels },
};

/** How much a crop's width / height may differ from its purpose's (rounding to whole pixels). */
export const CROP_ASPECT_TOLERANCE = 0.01;

export const ADMIN_IMAGE_LIMITS = {
  /** The largest file an admin uploads as an image. */
  maxBytes: 25 * 1024 * 1024,
} as const;

const pixel = (name: string) => z.coerce.number(`${name} is a number of pixels`).int(`${name} is a whole number of pixels`).min(0, `${name} is at least 0`).max(100_000, `${name} is at most 100000`);

/**
 * The upload's query: what it is for, its name, and the crop (all four or none) in the pixels of the image as
 * seen upright (its EXIF orientation applied).
 */
export const uploadAdminImageQuerySchema = z
  .strictObject({
    purpose: z.enum(IMAGE_PURPOSES, 'The purpose is banner or cover'),
    name: z.string().trim().min(1, 'Name the file').max(255, 'A file name is at most 255 characters'),
    crop_x: pixel('crop_x').optional(),
    crop_y: pixel('crop_y').optional(),
    crop_width: pixel('crop_width').min(1, 'crop_width is at least 1').optional(),
    crop_height: pixel('crop_height').min(1, 'crop_height is at least 1').optional(),
  })
  .superRefine((query, ctx) => {
    const given = [query.crop_x, query.crop_y, query.crop_width, query.crop_height].filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 4) ctx.addIssue({ code: 'custom', message: 'A crop is crop_x, crop_y, crop_width and crop_height together', path: ['crop_x'] });
  });
export type UploadAdminImageQuery = z.input<typeof uploadAdminImageQuerySchema>;

export const cropSchema = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int(), height: z.number().int() });
export type Crop = z.infer<typeof cropSchema>;

export const adminImageSchema = z.object({
  id: z.string(),
  purpose: z.enum(IMAGE_PURPOSES),
  /** The original as seen upright. */
  width: z.number().int(),
  height: z.number().int(),
  crop: cropSchema.nullable(),
  /** Each derived size ("1632x600", "250x250", …) → its URL. */
  images: z.record(z.string(), z.string()),
});
export type AdminImage = z.infer<typeof adminImageSchema>;
