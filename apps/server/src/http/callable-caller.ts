import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Viewer } from './viewer.ts';
import { resolveViewer } from '../features/auth/resolve-viewer.ts';

/** Characters a signed session token can hold (raw or percent-encoded); anything else is not ours. */
const SESSION_TOKEN = /^[A-Za-z0-9._~+/%=-]{1,512}$/;

export interface Caller {
  viewer: Viewer | null;
  /** An Authorization bearer was sent and it is not a session we know. */
  rejectedBearer: boolean;
}

function bearerOf(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * Who is calling. The session cookie identifies the user, as on every other route. The Firebase client
 * also sends `Authorization: Bearer <token>` when it holds one: we accept our own session token there
 * (the signed value of the session cookie) for clients that cannot send cookies. Firebase's messaging
 * and App Check headers are accepted and ignored.
 */
export async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const viewer = await request.viewer();
  if (viewer) return { viewer, rejectedBearer: false };
  const token = bearerOf(request.headers.authorization);
  if (!token) return { viewer: null, rejectedBearer: false };
  if (!SESSION_TOKEN.test(token)) return { viewer: null, rejectedBearer: true };
  const { authCookies } = await ctx.auth.$context;
  // resolveViewer reads only the request headers: hand it the token as the session cookie it stands for.
  const asCookie = { headers: { cookie: `${authCookies.sessionToken.name}=${token}` } } as unknown as FastifyRequest;
  const fromBearer = await resolveViewer(ctx, asCookie, null);
  return { viewer: fromBearer, rejectedBearer: fromBearer === null };
}
