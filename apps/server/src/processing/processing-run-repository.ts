/**
 * Queries over processing runs and their per-file outcomes (docs/decisions/0026): the pipeline writes them,
 * the creator's processing report and the admins' review read them.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { FileProblemKind, OutcomeStatus, PackFileKind } from '@crate/contract/catalogue-enums';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { DbOrTx, Tx } from '../db/client.ts';
import { files, packs, processingOutcomes, processingRuns } from '../db/schema/index.ts';
import { packPublishedSql } from '../policies/pack-policy.ts';

export type ProcessingRunRow = typeof processingRuns.$inferSelect;

/** What a run keeps in `summary`. */
export interface RunSummary {
  total_files?: number;
  /** The job attempt that started it. */
  attempt?: number;
  /** Why it ended without a result of its own. */
  note?: string;
}

/** The pack's original files (uploads, not derivatives), oldest first: what a run checks. */
export async function listOriginalFiles(db: DbOrTx, packId: string) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.packId, packId), isNull(files.derivedFromFileId)))
    .orderBy(asc(files.createdAt), asc(files.id));
}

export async function findLatestRun(db: DbOrTx, packId: string): Promise<ProcessingRunRow | null> {
  const [row] = await db.select().from(processingRuns).where(eq(processingRuns.packId, packId)).orderBy(desc(processingRuns.startedAt), desc(processingRuns.id)).limit(1);
  return row ?? null;
}

export async function insertRun(db: DbOrTx, packId: string, summary: RunSummary): Promise<ProcessingRunRow> {
  const [row] = await db.insert(processingRuns).values({ packId, status: 'Running', summary: { ...summary } }).returning();
  return row!;
}

/** Records one file's outcome; a second write for the same file and run (a retried write) is ignored. */
export async function recordOutcome(
  db: DbOrTx,
  outcome: { runId: string; fileId: string; status: OutcomeStatus; problem?: FileProblemKind | null; message?: string },
): Promise<void> {
  await db
    .insert(processingOutcomes)
    .values({ runId: outcome.runId, fileId: outcome.fileId, status: outcome.status, problem: outcome.problem ?? null, message: (outcome.message ?? '').slice(0, 2000) })
    .onConflictDoNothing({ target: [processingOutcomes.runId, processingOutcomes.fileId] });
}

/**
 * Closes every run of the pack still marked Running (its worker died, or attempts ran out): the run ends
 * as Errors with the note, and each of the pack's files it had not finished gets an Expired outcome.
 * Returns how many runs it closed.
 */
export async function closeOpenRuns(db: DbOrTx, packId: string, note: string): Promise<number> {
  const open = await db
    .update(processingRuns)
    .set({ status: 'Errors', finishedAt: sql`now()`, summary: sql`${processingRuns.summary} || ${JSON.stringify({ note })}::jsonb` })
    .where(and(eq(processingRuns.packId, packId), eq(processingRuns.status, 'Running')))
    .returning({ id: processingRuns.id });
  if (open.length === 0) return 0;
  const originals = await listOriginalFiles(db, packId);
  for (const run of open) {
    for (const file of originals) {
      await recordOutcome(db, { runId: run.id, fileId: file.id, status: 'Expired', message: 'Processing stopped before this file was finished.' });
    }
  }
  return open.length;
}

export interface OutcomeCounts {
  done: number;
  failed: number;
}

export async function countOutcomes(db: DbOrTx, runId: string): Promise<OutcomeCounts> {
  const rows = await db
    .select({ status: processingOutcomes.status, n: count() })
    .from(processingOutcomes)
    .where(eq(processingOutcomes.runId, runId))
    .groupBy(processingOutcomes.status);
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return { done: (by.get('Success') ?? 0) + (by.get('Failed') ?? 0), failed: by.get('Failed') ?? 0 };
}

export interface OutcomeRow {
  fileId: string | null;
  name: string | null;
  kind: PackFileKind | null;
  status: OutcomeStatus;
  problem: FileProblemKind | null;
  message: string;
}

/** The run's outcomes that are not a success, with their file's name and kind, in file order. */
export async function listProblemOutcomes(db: DbOrTx, runId: string): Promise<OutcomeRow[]> {
  return db
    .select({
      fileId: processingOutcomes.fileId,
      name: files.originalName,
      kind: files.kind,
      status: processingOutcomes.status,
      problem: processingOutcomes.problem,
      message: processingOutcomes.message,
    })
    .from(processingOutcomes)
    .leftJoin(files, eq(files.id, processingOutcomes.fileId))
    .where(and(eq(processingOutcomes.runId, runId), inArray(processingOutcomes.status, ['Failed', 'Expired'])))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** The pack being processed, locked for the rest of the transaction; null when it is gone. */
export async function lockPack(tx: Tx, packId: string) {
  const [row] = await tx
    .select({ id: packs.id, status: packs.status, creatorId: packs.creatorId, approvedAt: packs.approvedAt, title: packs.title, slug: packs.slug })
    .from(packs).where(eq(packs.id, packId)).for('update');
  return row ?? null;
}

export async function setFileMd5(db: DbOrTx, fileId: string, md5: string): Promise<void> {
  await db.update(files).set({ md5 }).where(eq(files.id, fileId));
}

/** Original content files with these hashes in the creator's other packs that are not drafts (kinds in `notContent` aside). */
/** Which of two packs was approved first: earlier last approval, then id; never approved counts as last. */
const approvalOrder = (approvedAt: SQL | Date | null, id: SQL | string) => sql`(coalesce(${approvedAt}::timestamptz, 'infinity'::timestamptz), ${id}::uuid)`;

/**
 * The creator's other copies of these hashes that hold their content against the pack (decision 0062): in a
 * published or archived pack, or in a pack approved before this one that is still being processed or came back
 * with file errors, unless that copy was itself found a duplicate. Drafts and packs awaiting approval hold nothing.
 */
export async function findContentElsewhere(
  db: DbOrTx,
  opts: { packId: string; approvedAt: Date | null; creatorId: string; hashes: string[]; notContent: readonly PackFileKind[] },
) {
  const settled = or(packPublishedSql, eq(packs.status, PACK_STATUS.archived));
  const approvedEarlier = and(
    inArray(packs.status, [PACK_STATUS.approved, PACK_STATUS.processing, PACK_STATUS.fileErrors]),
    sql`${approvalOrder(sql`${packs.approvedAt}`, sql`${packs.id}`)} < ${approvalOrder(opts.approvedAt, opts.packId)}`,
  );
  return db
    .select({ md5: files.md5, name: files.originalName, packTitle: packs.title })
    .from(files)
    .innerJoin(packs, eq(packs.id, files.packId))
    .where(
      and(
        eq(packs.creatorId, opts.creatorId),
        ne(packs.id, opts.packId),
        or(settled, approvedEarlier),
        isNull(files.derivedFromFileId),
        inArray(files.md5, opts.hashes),
        or(isNull(files.kind), notInArray(files.kind, [...opts.notContent])),
        or(isNull(files.problem), ne(files.problem, 'duplicate')),
      ),
    );
}

/** The run's status, its row locked for the rest of the transaction. */
export async function lockRunStatus(tx: Tx, runId: string) {
  const [run] = await tx.select({ status: processingRuns.status }).from(processingRuns).where(eq(processingRuns.id, runId)).for('update');
  return run?.status ?? null;
}

/** Clears the problems of the pack's original files, then records each verdict's problem on its file. */
export async function setFileProblems(tx: Tx, packId: string, problems: Iterable<[string, FileProblemKind | null]>): Promise<void> {
  await tx.update(files).set({ problem: null }).where(and(eq(files.packId, packId), isNull(files.derivedFromFileId)));
  for (const [fileId, problem] of problems) {
    if (problem) await tx.update(files).set({ problem, updatedAt: new Date() }).where(eq(files.id, fileId));
  }
}

export async function finishRunRow(tx: Tx, runId: string, ok: boolean): Promise<void> {
  await tx.update(processingRuns).set({ status: ok ? 'Complete' : 'Errors', finishedAt: new Date() }).where(eq(processingRuns.id, runId));
}
