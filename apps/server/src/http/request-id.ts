import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '@crate/contract/request-id';
import { inRequestScope } from '../observability/request-scope.ts';

/** An id a proxy may hand us: short, and only characters that are safe in a log line and a header. */
const ACCEPTED_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** 12 characters from 72 random bits: unique enough to find one request in the logs, short enough to read out to support. */
const newRequestId = (): string => randomBytes(9).toString('base64url');

/**
 * Fastify's `genReqId`: the id a reverse proxy sent in X-Request-Id when the connection comes from a TRUST_PROXY
 * address (the id then spans the proxy's logs and ours); a new one otherwise, so no client can pick the id
 * its request is logged under. `trustProxy` is the same list (addresses and CIDR ranges) Fastify trusts for
 * X-Forwarded-For.
 */
export function requestIdGenerator(trustProxy: readonly string[]): (raw: IncomingMessage) => string {
  const trusted = trustProxy.length > 0 ? proxyAddr.compile([...trustProxy]) : null;
  return (raw) => {
    const sent = raw.headers[REQUEST_ID_HEADER];
    const address = raw.socket.remoteAddress;
    if (trusted && typeof sent === 'string' && ACCEPTED_ID.test(sent) && address && trusted(address, 0)) return sent;
    return newRequestId();
  };
}

/**
 * Every answer says its request id (X-Request-Id), and everything done while answering runs in the request's
 * scope (observability/request-scope.ts): log lines and queued jobs carry the id. The scope is entered again
 * once the body is read, because a body arrives in the socket's async context, not the request's.
 */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    inRequestScope(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => inRequestScope(request.id, done));
}
