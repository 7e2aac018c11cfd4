import { randomUUID } from 'node:crypto';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@crate/contract/roles';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../http/viewer.ts';
import { SESSION_LIFETIME_S, SESSION_UPDATE_AGE_S } from './auth-library.ts';
import { readSignedSessionToken } from './session-token.ts';
import type { SessionCache } from './session-cache.ts';
import { findSessionViewer } from './viewer-repository.ts';

/**
 * The viewer of a request, read from the session cookie on every request: a role change applies to the
 * very next request, and a session of an account that was since disabled or deactivated counts as
 * signed out.
 *
 * The usual case is one SQL statement (none on the embedded default while nothing it reads changed: session-cache.ts):
 * the signed cookie is verified here (session-token.ts), then the
 * session, its user's standing, roles and creator memberships (what the policies need) are read together. A session that is due to be extended or
 * has expired goes through the auth library's own getSession, which extends it (the browser's cookie
 * must follow) or deletes it — so the library stays the only code that writes sessions.
 */
export async function resolveViewer(ctx: AppContext, request: FastifyRequest, sessions: SessionCache | null): Promise<Viewer | null> {
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader) return null;
  const { authCookies } = await ctx.auth.$context;
  const token = readSignedSessionToken(cookieHeader, authCookies.sessionToken.name, ctx.config.authSecret);
  if (!token) return null;
  const row = sessions ? await sessions.read(token, (verified) => findSessionViewer(ctx.db, verified)) : await findSessionViewer(ctx.db, token);
  if (!row) return null;
  if (row.disabledAt || row.deactivatedAt) return null;
  const now = Date.now();
  const extendFrom = row.expiresAt.getTime() - SESSION_LIFETIME_S * 1000 + SESSION_UPDATE_AGE_S * 1000;
  const standing = { roles: row.roles as Role[], creatorId: row.creatorId, collaboratorOf: row.collaboratorOf, stateVersion: row.stateVersion };
  if (row.expiresAt.getTime() <= now || extendFrom <= now) return viaAuthLibrary(ctx, request, standing);
  return { userId: row.userId, email: row.email, emailVerified: row.emailVerified, sessionId: row.sessionId, ...standing };
}

/**
 * Before the first request: the auth library's context made, and the viewer statement prepared on every kept
 * connection, so the first signed-in visitor after a start waits no longer than the next one.
 */
export async function warmViewerResolution(ctx: AppContext): Promise<void> {
  await ctx.auth.$context;
  await Promise.all(Array.from({ length: ctx.database.warmConnections }, () => findSessionViewer(ctx.db, randomUUID())));
}

type Standing = Pick<Viewer, 'roles' | 'creatorId' | 'collaboratorOf' | 'stateVersion'>;

/** The library's getSession: extends a session due for it (forwarding the new cookie) or drops an expired one. */
async function viaAuthLibrary(ctx: AppContext, request: FastifyRequest, standing: Standing): Promise<Viewer | null> {
  const { headers, response: session } = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  const refreshed = headers.getSetCookie();
  if (refreshed.length > 0) request.sessionCookies = refreshed;
  if (!session) return null;
  return { userId: session.user.id, email: session.user.email, emailVerified: session.user.emailVerified, sessionId: session.session.id, ...standing };
}
