import type { PackForReview, PackProcessing, ReviewPack, WaitingPack } from '@crate/contract/pack-review';
import type { Page } from '@crate/contract/pagination';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize, can } from '../../policies/can.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { storedAudioType } from '../../media/audio-signature.ts';
import { AUDIO_FILE_KINDS } from '../../processing/derive-media.ts';
import { countOutcomes, findLatestRun, listProblemOutcomes } from '../../processing/processing-run-repository.ts';
import { RERUN_FROM, transitionPack } from '../../packs/pack-lifecycle.ts';
import { presentPackForReview, presentProcessing, presentWaitingPack, type LatestRun } from './pack-review-presenter.ts';
import {
  findCreatorWithEmail,
  findPack,
  findPackFileForPlaying,
  insertReview,
  listAwaitingReview,
  listItemsOfPack,
  listOriginalsOfPack,
  listReviews,
  lockPack,
  type PackRow,
} from './pack-review-repository.ts';

const WHAT = 'That pack';

/** Audio an admin can audition: its kind says it is a sound, or (no kind) its declared type does. */
const isAudioFile = (file: { kind: string | null; contentType: string }) =>
  file.kind ? (AUDIO_FILE_KINDS as readonly string[]).includes(file.kind) : file.contentType.startsWith('audio/');

export async function listWaitingPacks(db: DbOrTx, query: { limit: number; cursor?: string | undefined }): Promise<Page<WaitingPack>> {
  const rows = await listAwaitingReview(db, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
  return toPage(rows, query.limit, presentWaitingPack, (r) => encodeCursor(r.submittedAt.toISOString(), r.id));
}

async function latestRun(db: DbOrTx, packId: string): Promise<LatestRun | null> {
  const run = await findLatestRun(db, packId);
  if (!run) return null;
  return { run, counts: await countOutcomes(db, run.id), problems: await listProblemOutcomes(db, run.id) };
}

async function processingOf(db: DbOrTx, pack: PackRow): Promise<PackProcessing> {
  const [lastReview] = await listReviews(db, pack.id);
  return presentProcessing(pack, await latestRun(db, pack.id), lastReview ?? null);
}

/** What the review panel offers, to whoever may review the pack: a decision while it awaits one, a re-run where the lifecycle allows one. */
function reviewAbilities(viewer: Viewer, pack: PackRow): PackForReview['abilities'] {
  const reviews = can(viewer, 'review', asPack(pack));
  return { decide: reviews && pack.status === PACK_STATUS.awaitingApproval, reprocess: reviews && RERUN_FROM.includes(pack.status as PackStatus) };
}

async function present(db: DbOrTx, viewer: Viewer, pack: PackRow): Promise<PackForReview> {
  const creator = await findCreatorWithEmail(db, pack.creatorId);
  if (!creator) throw notFound(WHAT);
  const [itemRows, fileRows, reviews] = await Promise.all([listItemsOfPack(db, pack.id), listOriginalsOfPack(db, pack.id), listReviews(db, pack.id)]);
  const [lastReview] = reviews;
  const processing = presentProcessing(pack, await latestRun(db, pack.id), lastReview ?? null);
  return presentPackForReview(pack, creator, itemRows, fileRows, isAudioFile, reviews, processing, reviewAbilities(viewer, pack));
}

export async function getPackForReview(db: DbOrTx, viewer: Viewer, id: string): Promise<PackForReview> {
  const pack = authorize(viewer, 'review', await findPack(db, id), asPack, WHAT);
  return present(db, viewer, pack);
}

/** The creator's people and admins follow a pack's processing and read its review notes. */
export async function getPackProcessing(db: DbOrTx, viewer: Viewer, id: string): Promise<PackProcessing> {
  const pack = authorize(viewer, 'studio', await findPack(db, id), asPack, WHAT);
  return processingOf(db, pack);
}

const TO_STATUS: Record<ReviewPack['decision'], PackStatus> = {
  approve: PACK_STATUS.approved,
  send_back: PACK_STATUS.draft,
  reject: PACK_STATUS.archived,
};

/**
 * An admin's decision on a pack awaiting approval, in one transaction with everything it causes (the pack
 * lifecycle queues the processing job on approval, the creator's e-mail with the notes otherwise) and the
 * review's record. A decision on a pack no longer awaiting approval (another admin decided first) is a 409.
 */
export async function reviewPack(ctx: AppContext, admin: Viewer, id: string, review: ReviewPack, ipAddress: string | null): Promise<PackForReview> {
  return ctx.db.transaction(async (tx) => {
    const pack = authorize(admin, 'review', await lockPack(tx, id), asPack, WHAT);
    const to = TO_STATUS[review.decision];
    const notes = review.decision === 'approve' ? (review.notes || null) : review.notes!;
    const { from } = await transitionPack(ctx, tx, {
      packId: pack.id,
      to,
      from: [PACK_STATUS.awaitingApproval],
      actor: { userId: admin.userId, ipAddress },
      reason: notes,
      audit: { action: `pack.${review.decision}`, details: notes ? { notes } : {} },
    });
    await insertReview(tx, { packId: pack.id, reviewerUserId: admin.userId, decision: review.decision, notes, fromStatus: from, toStatus: to });
    return present(tx, admin, (await findPack(tx, pack.id))!);
  });
}

/** An admin runs processing again: a pack with file errors after a fix on our side (−2 → 3), or a published one (4 → 3). */
export async function reprocessPack(ctx: AppContext, admin: Viewer, id: string, ipAddress: string | null): Promise<PackProcessing> {
  return ctx.db.transaction(async (tx) => {
    const pack = authorize(admin, 'review', await lockPack(tx, id), asPack, WHAT);
    await transitionPack(ctx, tx, {
      packId: pack.id,
      to: PACK_STATUS.processing,
      from: RERUN_FROM,
      actor: { userId: admin.userId, ipAddress },
      audit: { action: 'pack.reprocess' },
    });
    return processingOf(tx, (await findPack(tx, pack.id))!);
  });
}

/**
 * A pack's audio file for an admin to audition: the MP3 preview when processing made one, else the original as
 * uploaded, typed by its stored bytes (an upload's declared type is the browser's guess, often none at all).
 */
export async function findFileForReview(ctx: Pick<AppContext, 'db' | 'storage'>, viewer: Viewer, packId: string, fileId: string): Promise<{ storageKey: string; contentType: string }> {
  authorize(viewer, 'review', await findPack(ctx.db, packId), asPack, WHAT);
  const found = await findPackFileForPlaying(ctx.db, packId, fileId);
  if (!found || !isAudioFile(found.original)) throw notFound('That sound');
  if (found.preview) return found.preview;
  const { storageKey } = found.original;
  return { storageKey, contentType: (await storedAudioType(ctx.storage, storageKey)) ?? 'application/octet-stream' };
}
