import { z } from 'zod';
import { FILE_PROBLEM_KINDS, ITEM_KINDS, ITEM_TYPES, LICENCE_TYPES, OUTCOME_STATUSES, PACK_FILE_KINDS, PROCESSING_RUN_STATUSES } from './catalogue-enums.ts';
import { creatorRefSchema } from './catalogue.ts';

/**
 * An admin's review of a pack awaiting approval, and the processing that follows approval
 * (docs/decisions/0026-pack-processing-pipeline.md). Status moves are pack-status.ts's rule.
 */
export const PACK_REVIEW_DECISIONS = ['approve', 'send_back', 'reject'] as const;
export type PackReviewDecision = (typeof PACK_REVIEW_DECISIONS)[number];

export const PACK_REVIEW_DECISION_LABELS: Record<PackReviewDecision, string> = {
  approve: 'Approved',
  send_back: 'Sent back for changes',
  reject: 'Rejected',
};

export const PACK_REVIEW_LIMITS = { minNotes: 5, maxNotes: 2000 } as const;

/** Approving needs nothing more; sending back needs notes for the creator, rejecting a reason (both e-mailed to them). */
export const reviewPackSchema = z
  .strictObject({
    decision: z.enum(PACK_REVIEW_DECISIONS, 'Choose approve, send_back or reject'),
    notes: z.string().trim().max(PACK_REVIEW_LIMITS.maxNotes, `The notes are at most ${PACK_REVIEW_LIMITS.maxNotes} characters`).optional(),
  })
  .refine((r) => r.decision === 'approve' || (r.notes ?? '').length >= PACK_REVIEW_LIMITS.minNotes, {
    message: `Tell the creator why (at least ${PACK_REVIEW_LIMITS.minNotes} characters)`,
    path: ['notes'],
  });
export type ReviewPack = z.infer<typeof reviewPackSchema>;

/** A row of the admins' list of packs waiting for approval. */
export const waitingPackSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  creator: creatorRefSchema,
  item_count: z.number().int(),
  file_count: z.number().int(),
  /** When the creator sent it for approval (its last submission). */
  submitted_at: z.string(),
});
export type WaitingPack = z.infer<typeof waitingPackSchema>;

/** One recorded review decision; the notes are what the creator reads. */
export const packReviewRecordSchema = z.object({
  decision: z.enum(PACK_REVIEW_DECISIONS),
  notes: z.string().nullable(),
  reviewed_at: z.string(),
});
export type PackReviewRecord = z.infer<typeof packReviewRecordSchema>;

export const reviewFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PACK_FILE_KINDS).nullable(),
  content_type: z.string(),
  size: z.number().int(),
  item_id: z.string().nullable(),
  problem: z.enum(FILE_PROBLEM_KINDS).nullable(),
  /** Where an admin plays it inline (audio kinds only): its MP3 preview once made, else the original. */
  play_url: z.string().nullable(),
});
export type ReviewFile = z.infer<typeof reviewFileSchema>;

export const reviewItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(ITEM_TYPES),
  kind: z.enum(ITEM_KINDS).nullable(),
  key: z.string().nullable(),
  bpm: z.number().nullable(),
  /** The item's own sound (its audio, or a preset's preview), playable inline; null when it has none. */
  play_url: z.string().nullable(),
  file_names: z.array(z.string()),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** The latest processing run of a pack: what a progress bar and the creator's problem list read. */
export const processingRunSchema = z.object({
  id: z.string(),
  status: z.enum(PROCESSING_RUN_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  total_files: z.number().int(),
  done_files: z.number().int(),
  failed_files: z.number().int(),
  /** done / total, 0…1 (1 when the pack has no files). */
  progress: z.number(),
  /** Why the run ended without a result of its own (a worker stopped, attempts ran out). */
  note: z.string().nullable(),
});
export type ProcessingRun = z.infer<typeof processingRunSchema>;

export const fileOutcomeSchema = z.object({
  file_id: z.string().nullable(),
  name: z.string(),
  kind: z.enum(PACK_FILE_KINDS).nullable(),
  status: z.enum(OUTCOME_STATUSES),
  problem: z.enum(FILE_PROBLEM_KINDS).nullable(),
  message: z.string(),
});
export type FileOutcome = z.infer<typeof fileOutcomeSchema>;

/** GET /api/studio/packs/:id/processing — for the creator, their collaborators and admins. */
export const packProcessingSchema = z.object({
  pack_id: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  run: processingRunSchema.nullable(),
  /** The latest run's files that did not succeed (failed or left unfinished), each with its problem and why. */
  problems: z.array(fileOutcomeSchema),
  /** The latest review decision, with the notes the creator should read. */
  last_review: packReviewRecordSchema.nullable(),
});
export type PackProcessing = z.infer<typeof packProcessingSchema>;

/** Everything an admin needs to decide on a pack. */
export const packForReviewSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  licence_type: z.enum(LICENCE_TYPES),
  genres: z.array(z.string()),
  tags: z.array(z.string()),
  creator: creatorRefSchema.extend({ email: z.string() }),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  items: z.array(reviewItemSchema),
  files: z.array(reviewFileSchema),
  reviews: z.array(packReviewRecordSchema),
  processing: packProcessingSchema,
  /** What the viewer may do to it now, from the server's policies and the pack's lifecycle: decide on it (it awaits approval), run its processing again (file errors or published). */
  abilities: z.object({ decide: z.boolean(), reprocess: z.boolean() }),
});
export type PackForReview = z.infer<typeof packForReviewSchema>;
