import { CURATION_LIMITS, type AdminStaffPlaylist, type NewStaffPlaylist, type Reorder, type StaffPlaylistPatch, type StaffPlaylistSummary } from '@crate/contract/curation';
import type { Page } from '@crate/contract/pagination';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { violatesUnique } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asStaffPlaylist } from '../../policies/curation-policy.ts';
import { asItem, isListedItem } from '../../policies/item-policy.ts';
import { findItemFacts } from '../../read-models/catalogue-rows.ts';
import { releaseUploadedImage } from '../admin-images/admin-image-service.ts';
import { checkCoverChange } from './cover-change.ts';
import { presentAdminStaffPlaylist, presentStaffPlaylistSummary } from './curation-presenter.ts';
import { checkReorder, listVersion } from './list-order.ts';
import * as repo from './staff-playlist-repository.ts';

const WHAT = 'That playlist';
const SLUG_KEY = 'staff_playlists_slug_key';
const slugTaken = (slug: string) => new AppError('CONFLICT', `The slug "${slug}" is already used by another staff playlist`, 'slug');

export async function listStaffPlaylists(db: DbOrTx, query: { limit: number; cursor?: string | undefined }): Promise<Page<StaffPlaylistSummary>> {
  const rows = await repo.listPlaylists(db, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
  return toPage(rows, query.limit, presentStaffPlaylistSummary, (r) => encodeCursor(r.updatedAt.toISOString(), r.id));
}

async function present(db: DbOrTx, id: string): Promise<AdminStaffPlaylist> {
  const playlist = await repo.findPlaylist(db, id);
  if (!playlist) throw notFound(WHAT);
  const items = await repo.listPlaylistItems(db, id);
  return presentAdminStaffPlaylist(playlist, items, listVersion(items.map((i) => i.id)));
}

export async function getStaffPlaylist(db: DbOrTx, viewer: Viewer, id: string): Promise<AdminStaffPlaylist> {
  authorize(viewer, 'curate', await repo.findPlaylist(db, id), asStaffPlaylist, WHAT);
  return present(db, id);
}

/** Runs a write to one playlist under its lock, audited in the same transaction; a slug taken meanwhile is the same 409 as one taken before. */
async function writePlaylist(ctx: AppContext, slug: string | undefined, write: (tx: DbOrTx) => Promise<string>): Promise<AdminStaffPlaylist> {
  try {
    return await ctx.db.transaction(async (tx) => present(tx, await write(tx)));
  } catch (error) {
    if (slug !== undefined && violatesUnique(error, SLUG_KEY)) throw slugTaken(slug);
    throw error;
  }
}

export async function createStaffPlaylist(ctx: AppContext, admin: Viewer, input: NewStaffPlaylist, ipAddress: string | null) {
  return writePlaylist(ctx, input.slug, async (tx) => {
    if (await repo.slugTaken(tx, input.slug, null)) throw slugTaken(input.slug);
    await checkCoverChange(tx, null, input.cover_file_id);
    const id = await repo.insertPlaylist(tx, { slug: input.slug, title: input.title, description: input.description, coverFileId: input.cover_file_id, published: input.published, createdBy: admin.userId });
    await recordAudit(tx, {
      actorUserId: admin.userId,
      action: 'staff_playlist.create',
      targetType: 'staff_playlist',
      targetId: id,
      details: { slug: input.slug, title: input.title, cover_file_id: input.cover_file_id, published: input.published },
      ipAddress,
    });
    return id;
  });
}

/** Changes the fields sent; a cover it replaces is deleted once nothing shows it. */
export async function updateStaffPlaylist(ctx: AppContext, admin: Viewer, id: string, patch: StaffPlaylistPatch, ipAddress: string | null) {
  const { cover_file_id: coverFileId, ...fields } = patch;
  let replacedCover: string | null = null;
  const playlist = await writePlaylist(ctx, patch.slug, async (tx) => {
    const row = authorize(admin, 'curate', await repo.lockPlaylist(tx, id), asStaffPlaylist, WHAT);
    if (patch.slug !== undefined && (await repo.slugTaken(tx, patch.slug, id))) throw slugTaken(patch.slug);
    const coverChanges = await checkCoverChange(tx, row.coverFileId, coverFileId);
    await repo.updatePlaylist(tx, id, { ...fields, ...(coverChanges ? { coverFileId } : {}) });
    await recordAudit(tx, {
      actorUserId: admin.userId,
      action: 'staff_playlist.update',
      targetType: 'staff_playlist',
      targetId: id,
      details: { ...patch, ...(coverChanges ? { previous_cover_file_id: row.coverFileId } : {}) },
      ipAddress,
    });
    if (coverChanges) replacedCover = row.coverFileId;
    return id;
  });
  await releaseUploadedImage(ctx, replacedCover);
  return playlist;
}

export async function deleteStaffPlaylist(ctx: AppContext, admin: Viewer, id: string, ipAddress: string | null): Promise<{ ok: true }> {
  const cover = await ctx.db.transaction(async (tx) => {
    const row = authorize(admin, 'curate', await repo.lockPlaylist(tx, id), asStaffPlaylist, WHAT);
    const playlist = (await repo.findPlaylist(tx, id))!;
    await repo.deletePlaylist(tx, id);
    await recordAudit(tx, { actorUserId: admin.userId, action: 'staff_playlist.delete', targetType: 'staff_playlist', targetId: id, details: { slug: playlist.slug, title: playlist.title, item_count: playlist.itemCount }, ipAddress });
    return row.coverFileId;
  });
  await releaseUploadedImage(ctx, cover);
  return { ok: true };
}

/** Only a listed sound (published pack, not taken down) goes into a staff playlist, at its end. */
export async function addStaffPlaylistItem(ctx: AppContext, admin: Viewer, id: string, itemId: string, ipAddress: string | null) {
  return writePlaylist(ctx, undefined, async (tx) => {
    authorize(admin, 'curate', await repo.lockPlaylist(tx, id), asStaffPlaylist, WHAT);
    const facts = await findItemFacts(tx, itemId);
    if (!facts) throw new AppError('NOT_FOUND', 'That sound was not found', 'item_id');
    if (!isListedItem(asItem(facts))) throw new AppError('VALIDATION_FAILED', 'That sound is not listed (its pack is not published, or it was taken down): only listed sounds go into a staff playlist', 'item_id');
    const count = (await repo.listPlaylistItemIds(tx, id)).length;
    if (count >= CURATION_LIMITS.playlistItemsMax) throw new AppError('VALIDATION_FAILED', `A staff playlist holds at most ${CURATION_LIMITS.playlistItemsMax} sounds`, 'item_id');
    if (!(await repo.appendItem(tx, id, itemId))) throw new AppError('CONFLICT', 'That sound is already in this playlist', 'item_id');
    await repo.updatePlaylist(tx, id, {});
    await recordAudit(tx, { actorUserId: admin.userId, action: 'staff_playlist.add_item', targetType: 'staff_playlist', targetId: id, details: { item_id: itemId }, ipAddress });
    return id;
  });
}

export async function removeStaffPlaylistItem(ctx: AppContext, admin: Viewer, id: string, itemId: string, ipAddress: string | null) {
  return writePlaylist(ctx, undefined, async (tx) => {
    authorize(admin, 'curate', await repo.lockPlaylist(tx, id), asStaffPlaylist, WHAT);
    if (!(await repo.removeItem(tx, id, itemId))) throw notFound('That sound in this playlist');
    await repo.updatePlaylist(tx, id, {});
    await recordAudit(tx, { actorUserId: admin.userId, action: 'staff_playlist.remove_item', targetType: 'staff_playlist', targetId: id, details: { item_id: itemId }, ipAddress });
    return id;
  });
}

export async function reorderStaffPlaylist(ctx: AppContext, admin: Viewer, id: string, reorder: Reorder, ipAddress: string | null) {
  return writePlaylist(ctx, undefined, async (tx) => {
    authorize(admin, 'curate', await repo.lockPlaylist(tx, id), asStaffPlaylist, WHAT);
    const before = await repo.listPlaylistItemIds(tx, id);
    checkReorder(before, reorder, 'This playlist');
    await repo.setItemPositions(tx, id, reorder.ids);
    await repo.updatePlaylist(tx, id, {});
    await recordAudit(tx, { actorUserId: admin.userId, action: 'staff_playlist.reorder', targetType: 'staff_playlist', targetId: id, details: { before, after: reorder.ids }, ipAddress });
    return id;
  });
}
