/**
 * The Firebase callable protocol (docs/product-overview.md §7, §8) served at POST /api/fn/{name}, so the official
 * `firebase/functions` client (httpsCallableFromURL) works against it.
 * Request: {data}. Success: 200 {result}. Error: {error:{status,message,details?}} with google.rpc names.
 *
 * Its route and statuses, without schemas: the web app's shell imports this module, and nothing in it may pull
 * zod into Discover's first load (the envelope and the functions' payloads are in callable.ts).
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
export const CALLABLE_STATUSES = (Object.keys(CALLABLE_STATUS_HTTP) as (keyof typeof CALLABLE_STATUS_HTTP)[]).filter(
  (s): s is CallableStatus => s !== 'OK',
);

/** Fastify-style route of every callable function. */
export const CALLABLE_ROUTE = '/api/fn/:name';
export const callablePath = (name: string): string => `/api/fn/${encodeURIComponent(name)}`;
