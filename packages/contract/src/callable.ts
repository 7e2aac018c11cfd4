import { z } from 'zod';

/**
 * The Firebase callable protocol (SPEC §7, §8) served at POST /api/fn/{name}.
 * Request: {data}. Success: {result}. Error: {error:{status,message,details?}} with google.rpc names.
 */
export const CALLABLE_STATUS_HTTP = {
  OK: 200,
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
} as const;
export type CallableStatus = Exclude<keyof typeof CALLABLE_STATUS_HTTP, 'OK'>;

export const callableRequestSchema = z.object({ data: z.unknown() });

export const CALLABLE_NAMES = ['trackPageView', 'trackViewContent'] as const;
export type CallableName = (typeof CALLABLE_NAMES)[number];

/** The _fbc cookie value: fb.{1|2}.{ms timestamp}.{fbclid} (SPEC §9). */
export const FBC_PATTERN = /^fb\.[12]\.\d{10,16}\.[A-Za-z0-9_\-.]{1,500}$/;

export const trackPayloadSchema = z.strictObject({
  fbc: z.string().regex(FBC_PATTERN, 'fbc must look like fb.1.{timestamp}.{fbclid}'),
  route: z.string().min(1).max(2048).startsWith('/', 'route must be a path starting with /'),
  email: z.email().max(254).optional(),
});
export type TrackPayload = z.infer<typeof trackPayloadSchema>;
export const trackResultSchema = z.object({ recorded: z.literal(true) });
