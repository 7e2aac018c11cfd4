/**
 * Queries over processing runs and their per-file outcomes (docs/decisions/0026): the pipeline writes them,
 * the creator's processing report and the admins' review read them.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FileProblemKind, OutcomeStatus, PackFileKind } from '@crate/contract/catalogue-enums';
import type { DbOrTx } from '../db/client.ts';
import { files, processingOutcomes, processingRuns } from '../db/schema/index.ts';

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
