import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@crate/contract/roles';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../http/viewer.ts';
import { userRoles } from '../../db/schema.ts';

/** Reads the session cookie through the auth library, then the user's roles from our table. */
export async function resolveViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer | null> {
  if (!request.headers.cookie) return null;
  const session = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const rows = await ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, session.user.id));
  return {
    userId: session.user.id,
    email: session.user.email,
    sessionId: session.session.id,
    roles: rows.map((r) => r.role as Role),
  };
}
