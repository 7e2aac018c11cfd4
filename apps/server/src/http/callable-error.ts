import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorCode } from '@crate/contract/api-error';
import type { CallableErrorBody, CallableIssue } from '@crate/contract/callable';
import { CALLABLE_STATUS_HTTP, type CallableStatus } from '@crate/contract/callable-protocol';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** An error a callable function reports to its caller: a google.rpc status, a message and optional details. */
export class CallableError extends Error {
  readonly status: CallableStatus;
  readonly details: unknown;

  constructor(status: CallableStatus, message: string, details?: unknown) {
    super(message);
    this.name = 'CallableError';
    this.status = status;
    this.details = details;
  }

  get httpStatus(): number {
    return CALLABLE_STATUS_HTTP[this.status];
  }

  toBody(): CallableErrorBody {
    return { error: { status: this.status, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

/** The REST error codes, for shared hooks (CSRF, auth) that throw AppError on a callable route. */
const STATUS_OF_API_CODE: Record<ApiErrorCode, CallableStatus> = {
  VALIDATION_FAILED: 'INVALID_ARGUMENT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'UNAUTHENTICATED',
  FORBIDDEN: 'PERMISSION_DENIED',
  CSRF_REJECTED: 'PERMISSION_DENIED',
  ACCOUNT_DISABLED: 'PERMISSION_DENIED',
  EMAIL_NOT_VERIFIED: 'PERMISSION_DENIED',
  ACCOUNT_LOCKED: 'PERMISSION_DENIED',
  INSUFFICIENT_CREDITS: 'FAILED_PRECONDITION',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'ABORTED',
  TOO_MANY_OPEN_UPLOADS: 'FAILED_PRECONDITION',
  PAYLOAD_TOO_LARGE: 'INVALID_ARGUMENT',
  URI_TOO_LONG: 'INVALID_ARGUMENT',
  UNSUPPORTED_MEDIA_TYPE: 'INVALID_ARGUMENT',
  RANGE_NOT_SATISFIABLE: 'OUT_OF_RANGE',
  RATE_LIMITED: 'RESOURCE_EXHAUSTED',
  INTERNAL: 'INTERNAL',
  UNAVAILABLE: 'UNAVAILABLE',
};

/** Fastify's own client errors, by HTTP status, before our handler runs (bad JSON, wrong content type, body too large, rate limit). */
function statusOfHttp(status: number): CallableStatus {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'PERMISSION_DENIED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RESOURCE_EXHAUSTED';
  return 'INVALID_ARGUMENT';
}

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send {"data": ...}',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
};

/**
 * Whatever was thrown on a callable route, as the protocol's error. Unexpected errors become INTERNAL
 * with a generic message; `unexpected` tells the caller to log the original.
 */
export function toCallableError(error: unknown): { error: CallableError; unexpected: boolean } {
  if (error instanceof CallableError) return { error, unexpected: false };
  if (error instanceof AppError) return { error: new CallableError(STATUS_OF_API_CODE[error.code], error.message), unexpected: false };
  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error)) return { error: new CallableError('INVALID_ARGUMENT', 'The request is malformed'), unexpected: false };
  const httpStatus = fastifyError.statusCode;
  if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
    const message = (fastifyError.code && CLIENT_MESSAGES[fastifyError.code]) ?? (httpStatus === 429 ? 'Too many calls. Wait a minute and try again.' : 'The request is malformed');
    return { error: new CallableError(statusOfHttp(httpStatus), message), unexpected: false };
  }
  return { error: new CallableError('INTERNAL', 'Something went wrong on our side. Try again in a moment.'), unexpected: true };
}

/** zod issues as INVALID_ARGUMENT details: each names the payload field at fault. */
function issuesOf(error: z.ZodError): CallableIssue[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: `Unknown field: ${key}` }));
    }
    return [{ field: base, message: issue.message }];
  });
}

export function invalidPayload(error: z.ZodError): CallableError {
  const issues = issuesOf(error);
  const first = issues[0];
  const summary = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'Invalid data';
  return new CallableError('INVALID_ARGUMENT', `Invalid data: ${summary}`, { issues });
}
