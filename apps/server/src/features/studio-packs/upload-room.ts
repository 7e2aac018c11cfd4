/**
 * The room uploads take (docs/decisions/0025 for the limits, 0032 for reservations): what a pack and a creator
 * hold is their stored files plus what their open uploads declared. An upload reserves its declared size when it
 * is created — so five 4 GB uploads cannot all be opened in one 4 GB pack — and its real size when it is
 * finished (a zip's files may weigh more than the zip); its stored files then count instead. Every check and
 * change runs with the creator's room locked, so two uploads never both take the last gigabyte.
 */
import { formatBytes, STUDIO_LIMITS } from '@crate/contract/studio-limits';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { deleteExpiredReservations, deleteReservation, lockCreatorRoom, roomInUse, shrinkReservation, upsertReservation, type RoomInUse } from './upload-reservation-repository.ts';

/** An unfinished upload is forgotten (its bytes deleted, its room given back) a week after it was created. */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;

export interface RoomRequest {
  uploadId: string;
  startedByUserId: string;
  creatorId: string;
  packId: string;
  bytes: number;
  files: number;
  /** What is being sent, for the message: `"Kick.wav"`, `the zip's 120 files`. */
  what: string;
}

const FREE_SOME = 'Finish or cancel an upload in progress, or remove files from the pack.';

function assertFits(used: RoomInUse, request: RoomRequest): void {
  const { stored, reserved } = used;
  const size = formatBytes(request.bytes);
  const held = (bytes: number) => (bytes > 0 ? ` and uploads in progress hold ${formatBytes(bytes)} more` : '');
  if (stored.packFiles + reserved.packFiles + request.files > STUDIO_LIMITS.packMaxFiles) {
    const pending = reserved.packFiles > 0 ? ` and uploads in progress will add ${reserved.packFiles}` : '';
    throw new AppError('PAYLOAD_TOO_LARGE', `A pack holds at most ${STUDIO_LIMITS.packMaxFiles} files: this one has ${stored.packFiles}${pending}, so ${request.what} does not fit. ${FREE_SOME}`, 'file');
  }
  if (stored.pack + reserved.pack + request.bytes > STUDIO_LIMITS.packMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `A pack is at most ${formatBytes(STUDIO_LIMITS.packMaxBytes)}: this one holds ${formatBytes(stored.pack)}${held(reserved.pack)}, so ${request.what} (${size}) does not fit. ${FREE_SOME}`, 'file');
  }
  if (stored.creator + reserved.creator + request.bytes > STUDIO_LIMITS.creatorMaxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Your uploads may take at most ${formatBytes(STUDIO_LIMITS.creatorMaxBytes)}: you use ${formatBytes(stored.creator)}${held(reserved.creator)}, so ${request.what} (${size}) does not fit. Write to us for more room.`,
      'file',
    );
  }
}

/**
 * A new upload takes its room, or is refused: 409 when the creator has as many uploads open as they may, 413
 * when its declared size or one more file does not fit the pack or the creator.
 */
export async function reserveUploadRoom(ctx: Pick<AppContext, 'db'>, request: RoomRequest, expiresAt: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockCreatorRoom(tx, request.creatorId);
    const used = await roomInUse(tx, request.creatorId, request.packId, request.uploadId);
    if (used.reserved.openUploads >= STUDIO_LIMITS.openUploadsMax) {
      throw new AppError(
        'TOO_MANY_OPEN_UPLOADS',
        `You have ${used.reserved.openUploads} uploads open, the most at once: finish or cancel one, then send ${request.what} again (an unfinished upload is let go a week after it started).`,
        'file',
      );
    }
    assertFits(used, request);
    await upsertReservation(tx, { ...request, expiresAt });
  });
}

/**
 * A finished upload's real content (one file, or every file of a zip) takes the room its reservation held,
 * checked again: a zip's files may weigh more than the zip declared. An upload that holds no reservation
 * (one begun before reservations existed) reserves now.
 */
export async function confirmUploadRoom(ctx: Pick<AppContext, 'db'>, request: RoomRequest): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockCreatorRoom(tx, request.creatorId);
    assertFits(await roomInUse(tx, request.creatorId, request.packId, request.uploadId), request);
    await upsertReservation(tx, { ...request, expiresAt: new Date(Date.now() + UPLOAD_EXPIRY_MS) });
  });
}

/** One file of the upload is stored: it counts as a file of the pack now, so its reservation holds that much less. */
export const roomStored = (db: DbOrTx, uploadId: string, bytes: number) => shrinkReservation(db, uploadId, bytes);

/** The upload ended — finished, cancelled or refused: its room is given back. */
export const releaseUploadRoom = (ctx: Pick<AppContext, 'db'>, uploadId: string) => deleteReservation(ctx.db, uploadId);

/** Uploads past their week: their reservations go with them. */
export const releaseExpiredUploadRoom = (ctx: Pick<AppContext, 'db'>) => deleteExpiredReservations(ctx.db);
