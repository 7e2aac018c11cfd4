import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideAccess, type Access, type PublicAccess } from '@crate/contract/access';
import type { Endpoint, FileEndpoint } from '@crate/contract/api-endpoints';
import { CONCURRENCY_RETRY_AFTER_SECONDS, RATE_LIMITS, type RateLimit, type RateLimitName } from '@crate/contract/rate-limits';
import { AppError } from './app-error.ts';
import type { Viewer } from './viewer.ts';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** Who a handler serves: anyone (maybe nobody) on a public endpoint, a signed-in user on every other. */
type ViewerOf<A extends Access> = A extends PublicAccess ? Viewer | null : Viewer;

interface EndpointInput<E extends Endpoint> {
  body: Infer<E['body']>;
  /** Endpoints with `rawBody`: the request body as a stream, null when none was sent. */
  upload: Readable | null;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  /** The signed-in user; null only on a public endpoint when nobody is signed in (onRequest refused the rest). */
  viewer: ViewerOf<E['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A JSON endpoint's handler returns its answer; a file endpoint's sends its own (a stream, a redirect, tus's answer) and returns the reply. */
export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<E extends FileEndpoint ? FastifyReply : z.input<E['response']>>;

/**
 * The endpoint's declared budget (contract rate-limits.ts) as one check: per client address always, per
 * user when signed in, each counted in the app's rate-limit store (the database when it is PostgreSQL,
 * so every API process shares it). A spent budget answers 429 RATE_LIMITED with Retry-After.
 */
function budgetCheckOf(app: FastifyInstance, endpoint: Endpoint): ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | null {
  return endpoint.rateLimit ? budgetCheck(app, `${endpoint.method} ${endpoint.path}`, endpoint.rateLimit) : null;
}

/** A declared budget as one check, counted under `id`. */
function budgetCheck(app: FastifyInstance, id: string, name: RateLimitName): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limit: RateLimit = RATE_LIMITS[name];
  const perAddress = app.createRateLimit({ max: limit.perAddress.max, timeWindow: limit.perAddress.windowSeconds * 1000, keyGenerator: (request) => `${id}|address|${request.ip}` });
  const perUser = limit.perUser
    ? app.createRateLimit({ max: limit.perUser.max, timeWindow: limit.perUser.windowSeconds * 1000, keyGenerator: async (request) => `${id}|user|${(await request.viewer())?.userId}` })
    : null;
  return async (request, reply) => {
    const counts = [await perAddress(request)];
    if (perUser && (await request.viewer())) counts.push(await perUser(request));
    const spent = counts.find((count) => !count.isAllowed && count.isExceeded);
    if (spent && !spent.isAllowed) {
      reply.header('Retry-After', String(spent.ttlInSeconds));
      throw new AppError('RATE_LIMITED', `Too many requests. Try again in ${spent.ttlInSeconds} s.`);
    }
  };
}

/**
 * The budget's cap on one user's requests under way at once (`concurrentPerUser`), as one check: takes a
 * slot shared by every endpoint of the budget, or answers 429 RATE_LIMITED with Retry-After; the slot is
 * given back once the answer has been sent, or the connection closed, whatever the answer was.
 */
function concurrencyCheck(app: FastifyInstance, name: RateLimitName): ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | null {
  const max = (RATE_LIMITS[name] as RateLimit).concurrentPerUser;
  if (max === undefined) return null;
  return async (request, reply) => {
    const viewer = await request.viewer();
    if (!viewer) return;
    const key = `${name}|under-way|${viewer.userId}`;
    if (!(await app.concurrencySlots.take(key, max))) {
      reply.header('Retry-After', String(CONCURRENCY_RETRY_AFTER_SECONDS));
      throw new AppError('RATE_LIMITED', `You have ${max} of these under way. Try again in ${CONCURRENCY_RETRY_AFTER_SECONDS} s, once one has finished.`);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      app.concurrencySlots.release(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'could not give back a concurrency slot'));
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  };
}

/** How one endpoint's answers may be shared. */
export interface EndpointOptions {
  /**
   * The answer is the same for every caller (a catalogue list, Discover): the handler is not told who asks (its
   * viewer is null, so it cannot make the answer personal), and the public response cache keeps and serves it to
   * signed-in viewers as well as visitors (decision 0077). Access is still decided on the real caller.
   */
  sameForEveryone?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerEndpoint for an endpoint whose answer is the same for every caller. */
    sameForEveryone?: boolean;
  }
}

/** The answer to an unconfirmed account asking for what needs a confirmed e-mail (docs/decisions/0069). */
const EMAIL_NOT_VERIFIED_MESSAGE = 'Confirm your e-mail address first: open the link we e-mailed you, or send a new link.';

/**
 * Registers one contract endpoint. Access is decided in onRequest — before the body is even parsed —
 * so an anonymous caller gets 401, a caller without the claim 403 and, where the endpoint needs a confirmed e-mail
 * (`verifiedEmail`), an unconfirmed account 403 EMAIL_NOT_VERIFIED, whatever they sent; then the
 * endpoint's declared rate limit and, for a budget that caps them, one of the user's slots for requests under way.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: EndpointOptions = {}): void {
  if (endpoint.rawBody || endpoint.reply?.kind === 'tus') {
    // An upload, or any tus request (tus reads its own): whatever its declared type, the body reaches the handler
    // as the unparsed request stream (request.body is that stream, or undefined when nothing was sent). The
    // parser lives in its own scope.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      route(scope, endpoint, handler, options);
    });
    return;
  }
  route(app, endpoint, handler, options);
}

function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: EndpointOptions): void {
  const sameForEveryone = options.sameForEveryone === true;
  if (sameForEveryone && (endpoint.access.kind !== 'public' || endpoint.method !== 'GET')) throw new Error(`${endpoint.path}: only a public GET can be the same for everyone`);
  const checkBudget = app.rateLimitsEnforced ? budgetCheckOf(app, endpoint) : null;
  const takeSlot = app.rateLimitsEnforced && endpoint.rateLimit ? concurrencyCheck(app, endpoint.rateLimit) : null;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    // OpenAPI leaves HEAD routes out unless asked: a GET's HEAD twin stays out, an endpoint that is a HEAD (tus) is in.
    config: { ...(endpoint.method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : {}), ...(sameForEveryone ? { sameForEveryone } : {}) },
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responsesOf(endpoint),
    },
    onRequest: async (request, reply) => {
      const viewer = await request.viewer();
      const decision = decideAccess(endpoint.access, viewer);
      if (decision === 'signInRequired') throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      if (decision === 'forbidden') throw new AppError('FORBIDDEN', 'Your account does not have access to this');
      if (endpoint.verifiedEmail && viewer && !viewer.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
      // Only callers it admits spend the endpoint's budget, then take one of its slots for work under way.
      await checkBudget?.(request, reply);
      await takeSlot?.(request, reply);
    },
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      // onRequest already refused this; checked again so the handler's non-null viewer is a fact, not a cast.
      if (!viewer && endpoint.access.kind !== 'public') throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      const result: unknown = await handler({
        body: request.body as never,
        upload: endpoint.rawBody && request.body instanceof Readable ? request.body : null,
        params: request.params as never,
        query: request.query as never,
        viewer: (sameForEveryone ? null : viewer) as ViewerOf<E['access']>,
        request,
        reply,
      });
      // A file endpoint has sent its own status and bytes.
      if (!endpoint.reply) reply.status(endpoint.status ?? 200);
      return result;
    },
  });
}

/** A file's bytes, for OpenAPI (never parsed: a file endpoint's handler sends them itself). */
const BINARY = z.string().meta({ format: 'binary' });
/** An answer that is all status and headers, as OpenAPI shows one. */
const headersOnly = (description: string) => z.null().describe(description);

/**
 * What OpenAPI says an endpoint answers: its JSON schema; a file's bytes in each of its types (and a 302 to a
 * signed URL where it may redirect); for tus, the protocol's answers, headers only but for a finished upload.
 */
function responsesOf(endpoint: Endpoint): Record<number, unknown> {
  if (!endpoint.reply) return { [endpoint.status ?? 200]: endpoint.response };
  const { reply } = endpoint;
  if (reply.kind === 'tus') {
    return {
      200: headersOnly('tus: the upload as it stands (Upload-Offset, Upload-Length), or the ingested file (JSON) once its last bytes arrived'),
      201: headersOnly('tus: the upload is created; Location is its address'),
      204: headersOnly('tus: the bytes are taken (Upload-Offset), or the upload is cancelled'),
    };
  }
  const bytes = (description: string) => ({ description, content: Object.fromEntries(reply.contentTypes.map((type) => [type, { schema: BINARY }])) });
  return {
    200: bytes('The file'),
    206: bytes('The range asked for'),
    ...(reply.redirects ? { 302: headersOnly('The file at a short-lived signed URL of the store (Location)') } : {}),
  };
}
