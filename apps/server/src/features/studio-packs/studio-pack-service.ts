import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Page, pageQuerySchema } from '@crate/contract/pagination';
import { PACK_STATUS, packStatusLabel, takesFiles, type PackStatus } from '@crate/contract/pack-status';
import type { bulkItemChangesSchema, packDetailsSchema, PUBLISHED_PACK_FIELDS, StudioPack, StudioPackSummary, updatePackSchema } from '@crate/contract/studio-packs';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { deleteFileAndDerivatives, type FileRecord } from '../../files/file-repository.ts';
import { findLatestRun, listOriginalFiles, listProblemOutcomes } from '../../processing/processing-run-repository.ts';
import { republishPack, transitionPack, withdrawPack } from '../../packs/pack-lifecycle.ts';
import { AppError } from '../../http/app-error.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { abilitiesOn, authorize } from '../../policies/can.ts';
import { asPack, isPublishedPack } from '../../policies/pack-policy.ts';
import { creatorMemberships } from '../../policies/policy-viewer.ts';
import { slugify } from '../creators/creator-profile-service.ts';
import { checkUploadedImage, releaseUploadedImage } from '../admin-images/admin-image-service.ts';
import { applyItemChanges, itemChangesOf } from '../item-editing/item-editing-service.ts';
import { copyDefaultSplitToPack } from '../splits/split-service.ts';
import { presentStudioPack, presentStudioPackSummary, submitBlockers } from './studio-pack-presenter.ts';
import { listZipImports } from './zip-import-repository.ts';
import {
  clearDuplicateMarks,
  clearPackPreviewIf,
  deleteItemKeepingFiles,
  findItemFiles,
  findStudioPack,
  insertPack,
  isItemOwned,
  linkFile,
  listAnalysingFileIds,
  listAttachedFileKinds,
  listPackItems,
  listPacksOfCreators,
  markFileDuplicate,
  packSummaries,
  setItemFileFlags,
  setItemPreview,
  setPackCover,
  touchPack,
  updatePackDetails,
  type PackDetailColumns,
  type StudioPackRow,
} from './studio-pack-repository.ts';

const THAT_PACK = 'That pack';

/** A slug that reads like the title and cannot collide (the random tail). */
export const newSlug = (text: string, fallback: string) => `${slugify(text, fallback).slice(0, 40)}-${randomBytes(4).toString('hex')}`;

export function assertEditable(row: Pick<StudioPackRow, 'status'>): void {
  if (!takesFiles(row.status)) {
    throw new AppError('CONFLICT', `This pack is ${packStatusLabel(row.status).toLowerCase()}: only a draft or a pack with file errors can be changed.`);
  }
}

/** What the studio offers on a pack. */
const STUDIO_ABILITIES = ['edit', 'submit', 'split', 'withdraw'] as const;

/** The pack's sounds whose audio is still being heard (kind, tempo, key): the studio shows "listening…" and holds submit. */
const listAnalysingSounds = (db: DbOrTx, packFiles: readonly FileRecord[]) => listAnalysingFileIds(db, packFiles.filter((f) => f.kind === 'Sample audio').map((f) => f.id));

/** The whole studio view of a pack, read in one go (inside the caller's transaction when there is one). */
async function loadStudioPack(db: DbOrTx, viewer: Viewer, row: StudioPackRow): Promise<StudioPack> {
  const [packFiles, packItems, facts, run] = [await listOriginalFiles(db, row.id), await listPackItems(db, row.id), await packSummaries(db, [row.id]), await findLatestRun(db, row.id)];
  // What the latest processing run said about each file with a problem: the creator reads it beside the file.
  const said = new Map((run ? await listProblemOutcomes(db, run.id) : []).flatMap((o) => (o.fileId && o.problem && o.message ? [[o.fileId, o.message] as const] : [])));
  const analysing = await listAnalysingSounds(db, packFiles);
  return presentStudioPack(row, packFiles, packItems, facts.get(row.id), said, analysing, abilitiesOn(viewer, asPack(row), STUDIO_ABILITIES), await listZipImports(db, row.id));
}

export async function listStudioPacks(ctx: AppContext, viewer: Viewer, query: z.output<typeof pageQuerySchema>): Promise<Page<StudioPackSummary>> {
  const after = decodeCursor(query.cursor, CURSOR_VALUES.time);
  const memberships = creatorMemberships(viewer);
  if (memberships.length === 0) return { items: [], next_cursor: null };
  const rows = await listPacksOfCreators(ctx.db, memberships, { limit: query.limit, after });
  const facts = await packSummaries(
    ctx.db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows,
    query.limit,
    (row) => presentStudioPackSummary(row, facts.get(row.id), abilitiesOn(viewer, asPack(row), STUDIO_ABILITIES)),
    (row) => encodeCursor(row.updatedAt.toISOString(), row.id),
  );
}

export async function getStudioPack(ctx: AppContext, viewer: Viewer, id: string): Promise<StudioPack> {
  const row = authorize(viewer, 'studio', await findStudioPack(ctx.db, id), asPack, THAT_PACK);
  return loadStudioPack(ctx.db, viewer, row);
}

type PackDetails = z.output<typeof packDetailsSchema>;

const detailColumns = (input: Partial<PackDetails>): PackDetailColumns => ({
  ...(input.title !== undefined ? { title: input.title } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.genres !== undefined ? { genres: input.genres } : {}),
  ...(input.licence_type !== undefined ? { licenceType: input.licence_type } : {}),
  ...(input.credit_cost !== undefined ? { creditCost: input.credit_cost } : {}),
  ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
});

/** A new draft of the viewer's own creator profile. */
export async function createStudioPack(ctx: AppContext, viewer: Viewer, input: PackDetails, ipAddress: string | null): Promise<StudioPack> {
  const creatorId = viewer.creatorId;
  if (!creatorId) throw new AppError('CONFLICT', 'You have no creator profile yet: it is made when your creator application is approved.');
  return ctx.db.transaction(async (tx) => {
    const createdId = await insertPack(tx, { ...detailColumns(input), title: input.title, slug: newSlug(input.title, 'pack'), creatorId, status: PACK_STATUS.draft });
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'pack.created', targetType: 'pack', targetId: createdId, details: { title: input.title }, ipAddress });
    const created = (await findStudioPack(tx, createdId))!;
    // The pack starts with the creator's default split (decision 0052).
    await copyDefaultSplitToPack(tx, { creatorId, creatorUserId: created.creatorUserId, packId: createdId }, viewer.userId, ipAddress);
    return loadStudioPack(tx, viewer, created);
  });
}

type PackUpdate = z.output<typeof updatePackSchema>;

/** The fields a published pack keeps as it was reviewed and sold (decision 0072), with the pack's value of each. */
const SOLD_AS = { licence_type: 'licenceType', credit_cost: 'creditCost', price_cents: 'priceCents' } as const satisfies Record<Exclude<keyof PackUpdate, (typeof PUBLISHED_PACK_FIELDS)[number] | 'expected_updated_at'>, keyof StudioPackRow>;

/**
 * What a pack in this status takes: a draft (or one with file errors) every detail but a cover upload (its cover is
 * one of its files); a published pack its title, description, genres and a new cover, and the rest only unchanged
 * (the editor sends the whole form). Anything else is not changed by its creator (409).
 */
function checkChangeable(row: StudioPackRow, input: PackUpdate): void {
  if (!isPublishedPack(row)) {
    assertEditable(row);
    if (input.cover_file_id !== undefined) throw new AppError('VALIDATION_FAILED', "A draft's cover art is one of its files: add it with the pack's files.", 'cover_file_id');
    return;
  }
  for (const [field, column] of Object.entries(SOLD_AS)) {
    const sent = input[field as keyof typeof SOLD_AS];
    if (sent !== undefined && sent !== row[column]) {
      throw new AppError('CONFLICT', 'This pack is published: its licence and prices stay as it was reviewed and sold. Its title, description, genres and cover can change.', field);
    }
  }
}

/**
 * Changes a pack's details: any of a draft's, or what a published pack takes (decision 0072). Audited; a new title
 * reaches search through the outbox (the packs' triggers, in this transaction), and a cover replaced by another
 * upload is removed once nothing shows it.
 */
export async function updateStudioPack(ctx: AppContext, viewer: Viewer, id: string, input: PackUpdate, ipAddress: string | null): Promise<StudioPack> {
  const { pack, replacedCover } = await ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'edit', await findStudioPack(tx, id, true), asPack, THAT_PACK);
    checkChangeable(row, input);
    if (input.expected_updated_at !== undefined && Date.parse(input.expected_updated_at) !== row.updatedAt.getTime()) {
      throw new AppError('CONFLICT', 'This pack was changed somewhere else since you opened it. Reload to see the changes, then make yours again.', 'expected_updated_at');
    }
    const newCover = input.cover_file_id !== undefined && input.cover_file_id !== row.coverFileId ? input.cover_file_id : null;
    if (newCover) await checkUploadedImage(tx, newCover, 'cover', 'cover_file_id', viewer.userId);
    const changes = { ...detailColumns(isPublishedPack(row) ? { title: input.title, description: input.description, genres: input.genres } : input), ...(newCover ? { coverFileId: newCover } : {}) };
    if (Object.keys(changes).length > 0) {
      await updatePackDetails(tx, id, changes);
      await recordAudit(tx, {
        actorUserId: viewer.userId,
        action: 'pack.updated',
        targetType: 'pack',
        targetId: id,
        details: { fields: Object.keys(changes), status: row.status, ...(newCover ? { cover_replaced: row.coverFileId } : {}) },
        ipAddress,
      });
    }
    return { pack: await loadStudioPack(tx, viewer, (await findStudioPack(tx, id))!), replacedCover: newCover ? row.coverFileId : null };
  });
  await releaseUploadedImage(ctx, replacedCover);
  return pack;
}

/** The creator takes their published pack off sale (decision 0072): out of the catalogue and search; what owners got stays theirs. */
export async function withdrawStudioPack(ctx: AppContext, viewer: Viewer, id: string, ipAddress: string | null): Promise<StudioPack> {
  return ctx.db.transaction(async (tx) => {
    authorize(viewer, 'withdraw', await findStudioPack(tx, id, true), asPack, THAT_PACK);
    await withdrawPack(ctx, tx, id, { userId: viewer.userId, ipAddress });
    return loadStudioPack(tx, viewer, (await findStudioPack(tx, id))!);
  });
}

/** A pack its creator withdrew goes back on sale, as it was. */
export async function republishStudioPack(ctx: AppContext, viewer: Viewer, id: string, ipAddress: string | null): Promise<StudioPack> {
  return ctx.db.transaction(async (tx) => {
    authorize(viewer, 'withdraw', await findStudioPack(tx, id, true), asPack, THAT_PACK);
    await republishPack(ctx, tx, id, { userId: viewer.userId, ipAddress });
    return loadStudioPack(tx, viewer, (await findStudioPack(tx, id))!);
  });
}

/** The sounds table's save: every row's changes in one transaction, or none of them (the first bad row is named). */
export async function updateStudioPackItems(ctx: AppContext, viewer: Viewer, id: string, input: z.output<typeof bulkItemChangesSchema>, ipAddress: string | null): Promise<StudioPack> {
  return ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'edit', await findStudioPack(tx, id, true), asPack, THAT_PACK);
    assertEditable(row);
    const existing = new Map((await listPackItems(tx, id)).map((item) => [item.id, item]));
    input.items.forEach((change, index) => {
      const item = existing.get(change.id);
      if (!item) throw new AppError('NOT_FOUND', `Sound ${index + 1} of the save is not in this pack.`, `items.${index}.id`);
      if (change.plugin !== undefined && item.type !== 'preset') throw new AppError('VALIDATION_FAILED', `"${item.name}" is a sample: only presets target a plugin.`, `items.${index}.plugin`);
    });
    await applyItemChanges(
      tx,
      input.items.map(({ id: itemId, ...fields }) => ({ id: itemId, changes: itemChangesOf(fields) })),
    );
    await touchPack(tx, id);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'pack.items_updated', targetType: 'pack', targetId: id, details: { items: input.items.map((c) => c.id) }, ipAddress });
    return loadStudioPack(tx, viewer, (await findStudioPack(tx, id))!);
  });
}

/**
 * Removes an uploaded file from a draft. The sound or preset an item was made from takes the item with it
 * (nobody can own a sound that was never published; one that somebody owns is refused); a preview, stem,
 * MIDI or cover is unlinked from what used it. A duplicate pair stops being one when either goes.
 */
export async function deleteStudioPackFile(ctx: AppContext, viewer: Viewer, packId: string, fileId: string, ipAddress: string | null): Promise<StudioPack> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'edit', await findStudioPack(tx, packId, true), asPack, THAT_PACK);
    assertEditable(row);
    const file = (await listOriginalFiles(tx, packId)).find((f) => f.id === fileId);
    if (!file) throw new AppError('NOT_FOUND', 'That file is not in this pack.', 'fileId');
    if (row.coverFileId === fileId) await setPackCover(tx, packId, null);
    await clearPackPreviewIf(tx, packId, fileId);
    if (file.itemId) await detachFromItem(tx, file.itemId, fileId);
    await clearDuplicateMarks(tx, packId, file.md5 ?? '');
    await touchPack(tx, packId);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'pack.file_removed', targetType: 'pack', targetId: packId, details: { file: fileId, path: file.customMetadata.relativePath ?? file.originalName }, ipAddress });
    return row;
  });
  await deleteFileAndDerivatives(ctx, fileId);
  const twins = (await listOriginalFiles(ctx.db, packId)).filter((f) => f.md5 !== null);
  await markDuplicates(ctx.db, twins);
  return loadStudioPack(ctx.db, viewer, (await findStudioPack(ctx.db, removed.id))!);
}

async function detachFromItem(tx: DbOrTx, itemId: string, fileId: string): Promise<void> {
  const item = await findItemFiles(tx, itemId);
  if (!item) return;
  if (item.audioFileId === fileId || item.presetFileId === fileId) {
    if (await isItemOwned(tx, itemId)) throw new AppError('CONFLICT', 'Somebody owns this sound already: replace its file from the sound\'s editor instead.');
    await deleteItemKeepingFiles(tx, itemId);
    return;
  }
  if (item.previewFileId === fileId) await setItemPreview(tx, itemId, null, { touch: true });
  await linkFile(tx, fileId, null);
  await refreshItemFlags(tx, [itemId]);
}

/** has_stems / has_midi follow the files attached to the items. */
export async function refreshItemFlags(tx: DbOrTx, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const attached = await listAttachedFileKinds(tx, itemIds);
  for (const itemId of itemIds) {
    const kinds = new Set(attached.filter((f) => f.itemId === itemId).map((f) => f.kind));
    await setItemFileFlags(tx, itemId, { hasStems: kinds.has('Stem audio'), hasMidi: kinds.has('Midi') });
  }
}

/**
 * Files with the same bytes as an earlier file of the pack are marked duplicates; the earliest of each set
 * is not. Marks are only added here (the pipeline's check against the whole catalogue is authoritative).
 */
export async function markDuplicates(db: DbOrTx, packFiles: readonly { id: string; md5: string | null; problem: string | null }[]): Promise<void> {
  const seen = new Set<string>();
  for (const file of packFiles) {
    if (!file.md5) continue;
    if (seen.has(file.md5) && file.problem === null) await markFileDuplicate(db, file.id);
    seen.add(file.md5);
  }
}

/** Sends a draft (or a pack whose file errors are fixed: −2 → 0 → 1) for review. */
export async function submitStudioPack(ctx: AppContext, viewer: Viewer, id: string, ipAddress: string | null): Promise<StudioPack> {
  return ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'submit', await findStudioPack(tx, id, true), asPack, THAT_PACK);
    const packFiles = await listOriginalFiles(tx, id);
    const blockers = submitBlockers(row, packFiles, await listPackItems(tx, id), await listZipImports(tx, id), await listAnalysingSounds(tx, packFiles));
    if (blockers.length > 0) throw new AppError('CONFLICT', `This pack cannot go to review yet. ${blockers.join(' ')}`);
    const path: PackStatus[] = row.status === PACK_STATUS.fileErrors ? [PACK_STATUS.draft, PACK_STATUS.awaitingApproval] : [PACK_STATUS.awaitingApproval];
    for (const to of path) await transitionPack(ctx, tx, { packId: id, to, actor: { userId: viewer.userId, ipAddress } });
    return loadStudioPack(tx, viewer, (await findStudioPack(tx, id))!);
  });
}
