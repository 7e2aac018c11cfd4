import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { creators, items, jobs, packs } from '../../db/schema/index.ts';
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
