import { z } from 'zod';
import { CREATOR_APPLICATION_STATUSES, type CreatorApplicationStatus } from './creator-enums.ts';
import { AUDIO_MAX_SECONDS } from './studio-limits.ts';
import { genreSlugSchema } from './taxonomy-schemas.ts';
import { webLinkSchema } from './web-link.ts';

export const CREATOR_APPLICATION_STATUS_LABELS: Record<CreatorApplicationStatus, string> = {
  submitted: 'Submitted — waiting for review',
  needs_changes: 'Changes requested',
  approved: 'Approved',
  declined: 'Declined',
};

/** Limits of an application: see docs/decisions/0024-creator-applications.md. */
export const APPLICATION_LIMITS = {
  maxDemos: 3,
  /** Bytes per demo sound: a few minutes of 24-bit stereo WAV. */
  maxDemoBytes: 60 * 1024 * 1024,
  /** Seconds per demo sound, read from its header before it is decoded (docs/decisions/0031). */
  maxDemoSeconds: AUDIO_MAX_SECONDS.demo,
  maxLinks: 5,
  maxGenres: 5,
  maxBio: 2000,
  maxReason: 2000,
} as const;

/** What the applicant fills in; the same body submits a new application and resubmits one with changes. */
export const creatorApplicationInputSchema = z.strictObject({
  artist_name: z.string().trim().min(2, 'Enter your artist name').max(60, 'The artist name is at most 60 characters'),
  bio: z.string().trim().min(20, 'Tell us a little more about your sounds (at least 20 characters)').max(APPLICATION_LIMITS.maxBio, `The bio is at most ${APPLICATION_LIMITS.maxBio} characters`),
  links: z.array(webLinkSchema).max(APPLICATION_LIMITS.maxLinks, `At most ${APPLICATION_LIMITS.maxLinks} links`).refine((l) => new Set(l).size === l.length, 'Each link once'),
  genres: z.array(genreSlugSchema).min(1, 'Pick at least one genre').max(APPLICATION_LIMITS.maxGenres, `At most ${APPLICATION_LIMITS.maxGenres} genres`).refine((g) => new Set(g).size === g.length, 'Each genre once'),
  demo_file_ids: z
    .array(z.uuid('Not a demo id'))
    .min(1, 'Upload at least one demo sound')
    .max(APPLICATION_LIMITS.maxDemos, `At most ${APPLICATION_LIMITS.maxDemos} demo sounds`)
    .refine((d) => new Set(d).size === d.length, 'Each demo once'),
  accept_content_agreement: z.literal(true, 'Accept the content agreement to apply'),
});
export type CreatorApplicationInput = z.infer<typeof creatorApplicationInputSchema>;

export const applicationDemoSchema = z.object({
  id: z.string(),
  name: z.string(),
  duration_ms: z.number().int().nullable(),
});
export type ApplicationDemo = z.infer<typeof applicationDemoSchema>;

export const creatorApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(CREATOR_APPLICATION_STATUSES),
  artist_name: z.string(),
  bio: z.string(),
  links: z.array(z.string()),
  genres: z.array(z.string()),
  demos: z.array(applicationDemoSchema),
  /** The admin's reason (declined) or the changes asked for (needs_changes). */
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreatorApplication = z.infer<typeof creatorApplicationSchema>;

/** GET /api/creator-application: the signed-in user's latest application, if any. */
export const myCreatorApplicationSchema = z.object({
  application: creatorApplicationSchema.nullable(),
  accepted_content_agreement: z.boolean(),
  is_creator: z.boolean(),
});
export type MyCreatorApplication = z.infer<typeof myCreatorApplicationSchema>;

/** What an admin sees: the application and who sent it. */
export const reviewedApplicationSchema = creatorApplicationSchema.extend({
  applicant: z.object({ id: z.string(), email: z.string(), display_name: z.string() }),
  /** Set once approved: the creator profile made from it. */
  creator_slug: z.string().nullable(),
});
export type ReviewedApplication = z.infer<typeof reviewedApplicationSchema>;

export const waitingApplicationSchema = z.object({
  id: z.string(),
  artist_name: z.string(),
  applicant_email: z.string(),
  genres: z.array(z.string()),
  demo_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WaitingApplication = z.infer<typeof waitingApplicationSchema>;

/** An admin's decision. Asking for changes and declining say why: the applicant reads it. */
export const reviewApplicationSchema = z
  .strictObject({
    decision: z.enum(['approve', 'request_changes', 'decline']),
    reason: z.string().trim().max(APPLICATION_LIMITS.maxReason, `The note is at most ${APPLICATION_LIMITS.maxReason} characters`).optional(),
  })
  .refine((r) => r.decision === 'approve' || (r.reason ?? '').length >= 5, { message: 'Tell the applicant why (at least 5 characters)', path: ['reason'] });
export type ReviewApplication = z.infer<typeof reviewApplicationSchema>;

/** The query of the demo upload: the file's own name (kept as metadata only). */
export const demoUploadQuerySchema = z.strictObject({
  name: z
    .string()
    .min(1, 'Name the file')
    .max(255, 'The file name is at most 255 characters')
    .refine((n) => !/\p{Cc}/u.test(n), 'The file name contains control characters'),
});
