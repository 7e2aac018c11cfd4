import { z } from 'zod';
import { PUBLIC, type Access } from './access.ts';
import { trackPlayPayloadSchema, trackPlayResultSchema } from './analytics.ts';
import { attributionCustomDataSchema, FBC_PATTERN, FBP_PATTERN } from './attribution.ts';
import { CALLABLE_STATUSES, type CallableStatus } from './callable-protocol.ts';

/** The envelope and the functions of the callable protocol (callable-protocol.ts has its route and statuses). */

/** The envelope. `data` must be present (null is fine); any other top-level field makes the request malformed. */
export const callableRequestSchema = z.strictObject({
  data: z.unknown().describe('The function payload; null when the function takes none'),
});
export const callableResponseSchema = z.object({ result: z.unknown().describe('What the function returned') });
export const callableErrorSchema = z.object({
  error: z.object({
    status: z.enum(CALLABLE_STATUSES as [CallableStatus, ...CallableStatus[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type CallableErrorBody = z.infer<typeof callableErrorSchema>;

/** One entry of INVALID_ARGUMENT details: which payload field (dotted path, '' for the whole payload) and why. */
export const callableIssueSchema = z.object({ field: z.string(), message: z.string() });
export type CallableIssue = z.infer<typeof callableIssueSchema>;

/** A callable function as both sides see it: who may call it, what it takes and what it returns. */
export interface CallableDefinition {
  name: string;
  access: Access;
  summary: string;
  payload: z.ZodType;
  result: z.ZodType;
}

/**
 * One browser event (docs/decisions/0057): its id (a UUID the browser makes per event, so a replayed call is stored
 * once and the Conversions API can match it), the visitor's _fbp and/or _fbc cookies — which exist only with their
 * consent, so a call with neither is refused — the route and, for a passthrough link, the event's custom data.
 */
export const trackPayloadSchema = z
  .strictObject({
    event_id: z.uuid('event_id must be a UUID'),
    fbp: z.string().regex(FBP_PATTERN, 'fbp must look like fb.1.{timestamp}.{random number}').optional(),
    fbc: z.string().regex(FBC_PATTERN, 'fbc must look like fb.1.{timestamp}.{fbclid}').optional(),
    route: z.string().min(1).max(2048).startsWith('/', 'route must be a path starting with /'),
    email: z.email().max(254).optional(),
    custom_data: attributionCustomDataSchema.optional(),
  })
  .refine((payload) => payload.fbp !== undefined || payload.fbc !== undefined, { message: 'fbp or fbc is required (events are recorded only with consent)', path: ['fbp'] });
export type TrackPayload = z.infer<typeof trackPayloadSchema>;
export const trackResultSchema = z.object({ recorded: z.literal(true) });

export const CALLABLES = {
  trackPageView: {
    name: 'trackPageView',
    access: PUBLIC,
    summary: 'Record a page view for ad attribution (fired after a route change to a different path when the visitor consented: _fbp or _fbc exists)',
    payload: trackPayloadSchema,
    result: trackResultSchema,
  },
  trackViewContent: {
    name: 'trackViewContent',
    access: PUBLIC,
    summary: 'Record a content view for ad attribution (fired in addition on pack, bundle and product pages)',
    payload: trackPayloadSchema,
    result: trackResultSchema,
  },
  trackPlay: {
    name: 'trackPlay',
    access: PUBLIC,
    summary: 'Record that a preview actually played (sent once per listen when it crosses the play threshold; deduplicated per listener and item)',
    payload: trackPlayPayloadSchema,
    result: trackPlayResultSchema,
  },
} as const satisfies Record<string, CallableDefinition>;

export type CallableName = keyof typeof CALLABLES;
export const CALLABLE_NAMES = Object.keys(CALLABLES) as CallableName[];
