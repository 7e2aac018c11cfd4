import { z } from 'zod';

/** Error codes every JSON API error carries. HTTP status is fixed per code. */
export const API_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  ACCOUNT_DISABLED: 403,
  /** A signed-in user whose e-mail is not confirmed yet asked for something that needs it (docs/decisions/0069). */
  EMAIL_NOT_VERIFIED: 403,
  INSUFFICIENT_CREDITS: 402,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A creator has as many uploads open as they may (studio-limits.ts): one must finish or be cancelled first. */
  TOO_MANY_OPEN_UPLOADS: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  ACCOUNT_LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    /**
     * The request's id (also in the X-Request-Id header and on every log line of the request): what a person
     * quotes to support so the log can be found. Optional, so bodies without it (older servers) still parse.
     */
    requestId: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
