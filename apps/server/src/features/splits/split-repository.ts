import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { creatorCollaborators, creators, packs, revenueSplits, revenueSplitShares, users } from '../../db/schema/index.ts';

/** What a split version belongs to: a pack, or the creator's default for new packs (packId null). */
export interface SplitOwner {
  creatorId: string;
  packId: string | null;
}

/** A pack with what the pack policy needs and the user who owns its creator profile, or null. */
export async function findSplitPack(db: DbOrTx, packId: string) {
  const [row] = await db
    .select({ id: packs.id, creatorId: packs.creatorId, status: packs.status, creatorUserId: creators.userId })
    .from(packs)
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(eq(packs.id, packId));
  return row ?? null;
}

/** A user's name as the team sees it: the name they gave, else their e-mail. */
const displayName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`;

export async function findUserDisplayName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ name: displayName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** The creator's collaborators, by name: who a split may name. */
export async function listTeam(db: DbOrTx, creatorId: string): Promise<{ userId: string; name: string }[]> {
  return db
    .select({ userId: creatorCollaborators.userId, name: displayName })
    .from(creatorCollaborators)
    .innerJoin(users, eq(users.id, creatorCollaborators.userId))
    .where(eq(creatorCollaborators.creatorId, creatorId))
    .orderBy(asc(displayName), asc(creatorCollaborators.userId));
}

const ownedBy = (owner: SplitOwner) =>
  owner.packId === null ? and(eq(revenueSplits.creatorId, owner.creatorId), isNull(revenueSplits.packId)) : eq(revenueSplits.packId, owner.packId);

export interface SplitVersionRow {
  id: string;
  effectiveMonth: string;
  createdAt: Date;
  shares: { userId: string; name: string; bps: number }[];
}

/** Every version of a pack's split (or of the default), newest effective month first, each with its shares, largest first. */
export async function listSplitVersions(db: DbOrTx, owner: SplitOwner): Promise<SplitVersionRow[]> {
  const versions = await db
    .select({ id: revenueSplits.id, effectiveMonth: revenueSplits.effectiveMonth, createdAt: revenueSplits.createdAt })
    .from(revenueSplits)
    .where(ownedBy(owner))
    .orderBy(desc(revenueSplits.effectiveMonth));
  if (versions.length === 0) return [];
  const shares = await db
    .select({ splitId: revenueSplitShares.splitId, userId: revenueSplitShares.userId, name: displayName, bps: revenueSplitShares.bps })
    .from(revenueSplitShares)
    .innerJoin(users, eq(users.id, revenueSplitShares.userId))
    .where(
      inArray(
        revenueSplitShares.splitId,
        versions.map((v) => v.id),
      ),
    )
    .orderBy(desc(revenueSplitShares.bps), asc(revenueSplitShares.userId));
  return versions.map((v) => ({ ...v, shares: shares.filter((s) => s.splitId === v.id).map(({ userId, name, bps }) => ({ userId, name, bps })) }));
}

/**
 * Writes the version of the split that applies from `effectiveMonth`: a version already there for the same month
 * is replaced (its shares deleted, the new ones inserted, under the same id). The caller holds the payouts lock
 * and a transaction. Answers whether a version was replaced.
 */
export async function writeSplitVersion(
  tx: DbOrTx,
  owner: SplitOwner,
  version: { effectiveMonth: string; createdBy: string | null; shares: readonly { user_id: string; bps: number }[] },
): Promise<{ replaced: boolean }> {
  const [existing] = await tx
    .select({ id: revenueSplits.id })
    .from(revenueSplits)
    .where(and(ownedBy(owner), eq(revenueSplits.effectiveMonth, version.effectiveMonth)))
    .for('update');
  let splitId: string;
  if (existing) {
    splitId = existing.id;
    await tx.delete(revenueSplitShares).where(eq(revenueSplitShares.splitId, splitId));
    await tx.update(revenueSplits).set({ createdBy: version.createdBy, createdAt: new Date() }).where(eq(revenueSplits.id, splitId));
  } else {
    const [created] = await tx
      .insert(revenueSplits)
      .values({ creatorId: owner.creatorId, packId: owner.packId, effectiveMonth: version.effectiveMonth, createdBy: version.createdBy })
      .returning({ id: revenueSplits.id });
    splitId = created!.id;
  }
  if (version.shares.length > 0) await tx.insert(revenueSplitShares).values(version.shares.map((s) => ({ splitId, userId: s.user_id, bps: s.bps })));
  return { replaced: existing !== undefined };
}

export interface MyShareRow {
  pack_id: string;
  pack_title: string;
  creator_name: string;
  bps: number;
  effective_month: string;
}

/**
 * The packs whose latest split version gives this user a share, where they are not the pack's creator: what they
 * are paid from every month not yet approved.
 */
export async function listSharesOfUser(db: DbOrTx, userId: string): Promise<MyShareRow[]> {
  const result = await db.execute(sql`
    select p.id as pack_id, p.title as pack_title, c.name as creator_name, s.bps, v.effective_month::text as effective_month
    from (
      select distinct on (rs.pack_id) rs.id, rs.pack_id, rs.effective_month
      from ${revenueSplits} rs
      where rs.pack_id in (
        select mine.pack_id from ${revenueSplits} mine join ${revenueSplitShares} ms on ms.split_id = mine.id where ms.user_id = ${userId} and mine.pack_id is not null
      )
      order by rs.pack_id, rs.effective_month desc
    ) v
    join ${revenueSplitShares} s on s.split_id = v.id and s.user_id = ${userId}
    join packs p on p.id = v.pack_id
    join ${creators} c on c.id = p.creator_id
    where c.user_id <> ${userId}
    order by c.name, p.title, p.id`);
  return rowsOf<MyShareRow>(result).map((r) => ({ ...r, bps: Number(r.bps) }));
}
