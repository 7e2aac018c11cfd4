import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators, items, licences, ownedItems, packs, releaseEvents, releaseParties, releases, releaseSounds, revenueSplits, revenueSplitShares, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-rows.ts';

/** A sound the user owns, with the licence it was got under and whose it is: what a release may name. */
export async function listOwnedSounds(db: DbOrTx, userId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: items.id,
      packId: items.packId,
      creatorId: creators.id,
      creatorUserId: creators.userId,
      licenceId: licences.id,
      licenceType: licences.licenceType,
    })
    .from(ownedItems)
    .innerJoin(licences, eq(licences.ownedItemId, ownedItems.id))
    .innerJoin(items, eq(items.id, ownedItems.itemId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(and(eq(ownedItems.userId, userId), inArray(ownedItems.itemId, [...itemIds])));
}

/** Each pack's revenue split as it stands (its latest version, decision 0052); a pack without one is left out. */
export async function listPackPayees(db: DbOrTx, packIds: readonly string[]): Promise<Map<string, { userId: string; bps: number }[]>> {
  const payees = new Map<string, { userId: string; bps: number }[]>();
  if (packIds.length === 0) return payees;
  const result = await db.execute(sql`
    select v.pack_id, s.user_id, s.bps
    from (
      select distinct on (rs.pack_id) rs.id, rs.pack_id
      from ${revenueSplits} rs
      where rs.pack_id in (${sql.join(
        packIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by rs.pack_id, rs.effective_month desc
    ) v
    join ${revenueSplitShares} s on s.split_id = v.id
    order by v.pack_id, s.bps desc, s.user_id`);
  for (const row of rowsOf<{ pack_id: string; user_id: string; bps: number }>(result)) {
    payees.set(row.pack_id, [...(payees.get(row.pack_id) ?? []), { userId: row.user_id, bps: Number(row.bps) }]);
  }
  return payees;
}

export async function listDisplayNames(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listCreatorNames(db: DbOrTx, creatorIds: readonly string[]): Promise<Map<string, string>> {
  if (creatorIds.length === 0) return new Map();
  const rows = await db.select({ id: creators.id, name: creators.name }).from(creators).where(inArray(creators.id, [...new Set(creatorIds)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listUserEmails(db: DbOrTx, userIds: readonly string[]): Promise<{ id: string; email: string }[]> {
  if (userIds.length === 0) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [...userIds]));
}

export type ReleaseRow = typeof releases.$inferSelect;
export type PartyRow = typeof releaseParties.$inferSelect;

export async function insertRelease(
  tx: DbOrTx,
  release: typeof releases.$inferInsert,
  sounds: Omit<typeof releaseSounds.$inferInsert, 'releaseId'>[],
  parties: Omit<typeof releaseParties.$inferInsert, 'releaseId'>[],
): Promise<ReleaseRow> {
  const [row] = await tx.insert(releases).values(release).returning();
  await tx.insert(releaseSounds).values(sounds.map((s) => ({ ...s, releaseId: row!.id })));
  await tx.insert(releaseParties).values(parties.map((p) => ({ ...p, releaseId: row!.id })));
  return row!;
}

/** The release, locked for the rest of the transaction (every answer and decision takes it first), with its parties. */
export async function lockRelease(tx: DbOrTx, releaseId: string): Promise<{ release: ReleaseRow; parties: PartyRow[] } | null> {
  const [release] = await tx.select().from(releases).where(eq(releases.id, releaseId)).for('update');
  if (!release) return null;
  return { release, parties: await tx.select().from(releaseParties).where(eq(releaseParties.releaseId, releaseId)) };
}

export async function updateRelease(tx: DbOrTx, releaseId: string, values: Partial<typeof releases.$inferInsert>): Promise<void> {
  await tx.update(releases).set(values).where(eq(releases.id, releaseId));
}

export async function updateParty(tx: DbOrTx, releaseId: string, userId: string, values: Partial<typeof releaseParties.$inferInsert>): Promise<void> {
  await tx
    .update(releaseParties)
    .set(values)
    .where(and(eq(releaseParties.releaseId, releaseId), eq(releaseParties.userId, userId)));
}

export async function recordReleaseEvent(tx: DbOrTx, event: typeof releaseEvents.$inferInsert): Promise<void> {
  await tx.insert(releaseEvents).values(event);
}

/** At most this many releases in a list: a producer's newest, a creator's latest requests. */
const RELEASE_LIST_LIMIT = 100;

export async function listReleaseIdsOfProducer(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: releases.id }).from(releases).where(eq(releases.producerUserId, userId)).orderBy(desc(releases.createdAt), desc(releases.id)).limit(RELEASE_LIST_LIMIT);
  return rows.map((r) => r.id);
}

/** Releases where the user is a writer and not the producer, those waiting for their answer first, then the newest. */
export async function listReleaseIdsOfParty(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: releases.id })
    .from(releaseParties)
    .innerJoin(releases, eq(releases.id, releaseParties.releaseId))
    .where(and(eq(releaseParties.userId, userId), ne(releaseParties.role, 'producer')))
    .orderBy(sql`(${releases.status} = 'proposed' and ${releaseParties.status} = 'pending') desc`, desc(releases.createdAt), desc(releases.id))
    .limit(RELEASE_LIST_LIMIT);
  return rows.map((r) => r.id);
}

export async function findReleaseIdBySheet(db: DbOrTx, number: string): Promise<string | null> {
  const [row] = await db.select({ id: releases.id }).from(releases).where(eq(releases.splitSheetNumber, number));
  return row?.id ?? null;
}

/** Releases with everything a page shows: the rows, their sounds (with names and certificates), parties and events. */
export async function loadReleases(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [rows, sounds, parties, events] = [
    await db.select().from(releases).where(inArray(releases.id, list)),
    await db
      .select({
        releaseId: releaseSounds.releaseId,
        itemId: items.id,
        itemName: items.name,
        itemSlug: items.slug,
        packTitle: packs.title,
        creatorName: creators.name,
        licenceType: releaseSounds.licenceType,
        prominence: releaseSounds.prominence,
        certificateNumber: licences.certificateNumber,
      })
      .from(releaseSounds)
      .innerJoin(items, eq(items.id, releaseSounds.itemId))
      .innerJoin(packs, eq(packs.id, items.packId))
      .innerJoin(creators, eq(creators.id, items.creatorId))
      .innerJoin(licences, eq(licences.id, releaseSounds.licenceId))
      .where(inArray(releaseSounds.releaseId, list))
      .orderBy(asc(releaseSounds.position)),
    await db
      .select({ party: releaseParties, creatorName: creators.name })
      .from(releaseParties)
      .leftJoin(creators, eq(creators.id, releaseParties.creatorId))
      .where(inArray(releaseParties.releaseId, list))
      .orderBy(sql`${releaseParties.role} = 'producer' desc`, desc(releaseParties.bps), asc(releaseParties.name)),
    await db.select().from(releaseEvents).where(inArray(releaseEvents.releaseId, list)).orderBy(asc(releaseEvents.at), asc(releaseEvents.id)),
  ];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return list.flatMap((id) => {
    const release = byId.get(id);
    if (!release) return [];
    return [
      {
        release,
        sounds: sounds.filter((s) => s.releaseId === id),
        parties: parties.filter((p) => p.party.releaseId === id).map((p) => ({ ...p.party, creatorName: p.creatorName })),
        events: events.filter((e) => e.releaseId === id),
      },
    ];
  });
}
export type LoadedRelease = Awaited<ReturnType<typeof loadReleases>>[number];

/** Parties asked at least `days` ago who have not answered and were not reminded, on releases still proposed. */
export async function listPartiesToRemind(db: DbOrTx, askedBefore: Date) {
  return db
    .select({ releaseId: releases.id, userId: releaseParties.userId, title: releases.title, producerUserId: releases.producerUserId })
    .from(releaseParties)
    .innerJoin(releases, eq(releases.id, releaseParties.releaseId))
    .where(and(eq(releases.status, 'proposed'), eq(releaseParties.status, 'pending'), isNull(releaseParties.remindedAt), lte(releases.createdAt, askedBefore)))
    .orderBy(asc(releases.createdAt))
    .limit(500);
}
