/**
 * The one place a pack's status changes. Every move — a creator submitting, an admin's review, re-processing,
 * the pipeline starting and ending, a takedown, a restore — goes through transitionPack in the caller's
 * transaction: it locks the pack row, asks the contract's table whether the move is allowed
 * (docs/decisions/0004-pack-status-transitions.md), writes the status and what goes with it, records the
 * audit entry and queues what the move causes. The search outbox follows by itself: the database's triggers
 * write it in the same transaction as the status.
 *
 * What each move causes:
 * - to approved, or to processing from file errors or published (an admin's re-run): the `process-pack` job;
 *   from approved to processing is the job itself starting, so nothing is queued;
 * - awaiting approval to draft (sent back) or archived (rejected): the creator's e-mail with the notes;
 * - processing to published: the first publication's date, and the creator's e-mail;
 * - processing to file errors with the run's problem count: the creator's e-mail (a run given up is ours
 *   to fix: no e-mail);
 * - to archived from anywhere but awaiting approval (a takedown): its reason, one of TAKEDOWN_REASONS, and time
 *   on the pack, and the creator's e-mail with the reason and the admin's note;
 * - published to archived by its creator (a withdrawal, docs/decisions/0072): the time, no reason, no e-mail;
 * - out of archived (a restore, or a creator putting their withdrawn pack back): the takedown's reason and time, or
 *   the withdrawal's time, cleared.
 */
import { TAKEDOWN_REASONS, type TakedownReason } from '@crate/contract/catalogue-enums';
import { canTransitionPack, PACK_STATUS, packStatusLabel, type PackStatus } from '@crate/contract/pack-status';
import type { AppContext } from '../app-context.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Tx } from '../db/client.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { findCreatorEmail, lockPackForMove, writePackStatus, type LockedPack } from './pack-lifecycle-repository.ts';
import { packFileErrorsMail, packPublishedMail, packRejectedMail, packSentBackMail, takenDownMail } from './pack-mail.ts';

export interface PackActor {
  /** The user moving it; null for the processing pipeline. */
  userId: string | null;
  ipAddress?: string | null;
}

export interface PackMove {
  packId: string;
  to: PackStatus;
  actor: PackActor;
  /**
   * Why, kept or told: required when an admin sends a pack back or rejects it (the notes the creator is
   * mailed) and when a pack is taken down (archived from anything but awaiting approval: one of
   * TAKEDOWN_REASONS, kept on the pack).
   */
  reason?: string | null;
  /** A takedown's note to the creator, beside its reason (the e-mail says it; the caller's audit keeps it). */
  note?: string;
  /** The statuses the caller's action starts from (a review decides only on a pack awaiting approval): any other is a 409, even where the table allows the move. */
  from?: readonly PackStatus[];
  /** The audit entry's action (default `pack.status_changed`) and details beside `from` and `to`. */
  audit?: { action: string; details?: Record<string, unknown> };
  /** How many files a processing run found problems in, when it ends with file errors: the count the creator is mailed. */
  fileProblems?: number;
  /** The creator takes their published pack off sale: archived without a takedown (only published → archived). */
  withdrawal?: boolean;
}

const S = PACK_STATUS;
const isTakedownReason = (reason: string): reason is TakedownReason => (TAKEDOWN_REASONS as readonly string[]).includes(reason);

function refused(from: number, to: PackStatus): AppError {
  return new AppError(
    'CONFLICT',
    `This pack is ${packStatusLabel(from).toLowerCase()} (status ${from}); it cannot become ${packStatusLabel(to).toLowerCase()} (status ${from} → ${to} is not allowed). Reload to see its current state.`,
  );
}

/** A takedown's reason, checked: the pack keeps it, and an admin reading the archive sees it. */
function takedownReasonOf(move: PackMove): TakedownReason {
  const reason = move.reason ?? '';
  if (!isTakedownReason(reason)) {
    throw new AppError('VALIDATION_FAILED', `Taking a pack down needs its reason: one of ${TAKEDOWN_REASONS.map((r) => `"${r}"`).join(', ')}.`, 'reason');
  }
  return reason;
}

function notesOf(move: PackMove): string {
  if (!move.reason?.trim()) throw new AppError('VALIDATION_FAILED', 'Say why: the creator reads these notes.', 'reason');
  return move.reason;
}

/**
 * Moves a pack, with everything the move causes, inside `tx`; returns the pack as it was and the status it
 * left. A move the table or the caller's `from` does not allow is a 409 (CONFLICT) and writes nothing.
 */
export async function transitionPack(ctx: Pick<AppContext, 'jobs' | 'config'>, tx: Tx, move: PackMove): Promise<{ pack: LockedPack; from: PackStatus }> {
  const pack = await lockPackForMove(tx, move.packId);
  if (!pack) throw notFound('That pack');
  const from = pack.status as PackStatus;
  const { to } = move;
  if ((move.from && !move.from.includes(from)) || !canTransitionPack(from, to)) throw refused(pack.status, to);
  const withdrawal = move.withdrawal === true;
  if (withdrawal && !(from === S.published && to === S.archived)) throw refused(pack.status, to);
  const takedown = to === S.archived && from !== S.awaitingApproval && !withdrawal ? { reason: takedownReasonOf(move) } : from === S.archived ? ('clear' as const) : undefined;
  const notes = from === S.awaitingApproval && (to === S.draft || to === S.archived) ? notesOf(move) : null;

  await writePackStatus(tx, pack.id, { status: to, published: to === S.published, takedown, withdrawn: withdrawal });
  await recordAudit(tx, {
    actorUserId: move.actor.userId,
    action: move.audit?.action ?? 'pack.status_changed',
    targetType: 'pack',
    targetId: pack.id,
    // A takedown names its reason; a restore, the reason it undid.
    details: { from, to, ...(takedown ? { takedown_reason: takedown === 'clear' ? pack.takedownReason : takedown.reason } : {}), ...(withdrawal ? { withdrawn: true } : {}), ...move.audit?.details },
    ipAddress: move.actor.ipAddress ?? null,
  });

  if (to === S.approved || (to === S.processing && from !== S.approved)) await ctx.jobs.enqueue('process-pack', { packId: pack.id }, { tx, owner: pack.creatorId });
  const mail = await mailFor(ctx, tx, pack, from, to, notes, move.fileProblems, takedown && takedown !== 'clear' ? { reason: takedown.reason, note: move.note ?? '' } : null);
  if (mail) await ctx.jobs.enqueue('mail', mail, { tx });
  return { pack, from };
}

async function mailFor(
  ctx: Pick<AppContext, 'config'>,
  tx: Tx,
  pack: LockedPack,
  from: PackStatus,
  to: PackStatus,
  notes: string | null,
  fileProblems: number | undefined,
  takedown: { reason: TakedownReason; note: string } | null,
) {
  const compose = (() => {
    const url = ctx.config.publicUrl;
    if (takedown) return (email: string) => takenDownMail(email, { what: 'pack', title: pack.title, ...takedown, link: `${url}/creator` });
    if (notes !== null && to === S.draft) return (email: string) => packSentBackMail(email, pack.title, notes, `${url}/packupload/${pack.id}`);
    if (notes !== null && to === S.archived) return (email: string) => packRejectedMail(email, pack.title, notes, `${url}/creator`);
    if (from === S.processing && to === S.published) return (email: string) => packPublishedMail(email, pack.title, `${url}/pack/${pack.id}`);
    if (from === S.processing && to === S.fileErrors && fileProblems !== undefined) return (email: string) => packFileErrorsMail(email, pack.title, fileProblems, `${url}/pack/${pack.id}`);
    return null;
  })();
  if (!compose) return null;
  const email = await findCreatorEmail(tx, pack.creatorId);
  return email ? compose(email) : null;
}

/**
 * An archived pack goes back to where it was: published when it had been published (its sounds are listed
 * again at once: the triggers update the index in this transaction), else to draft for its creator. A pack its
 * creator withdrew is theirs to put back (republishPack): an admin's restore does not override them.
 */
export async function restorePack(ctx: Pick<AppContext, 'jobs' | 'config'>, tx: Tx, packId: string, actor: PackActor): Promise<{ creatorId: string; status: PackStatus }> {
  const pack = await lockPackForMove(tx, packId);
  if (!pack) throw notFound('That pack');
  if (pack.withdrawnAt) throw new AppError('CONFLICT', 'Its creator withdrew this pack from sale: only they can put it back.');
  const to = pack.publishedAt ? S.published : S.draft;
  await transitionPack(ctx, tx, { packId, to, from: [S.archived], actor, audit: { action: 'pack.restore' } });
  return { creatorId: pack.creatorId, status: to };
}

/** Where an admin may run processing again from: file errors after a fix on our side, or a published pack. */
export const RERUN_FROM: readonly PackStatus[] = [S.fileErrors, S.published];

/** A processing run's verdict: published when no file had a problem, else file errors (the creator is mailed either way). */
export async function endProcessing(ctx: Pick<AppContext, 'jobs' | 'config'>, tx: Tx, run: { packId: string; runId: string; fileProblems: number }): Promise<'published' | 'fileErrors'> {
  const ok = run.fileProblems === 0;
  await transitionPack(ctx, tx, {
    packId: run.packId,
    to: ok ? S.published : S.fileErrors,
    from: [S.processing],
    actor: { userId: null },
    audit: { action: ok ? 'pack.published' : 'pack.file_errors', details: { run_id: run.runId, ...(ok ? {} : { files_with_problems: run.fileProblems }) } },
    ...(ok ? {} : { fileProblems: run.fileProblems }),
  });
  return ok ? 'published' : 'fileErrors';
}

/** The creator's own withdrawal of their published pack (decision 0072): off sale and out of search; owners keep what they got. */
export async function withdrawPack(ctx: Pick<AppContext, 'jobs' | 'config'>, tx: Tx, packId: string, actor: PackActor): Promise<void> {
  await transitionPack(ctx, tx, { packId, to: S.archived, from: [S.published], withdrawal: true, actor, audit: { action: 'pack.withdrawn' } });
}

/** A pack its creator withdrew goes back on sale as it was (it was reviewed and processed before); a takedown is not theirs to undo. */
export async function republishPack(ctx: Pick<AppContext, 'jobs' | 'config'>, tx: Tx, packId: string, actor: PackActor): Promise<void> {
  const pack = await lockPackForMove(tx, packId);
  if (!pack) throw notFound('That pack');
  if (!pack.withdrawnAt) throw new AppError('CONFLICT', 'Only a pack you withdrew can be put back on sale by you: this one was not withdrawn by you.');
  await transitionPack(ctx, tx, { packId, to: S.published, from: [S.archived], actor, audit: { action: 'pack.republished' } });
}
