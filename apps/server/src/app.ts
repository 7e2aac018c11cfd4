import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { AppContext } from './app-context.ts';
import { registerFeatureRoutes } from './app-routes.ts';
import { staticCacheControl } from './http/cache-headers.ts';
import { answerFrameworkError, apiErrorBody, installErrorHandler } from './http/error-handler.ts';
import { installRequestId, requestIdGenerator } from './http/request-id.ts';
import { installRequestMetrics } from './http/request-metrics.ts';
import { installHostileValueCheck } from './http/hostile-values.ts';
import { installPrivateByDefault } from './http/private-by-default.ts';
import { responseSerializer } from './http/response-serializer.ts';
import { memoryConcurrencySlots, postgresConcurrencySlots, postgresRateLimitStore } from './http/rate-limit-store.ts';
import { installSameOriginCheck } from './http/same-origin.ts';
import { installSecurity } from './http/security-headers.ts';
import { installPublicResponseCache } from './http/public-response-cache.ts';
import { installSharedAnswers } from './http/shared-answers.ts';
import { createViewerStateCache } from './read-models/viewer-state.ts';
import { installViewer } from './http/viewer.ts';
import { installSignedInHint } from './http/signed-in-hint.ts';
import { resolveViewer, warmViewerResolution } from './features/auth/resolve-viewer.ts';
import { sessionCacheFor } from './features/auth/session-cache.ts';

/** JSON bodies are small; uploads go through their own streaming routes with their own limits. */
const JSON_BODY_LIMIT = 64 * 1024;
const MAX_PARAM_LENGTH = 512;

/** Builds the HTTP app on a ready context. Used by main.ts and by every API test. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: JSON_BODY_LIMIT,
    // Above every path parameter the contract allows (slugs and tokens ≤ 200), so zod names the field; beyond it, 414.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    // Only a configured proxy may speak for the client address; otherwise anyone could dodge rate limits.
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    // Every request's id (a TRUST_PROXY address may hand us its own), bound to its log lines as `requestId`.
    genReqId: requestIdGenerator(ctx.config.trustProxy),
    // Per-request lines only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace', requestIdLogLabel: 'requestId' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  installErrorHandler(app);
  // First: every later hook, and any answer one of them sends, is inside the request's scope and carries its id.
  installRequestId(app);
  if (ctx.metrics) installRequestMetrics(app, ctx.metrics);
  installSecurity(app);
  installSameOriginCheck(app, { publicUrl: ctx.config.publicUrl });
  installHostileValueCheck(app);
  installPrivateByDefault(app);
  const sessions = await sessionCacheFor(ctx.database);
  installViewer(app, (request) => resolveViewer(ctx, request, sessions));
  // After the viewer's hook, which may forward a session cookie the auth library extended.
  installSignedInHint(app, { secure: ctx.config.publicUrl.startsWith('https://') });
  app.addHook('onReady', () => warmViewerResolution(ctx));
  // Before compression: the cache holds (and serves) the uncompressed body; compression applies per request.
  installPublicResponseCache(app, { ttlMs: ctx.config.publicCacheSeconds * 1000, now: () => ctx.clock.now().getTime() });
  // The same answers' public parts for signed-in viewers, and each viewer's own part to lay over them (decision 0077).
  installSharedAnswers(app, { ttlMs: ctx.config.publicCacheSeconds * 1000, now: () => ctx.clock.now().getTime() });
  app.decorate('viewerStates', createViewerStateCache(ctx.db));

  // JSON answers over 1 KB are compressed; audio and images are already compressed and pass through.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  // Limits hold across API processes on PostgreSQL; PGlite is one embedded process, counted in memory.
  await app.register(fastifyRateLimit, { global: false, ...(ctx.config.database.kind === 'postgres' ? { store: postgresRateLimitStore(ctx.db) } : {}) });
  app.decorate('rateLimitsEnforced', ctx.config.rateLimits);
  app.decorate('concurrencySlots', ctx.config.database.kind === 'postgres' ? postgresConcurrencySlots(ctx.db) : memoryConcurrencySlots());
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Crate API', description: 'Marketplace for music-production sounds', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerFeatureRoutes(app, ctx);
  await serveWebApp(app, ctx.config.webDist);
  return app;
}

/**
 * One not-found answer for the whole server: API paths (and non-GET requests) get the JSON 404; any other
 * path is a screen of the SPA, answered with index.html when the web app is built.
 */
async function serveWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWebApp = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset; the best one the browser accepts is sent as is.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('Cache-Control', staticCacheControl(filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isScreen = hasWebApp && !request.url.startsWith('/api/') && (request.method === 'GET' || request.method === 'HEAD');
    if (!isScreen) {
      return reply.status(404).send(apiErrorBody(request, 'NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`));
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
