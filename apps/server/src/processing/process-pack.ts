/**
 * The `process-pack` job (docs/decisions/0026-pack-processing-pipeline.md): an approved pack (2) goes to
 * processing (3); every original file is checked by its content — missing object, empty (0 bytes, or audio
 * that decodes to no samples), audio that does not decode, duplicate content (within the pack, or against
 * the creator's other packs) — and its derivatives are made with deriveMediaForFile, two files at a time.
 * The pack ends published (4) when every file passed, else with file errors (−2) and every problem recorded
 * against its file. Each run is a `processing_runs` row (Running → Complete | Errors) with one
 * `processing_outcomes` row per file, written as the file finishes, so a dashboard can show progress.
 *
 * Crash safety: the queue runs the job again when its worker dies (stale lock). The new attempt closes the
 * dead run (Errors, unfinished files Expired) and starts a fresh one; derivatives already stored are kept
 * (deriveMediaForFile skips them). The last word is fenced: only the run still Running on a pack still in
 * 3 may publish or fail it. When attempts run out, failedForGood moves the pack to −2, so no pack stays in 3.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FileProblemKind, PackFileKind } from '@crate/contract/catalogue-enums';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { AppContext } from '../app-context.ts';
import type { FileRecord } from '../files/file-repository.ts';
import type { JobContext } from '../jobs/job-queue.ts';
import { endProcessing, transitionPack } from '../packs/pack-lifecycle.ts';
import { DeriveMediaError, deriveMediaForFile } from './derive-media.ts';
import {
  closeOpenRuns,
  findContentElsewhere,
  finishRunRow,
  insertRun,
  listOriginalFiles,
  lockPack,
  lockRunStatus,
  recordOutcome,
  setFileMd5,
  setFileProblems,
} from './processing-run-repository.ts';

export const processPackPayloadSchema = z.strictObject({ packId: z.guid() });
type Payload = z.output<typeof processPackPayloadSchema>;

/** Files derived at once per run: ffmpeg is CPU-bound and a worker has other lanes to serve (decision 0012). */
export const PROCESSING_CONCURRENCY = 2;
/** Attempts before the pack is given up as file errors (each attempt after a crash starts a fresh run). */
export const PROCESS_PACK_MAX_ATTEMPTS = 5;

/** Kinds that illustrate a pack rather than being its content: a series may reuse its art or demo, so they are not compared across packs or with the sounds. */
const NOT_CONTENT: readonly PackFileKind[] = ['Cover art', 'Pack preview audio'];

/** Why a file failed: one of SPEC's problem kinds, or none when the content is simply unreadable (the message says why). */
interface FileVerdict {
  problem: FileProblemKind | null;
  message: string;
}

class LostRunError extends Error {
  constructor() {
    super('This run was taken over by another attempt');
    this.name = 'LostRunError';
  }
}

/** The pipeline moves packs as nobody in particular. */
const PIPELINE = { userId: null };

/**
 * Moves an approved pack to processing, or resumes one already processing (a re-run, or a retry after the
 * last worker died: its run is closed as Errors with Expired files). Any other status means the job is
 * stale (the pack was archived, or another attempt already finished it): null, nothing to do.
 */
async function startRun(ctx: AppContext, packId: string, job: JobContext) {
  return ctx.db.transaction(async (tx) => {
    const pack = await lockPack(tx, packId);
    if (!pack) return null;
    if (pack.status === PACK_STATUS.approved) {
      await transitionPack(ctx, tx, { packId, to: PACK_STATUS.processing, actor: PIPELINE, audit: { action: 'pack.processing_started', details: { attempt: job.attempts } } });
    } else if (pack.status !== PACK_STATUS.processing) {
      return null;
    }
    await closeOpenRuns(tx, packId, 'The worker running it stopped before it finished; a new run took over.');
    const originals = await listOriginalFiles(tx, packId);
    const run = await insertRun(tx, packId, { total_files: originals.length, attempt: job.attempts });
    return { run, pack, originals };
  });
}

/** Hex MD5 of the stored object, streamed (the row lacks it: a file recorded by something other than createFileFromUpload). */
async function md5Of(ctx: AppContext, file: FileRecord): Promise<string | null> {
  const got = await ctx.storage.get(file.storageKey);
  if (!got) return null;
  const hash = createHash('md5');
  for await (const chunk of got.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Missing and empty, from the store itself (the row's size and MD5 are the upload's word, the object is the truth). */
async function checkStored(ctx: AppContext, file: FileRecord): Promise<{ verdict: FileVerdict | null; md5: string | null }> {
  const object = await ctx.storage.head(file.storageKey);
  if (!object) return { verdict: { problem: 'missing', message: `"${file.originalName}" was not found in storage: upload it again.` }, md5: null };
  if (object.size === 0) return { verdict: { problem: 'empty', message: `"${file.originalName}" is empty (0 bytes).` }, md5: null };
  let md5 = file.md5 ?? object.md5;
  if (!md5) md5 = await md5Of(ctx, file);
  if (md5 && md5 !== file.md5) await setFileMd5(ctx.db, file.id, md5);
  return { verdict: null, md5 };
}

/**
 * Same content twice in the pack (every copy after the first), or content another of the creator's packs holds:
 * a published one, or one approved before this one (decision 0062), so of two packs approved close together
 * exactly one, the first approved, keeps the content, in whatever order their runs check.
 */
async function findDuplicates(
  ctx: AppContext,
  pack: { id: string; creatorId: string; approvedAt: Date | null },
  candidates: Array<{ file: FileRecord; md5: string }>,
): Promise<Map<string, FileVerdict>> {
  const verdicts = new Map<string, FileVerdict>();
  const content = candidates.filter((c) => !(c.file.kind && NOT_CONTENT.includes(c.file.kind)));
  const firstByMd5 = new Map<string, FileRecord>();
  for (const { file, md5 } of content) {
    const first = firstByMd5.get(md5);
    if (first) verdicts.set(file.id, { problem: 'duplicate', message: `"${file.originalName}" has the same content as "${first.originalName}" in this pack.` });
    else firstByMd5.set(md5, file);
  }
  const hashes = [...firstByMd5.keys()];
  if (hashes.length === 0) return verdicts;
  const elsewhere = await findContentElsewhere(ctx.db, { packId: pack.id, approvedAt: pack.approvedAt, creatorId: pack.creatorId, hashes, notContent: NOT_CONTENT });
  for (const other of elsewhere) {
    const file = firstByMd5.get(other.md5!);
    if (!file || verdicts.has(file.id)) continue;
    verdicts.set(file.id, { problem: 'duplicate', message: `"${file.originalName}" has the same content as "${other.name}" in your pack "${other.packTitle}".` });
  }
  return verdicts;
}

/** A file deriveMediaForFile could not read, as the creator should hear it; anything else (ffmpeg missing, the database away) is thrown: the job retries. */
function verdictOfDeriveError(file: FileRecord, error: unknown): FileVerdict {
  if (error instanceof DeriveMediaError && error.code === 'missing-original') {
    return { problem: 'missing', message: `"${file.originalName}" was not found in storage: upload it again.` };
  }
  if (error instanceof DeriveMediaError && error.code === 'broken-media') {
    if (/decodes to no audio/.test(error.message)) return { problem: 'empty', message: `"${file.originalName}" contains no audio (it decodes to no samples).` };
    const what = file.kind === 'Cover art' ? 'an image we can read (use JPEG, PNG or WebP)' : 'audio we can decode (use WAV, AIFF, FLAC, MP3 or OGG)';
    return { problem: null, message: `"${file.originalName}" is not ${what}.` };
  }
  // Over its kind's length or pixels, or too costly to decode: the message names the file and the limit.
  if (error instanceof DeriveMediaError && (error.code === 'over-limit' || error.code === 'too-costly')) return { problem: null, message: error.message };
  throw error;
}

/** Runs `work` over `list`, at most `limit` at a time; the first error stops taking new ones and is thrown. */
async function eachWithConcurrency<T>(list: readonly T[], limit: number, work: (value: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < list.length) {
      const value = list[next++]!;
      try {
        await work(value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * The run's verdict, fenced: only if this run is still the Running one and the pack still processing.
 * Sets each file's problem (clearing old ones), and the pack to published or file errors.
 */
async function finishRun(ctx: AppContext, packId: string, runId: string, verdicts: Map<string, FileVerdict>): Promise<'published' | 'fileErrors' | 'lost'> {
  return ctx.db.transaction(async (tx) => {
    const pack = await lockPack(tx, packId);
    const runStatus = await lockRunStatus(tx, runId);
    if (!pack || pack.status !== PACK_STATUS.processing || runStatus !== 'Running') return 'lost';
    await setFileProblems(tx, packId, [...verdicts].map(([fileId, verdict]) => [fileId, verdict.problem]));
    await finishRunRow(tx, runId, verdicts.size === 0);
    return endProcessing(ctx, tx, { packId, runId, fileProblems: verdicts.size });
  });
}

export async function runProcessPack(ctx: AppContext, { packId }: Payload, job: JobContext): Promise<void> {
  const started = await startRun(ctx, packId, job);
  if (!started) {
    ctx.log.info({ job: job.id, packId }, 'process-pack: the pack is not approved or processing; nothing to do');
    return;
  }
  const { run, pack, originals } = started;
  const verdicts = new Map<string, FileVerdict>();
  const ensureOwnRun = () => {
    if (job.signal.aborted) throw new LostRunError();
  };
  const fail = async (file: FileRecord, verdict: FileVerdict) => {
    verdicts.set(file.id, verdict);
    await recordOutcome(ctx.db, { runId: run.id, fileId: file.id, status: 'Failed', problem: verdict.problem, message: verdict.message });
  };

  // 1. What the store says: missing, empty; and every file's MD5 for the duplicate check.
  const md5s = new Map<string, string>();
  await eachWithConcurrency(originals, 4, async (file) => {
    ensureOwnRun();
    const { verdict, md5 } = await checkStored(ctx, file);
    if (verdict) await fail(file, verdict);
    else if (md5) md5s.set(file.id, md5);
  });
  // 2. Duplicates, within the pack (the oldest copy is the original) and against the creator's other packs (the first approved keeps it).
  const stored = originals.flatMap((file) => (md5s.has(file.id) ? [{ file, md5: md5s.get(file.id)! }] : []));
  const duplicates = await findDuplicates(ctx, pack, stored);
  for (const file of originals) {
    const verdict = duplicates.get(file.id);
    if (verdict) await fail(file, verdict);
  }
  // 3. Decode and derive whatever is left: this is where a text file named .wav, or audio with no samples, shows.
  const remaining = originals.filter((file) => !verdicts.has(file.id));
  await eachWithConcurrency(remaining, PROCESSING_CONCURRENCY, async (file) => {
    ensureOwnRun();
    try {
      await deriveMediaForFile(ctx, file.id);
    } catch (error) {
      await fail(file, verdictOfDeriveError(file, error));
      return;
    }
    await recordOutcome(ctx.db, { runId: run.id, fileId: file.id, status: 'Success' });
  });
  ensureOwnRun();

  const result = await finishRun(ctx, packId, run.id, verdicts);
  ctx.log.info({ job: job.id, packId, run: run.id, result, files: originals.length, problems: verdicts.size }, 'process-pack finished');
}

/**
 * Attempts ran out (or the worker died on the last one): the pack must not stay in 3. Its open run is closed
 * (unfinished files Expired) and the pack goes to file errors (from 2 through 3, the pipeline having started),
 * where an admin can run it again (−2 → 3) or the creator fix it (−2 → 0). Idempotent.
 */
export async function giveUpProcessPack(ctx: AppContext, { packId }: Payload, error: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const pack = await lockPack(tx, packId);
    if (!pack || (pack.status !== PACK_STATUS.approved && pack.status !== PACK_STATUS.processing)) return;
    const note = `Processing could not finish: ${error.slice(0, 500)}`;
    if ((await closeOpenRuns(tx, packId, note)) === 0) {
      // It never started a run (failed while approved): record one, so the report says what happened.
      await insertRun(tx, packId, { total_files: (await listOriginalFiles(tx, packId)).length });
      await closeOpenRuns(tx, packId, note);
    }
    const audit = { action: 'pack.processing_gave_up', details: { error: error.slice(0, 500) } };
    const path = pack.status === PACK_STATUS.approved ? [PACK_STATUS.processing, PACK_STATUS.fileErrors] : [PACK_STATUS.fileErrors];
    for (const to of path) await transitionPack(ctx, tx, { packId, to, actor: PIPELINE, audit });
  });
}
