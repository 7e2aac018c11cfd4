import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideAccess } from '@crate/contract/access';
import { CALLABLE_NAMES, callableErrorSchema, callableRequestSchema, callableResponseSchema } from '@crate/contract/callable';
import { CALLABLE_ROUTE } from '@crate/contract/callable-protocol';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../http/viewer.ts';
import { callerOf } from '../../http/callable-caller.ts';
import { CallableError, invalidPayload, toCallableError } from '../../http/callable-error.ts';
import { CallableRegistry, DEFAULT_CALLABLE_TIMEOUT_MS, type CallableFunction } from '../../http/callable-registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The callable functions this app serves; `register` adds one. */
    callables: CallableRegistry;
  }
}

/** What onRequest decided, for the handler of the same request. */
const admitted = new WeakMap<FastifyRequest, { fn: CallableFunction; viewer: Viewer | null }>();

/**
 * Lookup, access and rate limit happen in onRequest, before the body is read (as on the REST routes):
 * an unknown name is NOT_FOUND and a caller without access is refused whatever they sent.
 */
async function admit(ctx: AppContext, registry: CallableRegistry, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { name } = request.params as { name: string };
  const found = registry.resolve(name);
  if (found.kind === 'unknown') throw new CallableError('NOT_FOUND', `There is no function named ${name}`);
  if (found.kind === 'unimplemented') throw new CallableError('UNIMPLEMENTED', `${name} is not available on this server`);
  const { fn, limiter } = found;

  const caller = await callerOf(ctx, request);
  const decision = decideAccess(fn.access, caller.viewer);
  if (decision === 'signInRequired') {
    throw new CallableError('UNAUTHENTICATED', caller.rejectedBearer ? 'The bearer token is not a valid session. Sign in again.' : `Sign in to call ${name}`);
  }
  if (decision === 'forbidden') throw new CallableError('PERMISSION_DENIED', `Your account may not call ${name}`);

  if (limiter) {
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) {
      if (limit.ttlInSeconds !== undefined) reply.header('Retry-After', String(limit.ttlInSeconds));
      throw new CallableError('RESOURCE_EXHAUSTED', `Too many calls to ${name}. Try again in ${limit.ttlInSeconds ?? 60} s.`);
    }
  }
  admitted.set(request, { fn, viewer: caller.viewer });
}

/** The body must be exactly {data}: the Firebase protocol treats anything else as a malformed request. */
function dataOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new CallableError('INVALID_ARGUMENT', 'The request body must be a JSON object with a data field');
  }
  if (!Object.hasOwn(body, 'data')) throw new CallableError('INVALID_ARGUMENT', 'The request body is missing its data field');
  const extra = Object.keys(body).filter((key) => key !== 'data');
  if (extra.length > 0) throw new CallableError('INVALID_ARGUMENT', `Unexpected field in the request body: ${extra.join(', ')}`);
  return (body as { data: unknown }).data;
}

async function run(fn: CallableFunction, input: Omit<Parameters<CallableFunction['handler']>[0], 'signal'>): Promise<unknown> {
  const timeoutMs = fn.timeoutMs ?? DEFAULT_CALLABLE_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Settle the deadline first: a handler that gives up on abort must not win the race.
      reject(new CallableError('DEADLINE_EXCEEDED', `${fn.name} did not finish within ${timeoutMs / 1000} s`));
      controller.abort();
    }, timeoutMs);
  });
  const work = fn.handler({ ...input, signal: controller.signal });
  work.catch(() => {}); // past the deadline its outcome no longer reaches anyone
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** POST /api/fn/{name}: the Firebase callable protocol, with its own error shape (not the REST one). */
export async function registerCallableRoutes(app: FastifyInstance, ctx: AppContext, functions: CallableFunction[]): Promise<void> {
  const registry = new CallableRegistry({
    declared: CALLABLE_NAMES,
    // Each function has its own budget per address: the key names the function, because a shared store
    // (PostgreSQL) keeps every limiter's counts in one table.
    createLimiter: (name, limit) => app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: (request) => `fn:${name}|address|${request.ip}` }),
  });
  registry.register(...functions);
  app.decorate('callables', registry);

  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const { error: callableError, unexpected } = toCallableError(error);
      if (unexpected) request.log.error({ err: error, url: request.url }, 'callable function failed');
      return reply.status(callableError.httpStatus).send(callableError.toBody());
    });

    const listed = functions.map((fn) => `- \`${fn.name}\`${fn.summary ? `: ${fn.summary}` : ''}`).join('\n');
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: CALLABLE_ROUTE,
      // The envelope is checked by hand below for protocol-specific messages; the schema documents it.
      attachValidation: true,
      schema: {
        summary: 'Call a function (Firebase callable protocol)',
        description: [
          'Speaks the Firebase callable protocol, so `httpsCallableFromURL` from the `firebase` package works against it.',
          'Request `{"data": …}`; success `200 {"result": …}`; failure `{"error": {"status", "message", "details"?}}` with a google.rpc status',
          'and its HTTP status (INVALID_ARGUMENT 400, UNAUTHENTICATED 401, PERMISSION_DENIED 403, NOT_FOUND 404, ABORTED 409,',
          'RESOURCE_EXHAUSTED 429, CANCELLED 499, INTERNAL 500, UNIMPLEMENTED 501, UNAVAILABLE 503, DEADLINE_EXCEEDED 504).',
          'The session cookie identifies the caller; each function declares who may call it.',
          '',
          'Functions:',
          listed,
        ].join('\n'),
        tags: ['callable'],
        params: z.object({ name: z.string().describe('The function name, e.g. trackPageView') }),
        body: callableRequestSchema,
        response: { 200: callableResponseSchema, '4xx': callableErrorSchema, '5xx': callableErrorSchema },
      },
      onRequest: (request, reply) => admit(ctx, registry, request, reply),
      handler: async (request, reply) => {
        const entry = admitted.get(request);
        if (!entry) throw new CallableError('INTERNAL', 'The call was not admitted');
        const { fn, viewer } = entry;
        // Fastify also parses text/plain; the protocol speaks JSON only.
        if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
          throw new CallableError('INVALID_ARGUMENT', 'Send the request body as application/json');
        }
        const parsed = fn.payload.safeParse(dataOf(request.body));
        if (!parsed.success) throw invalidPayload(parsed.error);
        const result = (await run(fn, { data: parsed.data, viewer, ctx, request, reply })) ?? null;
        if (fn.result) {
          const checked = fn.result.safeParse(result);
          if (!checked.success) throw new Error(`${fn.name} returned a result outside its contract: ${checked.error.message}`);
        }
        return { result };
      },
    });
  });
}
