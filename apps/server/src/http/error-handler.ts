import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@crate/contract/api-error';
import { REQUEST_ID_HEADER } from '@crate/contract/request-id';
import { AppError } from './app-error.ts';

/** The one error shape: a code, a readable message, the field at fault if any, and the request's id for support. */
export function apiErrorBody(request: FastifyRequest, code: string, message: string, field?: string): ApiErrorBody {
  return { error: { code, message, ...(field ? { field } : {}), requestId: request.id } };
}

/** Turns a zod issue path (`/email`) or unknown-key issue into the field a form can highlight. */
function fieldOf(issue: { instancePath: string; params?: Record<string, unknown> }): string | undefined {
  const keys = issue.params?.['keys'];
  if (Array.isArray(keys) && typeof keys[0] === 'string') return keys[0];
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || undefined;
}

/**
 * Every error leaves as {error:{code,message,field?,requestId}}: validation → 400 naming the field, AppError → its
 * status, fastify's own client errors (body too large, bad JSON, wrong content type) → their status,
 * anything else → 500 with a generic message (the stack stays in the log).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = (code: string, message: string, field?: string) => apiErrorBody(request, code, message, field);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = fieldOf(issue as never);
      const keys = (issue.params as Record<string, unknown> | undefined)?.['keys'];
      const message = Array.isArray(keys) ? `Unknown field: ${keys.join(', ')}` : issue.message ?? 'Invalid input';
      const where = error.validationContext === 'body' || !error.validationContext ? '' : `${error.validationContext}: `;
      return reply.status(400).send(body('VALIDATION_FAILED', field && !Array.isArray(keys) ? `${where}${field}: ${message}` : `${where}${message}`, field));
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.field));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The request body is too large'));
    if (status === 415) return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json'));
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', 'Too many requests. Wait a minute and try again.'));
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is not valid JSON' : error.message;
      return reply.status(status).send(body('VALIDATION_FAILED', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Try again in a moment.'));
  });
}

/**
 * Errors Fastify answers before routing (a URL that does not decode, a path parameter over the
 * router's limit) in the same shape as every other error. Registered as Fastify's `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = (code: string, message: string) => apiErrorBody(request, code, message);
  reply.header('Cache-Control', 'private, no-store').header(REQUEST_ID_HEADER, request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(body('VALIDATION_FAILED', 'The address is not a valid URL'));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(body('URI_TOO_LONG', 'The address is too long'));
  } else {
    request.log.error({ err: error }, 'framework error');
    void reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Try again in a moment.'));
  }
}
