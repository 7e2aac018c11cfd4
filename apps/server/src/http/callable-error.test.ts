import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { CallableError, invalidPayload, toCallableError } from './callable-error.ts';

describe('toCallableError', () => {
  it('keeps a CallableError as it is', () => {
    const error = new CallableError('ABORTED', 'try again', { retry: true });
    expect(toCallableError(error)).toEqual({ error, unexpected: false });
    expect(error.httpStatus).toBe(409);
    expect(error.toBody()).toEqual({ error: { status: 'ABORTED', message: 'try again', details: { retry: true } } });
  });

  it.each([
    ['UNAUTHENTICATED', 'UNAUTHENTICATED'],
    ['FORBIDDEN', 'PERMISSION_DENIED'],
    ['CSRF_REJECTED', 'PERMISSION_DENIED'],
    ['NOT_FOUND', 'NOT_FOUND'],
    ['CONFLICT', 'ABORTED'],
    ['RATE_LIMITED', 'RESOURCE_EXHAUSTED'],
    ['UNAVAILABLE', 'UNAVAILABLE'],
  ] as const)('maps the REST code %s to %s', (code, status) => {
    expect(toCallableError(new AppError(code, 'm')).error.status).toBe(status);
  });

  it('maps fastify client errors by HTTP status', () => {
    const tooLarge = Object.assign(new Error('x'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(toCallableError(tooLarge).error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'The request body is too large' });
    const limited = Object.assign(new Error('x'), { statusCode: 429 });
    expect(toCallableError(limited).error.status).toBe('RESOURCE_EXHAUSTED');
  });

  it('hides anything unexpected behind INTERNAL', () => {
    const { error, unexpected } = toCallableError(new Error('password=hunter2'));
    expect(unexpected).toBe(true);
    expect(error.toBody()).toEqual({ error: { status: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.' } });
  });
});

describe('invalidPayload', () => {
  it('names every field at fault, nested and unknown ones included', () => {
    const schema = z.strictObject({ a: z.string(), nested: z.strictObject({ b: z.number() }) });
    const result = schema.safeParse({ a: 1, nested: { b: 'x', c: true }, d: 0 });
    const error = invalidPayload(result.error!);
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/^Invalid data: a: /);
    expect((error.details as { issues: { field: string }[] }).issues.map((i) => i.field).sort()).toEqual(['a', 'd', 'nested.b', 'nested.c']);
  });
});
