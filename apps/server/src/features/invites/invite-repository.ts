import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { collaboratorInvites, creatorCollaborators, creators, users } from '../../db/schema/index.ts';

/** A newer invite to the same address replaces the older ones still open: only the latest link works. */
export async function revokeOpenInvites(db: DbOrTx, creatorId: string, email: string): Promise<void> {
  await db
    .update(collaboratorInvites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(collaboratorInvites.creatorId, creatorId), eq(collaboratorInvites.email, email), isNull(collaboratorInvites.acceptedAt), isNull(collaboratorInvites.revokedAt)));
}

export async function revokeInvite(db: DbOrTx, inviteId: string): Promise<void> {
  await db.update(collaboratorInvites).set({ revokedAt: sql`now()` }).where(eq(collaboratorInvites.id, inviteId));
}

export async function insertInvite(
  db: DbOrTx,
  values: { creatorId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<{ id: string; email: string; expiresAt: Date }> {
  const [row] = await db
    .insert(collaboratorInvites)
    .values(values)
    .returning({ id: collaboratorInvites.id, email: collaboratorInvites.email, expiresAt: collaboratorInvites.expiresAt });
  return row!;
}

const openInvite = (tokenHash: string) =>
  and(eq(collaboratorInvites.tokenHash, tokenHash), isNull(collaboratorInvites.acceptedAt), isNull(collaboratorInvites.revokedAt), gt(collaboratorInvites.expiresAt, sql`now()`));

export interface OpenInvite {
  id: string;
  email: string;
  expiresAt: Date;
  creatorId: string;
  creatorUserId: string;
  creatorName: string;
}

/** An invite that can still be accepted (not used, revoked or expired), with its creator. */
export async function findOpenInvite(db: DbOrTx, tokenHash: string): Promise<OpenInvite | null> {
  const [row] = await db
    .select({
      id: collaboratorInvites.id,
      email: collaboratorInvites.email,
      expiresAt: collaboratorInvites.expiresAt,
      creatorId: creators.id,
      creatorUserId: creators.userId,
      creatorName: creators.name,
    })
    .from(collaboratorInvites)
    .innerJoin(creators, eq(creators.id, collaboratorInvites.creatorId))
    .where(openInvite(tokenHash));
  return row ?? null;
}

/** Marks the invite used, only if it is still open: of two concurrent accepts exactly one wins. */
export async function claimInvite(db: DbOrTx, tokenHash: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(collaboratorInvites)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(openInvite(tokenHash))
    .returning({ id: collaboratorInvites.id });
  return rows.length > 0;
}

export async function linkCollaborator(db: DbOrTx, creatorId: string, userId: string): Promise<void> {
  await db.insert(creatorCollaborators).values({ creatorId, userId }).onConflictDoNothing();
}

/** A creator's collaborators (with the name and e-mail they joined with) and the invites nobody answered yet. */
export async function listTeam(db: DbOrTx, creatorId: string) {
  const collaborators = await db
    .select({ userId: creatorCollaborators.userId, name: users.name, email: users.email, addedAt: creatorCollaborators.addedAt })
    .from(creatorCollaborators)
    .innerJoin(users, eq(users.id, creatorCollaborators.userId))
    .where(eq(creatorCollaborators.creatorId, creatorId))
    .orderBy(creatorCollaborators.addedAt);
  const invites = await db
    .select({ id: collaboratorInvites.id, email: collaboratorInvites.email, expiresAt: collaboratorInvites.expiresAt })
    .from(collaboratorInvites)
    .where(and(eq(collaboratorInvites.creatorId, creatorId), isNull(collaboratorInvites.acceptedAt), isNull(collaboratorInvites.revokedAt), sql`${collaboratorInvites.expiresAt} > now()`))
    .orderBy(collaboratorInvites.createdAt);
  return { collaborators, invites };
}

/** Removes the link; true when there was one. */
export async function unlinkCollaborator(db: DbOrTx, creatorId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(creatorCollaborators)
    .where(and(eq(creatorCollaborators.creatorId, creatorId), eq(creatorCollaborators.userId, userId)))
    .returning({ userId: creatorCollaborators.userId });
  return rows.length > 0;
}

export async function collaboratesWithAnyone(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: creatorCollaborators.userId }).from(creatorCollaborators).where(eq(creatorCollaborators.userId, userId)).limit(1);
  return row !== undefined;
}

/** An invite not yet accepted or withdrawn, with the owner of the profile it is from (expired ones too: withdrawing one is harmless). */
export async function findUnansweredInvite(db: DbOrTx, inviteId: string): Promise<{ id: string; creatorId: string; creatorUserId: string } | null> {
  const [row] = await db
    .select({ id: collaboratorInvites.id, creatorId: collaboratorInvites.creatorId, creatorUserId: creators.userId })
    .from(collaboratorInvites)
    .innerJoin(creators, eq(creators.id, collaboratorInvites.creatorId))
    .where(and(eq(collaboratorInvites.id, inviteId), isNull(collaboratorInvites.acceptedAt), isNull(collaboratorInvites.revokedAt)));
  return row ?? null;
}

/** The link between a creator profile and a collaborator, with the profile's owner; null when there is none. */
export async function findCollaboration(db: DbOrTx, creatorId: string, userId: string): Promise<{ creatorId: string; creatorUserId: string; userId: string } | null> {
  const [row] = await db
    .select({ creatorId: creatorCollaborators.creatorId, creatorUserId: creators.userId, userId: creatorCollaborators.userId })
    .from(creatorCollaborators)
    .innerJoin(creators, eq(creators.id, creatorCollaborators.creatorId))
    .where(and(eq(creatorCollaborators.creatorId, creatorId), eq(creatorCollaborators.userId, userId)));
  return row ?? null;
}

/** Withdraws an open invite of this creator; true when there was one. */
export async function withdrawOpenInvite(db: DbOrTx, creatorId: string, inviteId: string): Promise<boolean> {
  const rows = await db
    .update(collaboratorInvites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(collaboratorInvites.id, inviteId), eq(collaboratorInvites.creatorId, creatorId), isNull(collaboratorInvites.acceptedAt), isNull(collaboratorInvites.revokedAt)))
    .returning({ id: collaboratorInvites.id });
  return rows.length > 0;
}
