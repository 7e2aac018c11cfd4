import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AUTO_NAMED_STATEMENT, keptPrepared } from '../../db/prepared.ts';
import { creatorCollaborators, creators, sessions, userRoles, users } from '../../db/schema/index.ts';

/**
 * The session's row with its user's standing, as one statement kept prepared (the token a placeholder): it
 * runs on every signed-in request, and PostgreSQL plans its joins once per connection instead of on each of them.
 */
const viewerQuery = keptPrepared((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      expiresAt: sessions.expiresAt,
      disabledAt: users.disabledAt,
      deactivatedAt: users.deactivatedAt,
      stateVersion: users.viewerStateVersion,
      // text[] (not role[]) so both drivers hand back a plain array.
      roles: sql<string[]>`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id} order by 1)`,
      creatorId: sql<string | null>`(select ${creators.id}::text from ${creators} where ${creators.userId} = ${users.id})`,
      collaboratorOf: sql<string[]>`array(select ${creatorCollaborators.creatorId}::text from ${creatorCollaborators} where ${creatorCollaborators.userId} = ${users.id} order by 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare(AUTO_NAMED_STATEMENT),
);

/** The session of this token with its user's standing, roles and creator memberships, or null. */
export async function findSessionViewer(db: DbOrTx, token: string) {
  const [row] = await viewerQuery(db).execute({ token });
  return row ?? null;
}
