import { z } from 'zod';
import { BANNER_POSITIONS, BANNER_SIZES } from './catalogue-enums.ts';
import { isoInstant } from './dates.ts';

/**
 * Banners as admins edit them (docs/decisions/0044). A link is a same-origin path (`/packs/lo-fi`) or an https
 * URL; the server keeps only links to this site (an https URL of its own origin is stored as its path).
 */
export const BANNER_LIMITS = { titleMax: 80, subtitleMax: 160, linkMax: 2000, maxBanners: 100 } as const;

/** The shape a link may have; which origin an https URL names is the server's check (it knows its own). */
export function bannerLinkProblem(link: string): string | null {
  if (/[\s\\]/u.test(link) || /\p{Cc}/u.test(link)) return 'A link has no spaces, backslashes or control characters';
  if (link.startsWith('/')) return link.startsWith('//') ? 'A link starting with // leaves Crate: write a path such as /packs/lo-fi' : null;
  if (/^https:\/\/[^/?#]+/iu.test(link)) return null;
  return 'A link is a path on Crate (/packs/lo-fi) or an https:// address';
}

const linkSchema = z
  .string()
  .trim()
  .max(BANNER_LIMITS.linkMax, `A link is at most ${BANNER_LIMITS.linkMax} characters`)
  .superRefine((link, ctx) => {
    const problem = bannerLinkProblem(link);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const bannerInputSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Give the banner a title').max(BANNER_LIMITS.titleMax, `A title is at most ${BANNER_LIMITS.titleMax} characters`),
    subtitle: z.string().trim().max(BANNER_LIMITS.subtitleMax, `A subtitle is at most ${BANNER_LIMITS.subtitleMax} characters`).default(''),
    image_file_id: z.uuid('Upload the banner image'),
    position: z.enum(BANNER_POSITIONS, 'The corner is Top-Right, Top-Left, Bottom-Right or Bottom-Left'),
    link_url: linkSchema.nullable().default(null),
    active: z.boolean().default(true),
    starts_at: isoInstant('The start is an ISO date-time').nullable().default(null),
    ends_at: isoInstant('The end is an ISO date-time').nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if (input.starts_at && input.ends_at && Date.parse(input.ends_at) <= Date.parse(input.starts_at)) {
      ctx.addIssue({ code: 'custom', message: 'The banner must end after it starts', path: ['ends_at'] });
    }
  });
export type BannerInput = z.input<typeof bannerInputSchema>;

/** A change is the whole banner again, with the `updated_at` it was read at: a banner changed elsewhere since is a 409. */
export const updateBannerSchema = z.intersection(bannerInputSchema, z.strictObject({ expected_updated_at: isoInstant() }));
export type UpdateBanner = z.input<typeof updateBannerSchema>;

export const adminBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image_file_id: z.string().nullable(),
  /** Each banner size → its URL (empty without an image). */
  images: z.partialRecord(z.enum(BANNER_SIZES), z.string()),
  position: z.enum(BANNER_POSITIONS),
  link_url: z.string().nullable(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  sort_order: z.number().int(),
  /** Shown on Discover now: active and within its time window. */
  live: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** Every banner in Discover's order, with the version of that order a reorder must name. */
export const bannerListSchema = z.object({ banners: z.array(adminBannerSchema), order_version: z.string() });
export type BannerList = z.infer<typeof bannerListSchema>;

export const reorderBannersSchema = z.strictObject({
  ids: z
    .array(z.uuid('Not a banner id'))
    .max(BANNER_LIMITS.maxBanners, `At most ${BANNER_LIMITS.maxBanners} banners`)
    .refine((ids) => new Set(ids).size === ids.length, 'A banner appears once in the order'),
  order_version: z.string().min(1).max(128),
});
export type ReorderBanners = z.input<typeof reorderBannersSchema>;
