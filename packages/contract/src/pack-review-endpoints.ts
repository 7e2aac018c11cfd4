import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { packForReviewSchema, packProcessingSchema, reviewPackSchema, waitingPackSchema } from './pack-review.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid pack id') });
const fileParams = z.strictObject({ id: z.uuid('Not a valid pack id'), fileId: z.uuid('Not a valid file id') });

/**
 * Admins' review of packs awaiting approval, the processing pipeline's re-run, and the processing report the
 * creator's people follow (docs/decisions/0026-pack-processing-pipeline.md). Every id goes through the pack policy.
 */
export const PACK_REVIEW_API = {
  listPacksAwaitingReview: {
    method: 'GET',
    path: '/api/admin/packs/awaiting-review',
    access: claims('admin'),
    summary: 'Packs waiting for approval (status 1), oldest submission first',
    tags: ['admin'],
    query: pageQuerySchema,
    response: pageSchema(waitingPackSchema),
  },
  getPackForReview: {
    method: 'GET',
    path: '/api/admin/packs/:id/review',
    access: claims('admin'),
    summary: 'A pack with its items, files, earlier reviews and processing, for an admin to decide on',
    tags: ['admin'],
    params: idParams,
    response: packForReviewSchema,
  },
  playPackFileForReview: {
    method: 'GET',
    path: '/api/admin/packs/:id/files/:fileId/audio',
    access: claims('admin'),
    summary: "A pack's audio file for an admin to audition: its MP3 preview once made, else the original",
    tags: ['admin'],
    params: fileParams,
    reply: { kind: 'file', contentTypes: ['audio/mpeg', 'audio/wav', 'audio/flac', 'audio/aiff', 'audio/ogg', 'application/octet-stream'] },
  },
  reviewPack: {
    method: 'POST',
    path: '/api/admin/packs/:id/review',
    access: claims('admin'),
    summary: 'Approve (queues processing), send back to draft with notes, or reject (archive) with a reason; 409 unless awaiting approval',
    tags: ['admin'],
    params: idParams,
    body: reviewPackSchema,
    response: packForReviewSchema,
    rateLimit: 'create',
  },
  reprocessPack: {
    method: 'POST',
    path: '/api/admin/packs/:id/process',
    access: claims('admin'),
    summary: 'Run the processing pipeline again for a pack with file errors or a published one; 409 otherwise',
    tags: ['admin'],
    params: idParams,
    response: packProcessingSchema,
    status: 201,
    rateLimit: 'create',
  },
  getPackProcessing: {
    method: 'GET',
    path: '/api/studio/packs/:id/processing',
    access: claims('creator', 'collaborator'),
    summary: "The pack's latest processing run (status, progress, problems per file) and its latest review",
    tags: ['studio'],
    params: idParams,
    response: packProcessingSchema,
  },
} as const satisfies Record<string, Endpoint>;
