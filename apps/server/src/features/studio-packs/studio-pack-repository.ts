import { and, asc, desc, eq, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { creators, files, items, jobs, ownedItems, packs } from '../../db/schema/index.ts';
import { analyseAudioJobKey } from './analyse-audio-job.ts';

export type StudioPackRow = Awaited<ReturnType<typeof findStudioPack>> & {};

const packColumns = {
  id: packs.id,
  slug: packs.slug,
  title: packs.title,
  description: packs.description,
  status: packs.status,
  creatorId: packs.creatorId,
  creatorSlug: creators.slug,
  creatorName: creators.name,
  creatorUserId: creators.userId,
  coverFileId: packs.coverFileId,
  previewFileId: packs.previewFileId,
  genres: packs.genres,
  licenceType: packs.licenceType,
  creditCost: packs.creditCost,
  priceCents: packs.priceCents,
  currency: packs.currency,
  withdrawnAt: packs.withdrawnAt,
  updatedAt: packs.updatedAt,
};

/** A pack with its creator, by id, whoever may see it (the caller authorizes). `lock` takes the row for a change. */
export async function findStudioPack(db: DbOrTx, id: string, lock = false) {
  const query = db.select(packColumns).from(packs).innerJoin(creators, eq(creators.id, packs.creatorId)).where(eq(packs.id, id));
  const [row] = lock ? await query.for('update', { of: packs }) : await query;
  return row ?? null;
}

export async function listPackItems(db: DbOrTx, packId: string) {
  return db
    .select({
      id: items.id,
      slug: items.slug,
      type: items.type,
      name: items.name,
      kind: items.kind,
      key: items.key,
      bpm: items.bpm,
      timeSignature: items.timeSignature,
      feel: items.feel,
      genres: items.genres,
      instruments: items.instruments,
      tags: items.tags,
      creditCost: items.creditCost,
      plugin: items.plugin,
      hasStems: items.hasStems,
      hasMidi: items.hasMidi,
      audioFileId: items.audioFileId,
      presetFileId: items.presetFileId,
      previewFileId: items.previewFileId,
    })
    .from(items)
    .where(eq(items.packId, packId))
    .orderBy(asc(items.position), asc(items.id));
}
export type PackItemRow = Awaited<ReturnType<typeof listPackItems>>[number];

/** Counts and the latest processing run of each pack, for the dashboard's rows. */
export async function packSummaries(db: DbOrTx, packIds: readonly string[]) {
  if (packIds.length === 0) return new Map<string, PackSummaryFacts>();
  const ids = sql.param(packIds);
  const result = await db.execute(sql`
    select p.id as pack_id,
      (select count(*)::int from items i where i.pack_id = p.id) as item_count,
      (select count(*)::int from files f where f.pack_id = p.id and f.derived_from_file_id is null) as file_count,
      (select count(*)::int from files f where f.pack_id = p.id and f.derived_from_file_id is null and f.problem is not null) as problem_count,
      r.status as run_status, r.created_at as run_started_at, r.finished_at as run_finished_at,
      coalesce((r.summary->>'total_files')::int, 0) as run_total,
      (select count(*)::int from processing_outcomes o where o.run_id = r.id and o.status in ('Success', 'Failed')) as run_done
    from packs p
    left join lateral (select * from processing_runs pr where pr.pack_id = p.id order by pr.created_at desc limit 1) r on true
    where p.id = any(${ids}::uuid[])`);
  const rows = rowsOf<PackSummaryFacts & { pack_id: string }>(result);
  return new Map(rows.map((row) => [row.pack_id, row]));
}
export type PackSummaryFacts = {
  item_count: number;
  file_count: number;
  problem_count: number;
  run_status: string | null;
  run_total: number;
  run_done: number;
  run_started_at: string | null;
  run_finished_at: string | null;
};

const changedAt = sql`date_trunc('milliseconds', ${packs.updatedAt})`;

/** The packs of these creator profiles, most recently changed first (keyset on the millisecond a cursor carries). */
export async function listPacksOfCreators(db: DbOrTx, creatorIds: readonly string[] | 'all', opts: { limit: number; after: { value: string; id: string } | null }) {
  const conditions: SQL[] = [];
  if (creatorIds !== 'all') conditions.push(inArray(packs.creatorId, [...creatorIds]));
  if (opts.after) conditions.push(sql`(${changedAt}, ${packs.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return db
    .select(packColumns)
    .from(packs)
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(changedAt), desc(packs.id))
    .limit(opts.limit + 1);
}

/** The files whose tempo and key are still being listened for: their `analyse-audio` job is queued or running. */
export async function listAnalysingFileIds(db: DbOrTx, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const keyOf = new Map(fileIds.map((fileId) => [analyseAudioJobKey({ fileId }), fileId]));
  const rows = await db
    .select({ key: jobs.uniqueKey })
    .from(jobs)
    .where(and(inArray(jobs.uniqueKey, [...keyOf.keys()]), inArray(jobs.status, ['queued', 'running'])));
  return new Set(rows.flatMap((r) => (r.key ? [keyOf.get(r.key)!] : [])));
}

type NewPack = typeof packs.$inferInsert;
/** The columns a creator edits on a pack (never its status: that is the pack lifecycle's). */
export type PackDetailColumns = Partial<Pick<NewPack, 'title' | 'description' | 'genres' | 'licenceType' | 'creditCost' | 'priceCents'>>;

/** A new pack; its id. */
export async function insertPack(tx: DbOrTx, values: NewPack): Promise<string> {
  const [created] = await tx.insert(packs).values(values).returning({ id: packs.id });
  return created!.id;
}

/** Writes the pack's changed details and marks it changed. */
export async function updatePackDetails(tx: DbOrTx, packId: string, changes: PackDetailColumns): Promise<void> {
  await tx.update(packs).set({ ...changes, updatedAt: new Date() }).where(eq(packs.id, packId));
}

/** Marks the pack changed now (the dashboard's order and the editor's conflict check go by it). */
export async function touchPack(tx: DbOrTx, packId: string): Promise<void> {
  await tx.update(packs).set({ updatedAt: new Date() }).where(eq(packs.id, packId));
}

export async function setPackCover(tx: DbOrTx, packId: string, fileId: string | null): Promise<void> {
  await tx.update(packs).set({ coverFileId: fileId }).where(eq(packs.id, packId));
}

export async function setPackPreview(tx: DbOrTx, packId: string, fileId: string): Promise<void> {
  await tx.update(packs).set({ previewFileId: fileId }).where(eq(packs.id, packId));
}

/** Unsets the pack's preview when it is this file. */
export async function clearPackPreviewIf(tx: DbOrTx, packId: string, fileId: string): Promise<void> {
  await tx.update(packs).set({ previewFileId: null }).where(and(eq(packs.id, packId), eq(packs.previewFileId, fileId)));
}

/** The position after the pack's last item (0 for an empty pack). */
export async function nextItemPosition(tx: DbOrTx, packId: string): Promise<number> {
  const [{ last }] = (await tx.select({ last: max(items.position) }).from(items).where(eq(items.packId, packId))) as [{ last: number | null }];
  return (last ?? -1) + 1;
}

const itemFileColumns = { id: items.id, type: items.type, audioFileId: items.audioFileId, presetFileId: items.presetFileId, previewFileId: items.previewFileId };

/** Each item of the pack with the files it is made of. */
export async function listItemFiles(tx: DbOrTx, packId: string) {
  return tx.select(itemFileColumns).from(items).where(eq(items.packId, packId));
}

/** One item with the files it is made of, or null. */
export async function findItemFiles(tx: DbOrTx, itemId: string) {
  const [item] = await tx.select(itemFileColumns).from(items).where(eq(items.id, itemId));
  return item ?? null;
}

type NewItem = typeof items.$inferInsert;

/** A new item; its id. */
export async function insertItem(tx: DbOrTx, values: NewItem): Promise<string> {
  const [item] = await tx.insert(items).values(values).returning({ id: items.id });
  return item!.id;
}

/** Whether anybody owns the item. */
export async function isItemOwned(tx: DbOrTx, itemId: string): Promise<boolean> {
  const [owned] = await tx.select({ itemId: ownedItems.itemId }).from(ownedItems).where(eq(ownedItems.itemId, itemId)).limit(1);
  return owned !== undefined;
}

/** Deletes an item, its files unlinked first (and, when given, their kind changed). */
export async function deleteItemKeepingFiles(tx: DbOrTx, itemId: string, filesBecome?: { kind: PackFileKind }): Promise<void> {
  await tx.update(files).set({ itemId: null, ...filesBecome }).where(eq(files.itemId, itemId));
  await tx.delete(items).where(eq(items.id, itemId));
}

/** Sets an item's preview; `onlyIfNone` leaves one it has. `touch` marks the item changed. */
export async function setItemPreview(tx: DbOrTx, itemId: string, fileId: string | null, options: { onlyIfNone?: boolean; touch?: boolean } = {}): Promise<void> {
  await tx
    .update(items)
    .set({ previewFileId: fileId, ...(options.touch ? { updatedAt: new Date() } : {}) })
    .where(options.onlyIfNone ? and(eq(items.id, itemId), isNull(items.previewFileId)) : eq(items.id, itemId));
}

/** Ties a file to an item, or unties it (null). */
export async function linkFile(tx: DbOrTx, fileId: string, itemId: string | null): Promise<void> {
  await tx.update(files).set({ itemId }).where(eq(files.id, fileId));
}

export async function setFileKind(tx: DbOrTx, fileId: string, kind: PackFileKind): Promise<void> {
  await tx.update(files).set({ kind }).where(eq(files.id, fileId));
}

/** The kinds of the files attached to these items. */
export async function listAttachedFileKinds(tx: DbOrTx, itemIds: readonly string[]) {
  return tx.select({ itemId: files.itemId, kind: files.kind }).from(files).where(inArray(files.itemId, [...itemIds]));
}

export async function setItemFileFlags(tx: DbOrTx, itemId: string, flags: { hasStems: boolean; hasMidi: boolean }): Promise<void> {
  await tx.update(items).set(flags).where(eq(items.id, itemId));
}

export async function markFileDuplicate(db: DbOrTx, fileId: string): Promise<void> {
  await db.update(files).set({ problem: 'duplicate' }).where(eq(files.id, fileId));
}

/** Clears the duplicate mark of the pack's files with these bytes. */
export async function clearDuplicateMarks(tx: DbOrTx, packId: string, md5: string): Promise<void> {
  await tx.update(files).set({ problem: null }).where(and(eq(files.packId, packId), eq(files.problem, 'duplicate'), eq(files.md5, md5)));
}
