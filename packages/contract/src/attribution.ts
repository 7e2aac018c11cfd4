import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';

/**
 * The advertising-attribution pipeline (issue 29, docs/decisions/0057): what the browser may say about an event,
 * and the admins' view of the forwarder.
 */

/** The _fbc cookie value: fb.{1|2}.{ms timestamp}.{fbclid} (docs/product-overview.md §9). */
export const FBC_PATTERN = /^fb\.[12]\.\d{10,16}\.[A-Za-z0-9_\-.]{1,500}$/;
/** The _fbp cookie value, Meta's browser id: fb.{1|2}.{ms timestamp}.{random number}. */
export const FBP_PATTERN = /^fb\.[12]\.\d{10,16}\.\d{1,20}$/;

/**
 * What an event may say about its content, in the Conversions API's words: the ids and kind of what was viewed
 * or bought, and a value in a currency. Anything else is refused (docs/decisions/0058).
 */
export const attributionCustomDataSchema = z.strictObject({
  content_ids: z.array(z.string().min(1).max(100)).min(1).max(50).optional(),
  content_type: z.enum(['product', 'product_group']).optional(),
  value: z.number().min(0).max(1_000_000).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code in capitals')
    .optional(),
});
export type AttributionCustomData = z.infer<typeof attributionCustomDataSchema>;

/** Events per request: the Conversions API takes at most 1,000. */
export const ATTRIBUTION_BATCH_MAX = 1000;

const count = z.number().int().min(0);

/** The Attribution panel of /admin: is forwarding on, what waits, what went, what failed and why. */
export const adminAttributionSchema = z.object({
  forwarding: z.boolean(),
  waiting: count,
  forwarded_last_24h: count,
  failed: count,
  last_error: z.string().nullable(),
  last_failed_at: z.string().nullable(),
});
export type AdminAttribution = z.infer<typeof adminAttributionSchema>;

export const retryFailedAttributionSchema = z.object({ retried: count });

const ADMIN = claims('admin');

export const ATTRIBUTION_API = {
  adminAttribution: { method: 'GET', path: '/api/admin/attribution', access: ADMIN, summary: 'The attribution forwarder: on or off, events waiting, forwarded in the last 24 hours, failed with the last error', tags: ['admin'], response: adminAttributionSchema },
  retryFailedAttribution: {
    method: 'POST',
    path: '/api/admin/attribution/retry-failed',
    access: ADMIN,
    summary: 'Send the events the forwarder gave up on again, from a fresh count of attempts (audited)',
    tags: ['admin'],
    response: retryFailedAttributionSchema,
  },
} as const satisfies Record<string, Endpoint>;
