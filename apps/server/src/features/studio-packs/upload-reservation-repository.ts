import { eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { creators, uploadReservations } from '../../db/schema/index.ts';

export type NewReservation = typeof uploadReservations.$inferInsert;

/** What a creator's uploads take: bytes and files stored, and what open uploads hold (`except` one of them). */
export interface RoomInUse {
  stored: { creator: number; pack: number; packFiles: number };
  reserved: { creator: number; pack: number; packFiles: number; openUploads: number };
}

/** Serialises every change to one creator's room (reservations, and the checks before them) until the transaction ends. */
export async function lockCreatorRoom(tx: Tx, creatorId: string): Promise<void> {
  await tx.select({ id: creators.id }).from(creators).where(eq(creators.id, creatorId)).for('no key update');
}

export async function roomInUse(db: DbOrTx, creatorId: string, packId: string, exceptUploadId: string | null): Promise<RoomInUse> {
  const result = await db.execute(sql`
    with stored as (
      select coalesce(sum(f.size), 0) as creator,
        coalesce(sum(f.size) filter (where f.pack_id = ${packId}), 0) as pack,
        count(*) filter (where f.pack_id = ${packId}) as pack_files
      from files f join packs p on p.id = f.pack_id
      where p.creator_id = ${creatorId} and f.derived_from_file_id is null
    ), reserved as (
      select coalesce(sum(r.bytes), 0) as creator,
        coalesce(sum(r.bytes) filter (where r.pack_id = ${packId}), 0) as pack,
        coalesce(sum(r.files) filter (where r.pack_id = ${packId}), 0) as pack_files,
        count(*) as open_uploads
      from upload_reservations r
      where r.creator_id = ${creatorId} and r.expires_at > now() and r.upload_id <> ${exceptUploadId ?? ''}
    )
    select stored.creator as stored_creator, stored.pack as stored_pack, stored.pack_files as stored_pack_files,
      reserved.creator as reserved_creator, reserved.pack as reserved_pack, reserved.pack_files as reserved_pack_files, reserved.open_uploads
    from stored, reserved`);
  const [row] = rowsOf<Record<string, string | number>>(result);
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    stored: { creator: n('stored_creator'), pack: n('stored_pack'), packFiles: n('stored_pack_files') },
    reserved: { creator: n('reserved_creator'), pack: n('reserved_pack'), packFiles: n('reserved_pack_files'), openUploads: n('open_uploads') },
  };
}

/** Holds room for an upload; an upload that holds some already has it replaced by `bytes` and `files`. */
export async function upsertReservation(tx: Tx, reservation: NewReservation): Promise<void> {
  await tx
    .insert(uploadReservations)
    .values(reservation)
    .onConflictDoUpdate({ target: uploadReservations.uploadId, set: { bytes: reservation.bytes, files: reservation.files } });
}

/** A file of the upload is stored (and counts on its own now): the reservation holds that much less. */
export async function shrinkReservation(db: DbOrTx, uploadId: string, bytes: number): Promise<void> {
  await db
    .update(uploadReservations)
    .set({ bytes: sql`greatest(${uploadReservations.bytes} - ${bytes}, 0)`, files: sql`greatest(${uploadReservations.files} - 1, 0)` })
    .where(eq(uploadReservations.uploadId, uploadId));
}

export async function deleteReservation(db: DbOrTx, uploadId: string): Promise<void> {
  await db.delete(uploadReservations).where(eq(uploadReservations.uploadId, uploadId));
}

export async function deleteExpiredReservations(db: DbOrTx): Promise<void> {
  await db.delete(uploadReservations).where(lte(uploadReservations.expiresAt, sql`now()`));
}
