import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@crate/contract/roles';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../http/viewer.ts';
import { userRoles, users } from '../../db/schema.ts';

/**
 * Reads the session cookie through the auth library, then the user's roles and standing from our
 * tables, on every request: a role change applies to the very next request, and a session of an
 * account that was since disabled or deactivated counts as signed out.
 */
export async function resolveViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer | null> {
  if (!request.headers.cookie) return null;
  const { headers, response: session } = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  // A session past its update age is extended in the database; the browser's cookie must follow.
  const refreshed = headers.getSetCookie();
  if (refreshed.length > 0) request.sessionCookies = refreshed;
  if (!session) return null;
  const [account] = await ctx.db
    .select({
      disabledAt: users.disabledAt,
      deactivatedAt: users.deactivatedAt,
      // text[] (not role[]) so both drivers hand back a plain array.
      roles: sql<string[]>`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id} order by 1)`,
    })
    .from(users)
    .where(eq(users.id, session.user.id));
  if (!account || account.disabledAt || account.deactivatedAt) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    sessionId: session.session.id,
    roles: account.roles as Role[],
  };
}
