import { Readable } from 'node:stream';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { ITEM_EDIT_LIMITS, updateItemSchema, type EditableItem, type ItemFileRole, type ReplaceItemFileQuery } from '@crate/contract/item-editing';
import type { AudioLimitKind } from '@crate/contract/studio-limits';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { createFileFromUpload, deleteFileAndDerivatives } from '../../files/file-repository.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { abilitiesOn, authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { ObjectTooLargeError } from '../../storage/object-storage.ts';
import { AUDIO_SIGNATURE_BYTES, audioSignature } from '../../media/audio-signature.ts';
import { checkStoredAudioLength } from '../../processing/derive-media.ts';
import { findEditableItem, updateItemRow, type EditableItemRow, type ItemChanges } from './item-editing-repository.ts';
import { presentEditableItem } from './item-editing-presenter.ts';

const THAT_SOUND = 'That sound';
const asItemRow = (row: EditableItemRow) => asItem({ packCreatorId: row.packCreatorId, packStatus: row.packStatus, takenDownAt: row.takenDownAt, isFree: row.isFree });

/** The editor's view of an item: its creator, their collaborators (read only) and admins; anybody else is refused like any action on the item (404 unless they read it, then 403). */
export async function getEditableItem(ctx: AppContext, viewer: Viewer, slug: string): Promise<EditableItem> {
  const row = authorize(viewer, 'studio', await findEditableItem(ctx.db, slug), asItemRow, THAT_SOUND);
  return presentEditableItem(row, abilitiesOn(viewer, asItemRow(row), ['edit']));
}

type UpdateItemInput = z.output<typeof updateItemSchema>;

/** Contract field → column, for the changes and the audit entry. */
const FIELDS: Record<Exclude<keyof UpdateItemInput, 'expected_updated_at'>, keyof ItemChanges & keyof EditableItemRow> = {
  name: 'name',
  description: 'description',
  kind: 'kind',
  key: 'key',
  bpm: 'bpm',
  time_signature: 'timeSignature',
  feel: 'feel',
  genres: 'genres',
  instruments: 'instruments',
  tags: 'tags',
  credit_cost: 'creditCost',
  plugin: 'plugin',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The columns that contract fields write; fields not sent are left out. */
export function itemChangesOf(input: Partial<Omit<UpdateItemInput, 'expected_updated_at'>>): ItemChanges {
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    if (input[field] !== undefined) changes[FIELDS[field]] = input[field];
  }
  return changes as ItemChanges;
}

/** Writes changes to several items in the caller's transaction (a pack's sounds table); search follows through the items triggers. */
export async function applyItemChanges(tx: DbOrTx, rows: readonly { id: string; changes: ItemChanges }[]): Promise<void> {
  for (const row of rows) if (Object.keys(row.changes).length > 0) await updateItemRow(tx, row.id, row.changes);
}

/**
 * Changes an item's metadata (docs/decisions/0029): its creator or an admin, in one transaction with the
 * row locked, an audit entry naming every changed field (before → after), and the search index queued
 * by the items triggers in the same transaction. Fields not sent and fields sent unchanged are left alone.
 */
export async function updateItem(ctx: AppContext, viewer: Viewer, slug: string, input: UpdateItemInput, ipAddress: string | null): Promise<EditableItem> {
  return ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'edit', await findEditableItem(tx, slug, true), asItemRow, THAT_SOUND);
    if (input.expected_updated_at !== undefined && Date.parse(input.expected_updated_at) !== row.updatedAt.getTime()) {
      throw new AppError('CONFLICT', 'This sound was changed somewhere else since you opened it. Reload to see the changes, then make yours again.', 'expected_updated_at');
    }
    if (input.plugin !== undefined && row.type !== 'preset') throw new AppError('VALIDATION_FAILED', 'Only presets target a plugin', 'plugin');
    const changes: Record<string, unknown> = {};
    const audit: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
      const column = FIELDS[field];
      const value = input[field];
      if (value === undefined || same(row[column], value)) continue;
      changes[column] = value;
      audit[field] = { from: row[column], to: value };
    }
    if (Object.keys(changes).length > 0) {
      await updateItemRow(tx, row.id, changes as ItemChanges);
      await recordAudit(tx, { actorUserId: viewer.userId, action: 'item.updated', targetType: 'item', targetId: row.id, details: { changes: audit }, ipAddress });
    }
    const fresh = (await findEditableItem(tx, slug))!;
    return presentEditableItem(fresh, { edit: true });
  });
}

/** Which files each type of item has, and how each is stored. */
/** `audio`: the length limit of a sound in that role (docs/decisions/0031); null for a preset file. */
const FILE_ROLES: Record<ItemFileRole, { types: readonly EditableItemRow['type'][]; kind: PackFileKind; audio: AudioLimitKind | null; column: 'audioFileId' | 'presetFileId' | 'previewFileId' }> = {
  audio: { types: ['sample'], kind: 'Sample audio', audio: 'Sample audio', column: 'audioFileId' },
  preset: { types: ['preset'], kind: 'Preset', audio: null, column: 'presetFileId' },
  preview: { types: ['preset'], kind: 'Preset preview audio', audio: 'Preset preview audio', column: 'previewFileId' },
};

/** The first bytes of a stream, and a stream that still yields all of it. */
async function peek(body: Readable, bytes: number): Promise<{ head: Buffer; rest: Readable }> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(Buffer.from(next.value));
    length += next.value.length;
  }
  const rest = Readable.from(
    (async function* () {
      yield* chunks;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  return { head: Buffer.concat(chunks).subarray(0, bytes), rest };
}

/**
 * Replaces one of an item's files (docs/decisions/0029): a sample's sound, a preset's file or its preview
 * audio. Sounds are checked by their first bytes (WAV, AIFF, FLAC, MP3, Ogg) before anything is stored;
 * the new file takes the old one's place and the derive-media job is queued in the same transaction, so
 * the preview, waveform, duration and features of that item are made again from the new sound. Until
 * then the item has no preview (the player skips it). The old file stays stored: owners keep what they got.
 */
export async function replaceItemFile(
  ctx: AppContext,
  viewer: Viewer,
  slug: string,
  query: ReplaceItemFileQuery,
  contentType: string | undefined,
  body: Readable | null,
  ipAddress: string | null,
): Promise<EditableItem> {
  const before = authorize(viewer, 'edit', await findEditableItem(ctx.db, slug), asItemRow, THAT_SOUND);
  const role = FILE_ROLES[query.role];
  if (!role.types.includes(before.type)) {
    throw new AppError('VALIDATION_FAILED', before.type === 'sample' ? 'A sample has one sound: replace its audio' : 'A preset has a preset file and a preview: replace one of those', 'role');
  }
  if (!body) throw new AppError('VALIDATION_FAILED', 'The request carried no file.', 'file');
  const { head, rest } = await peek(body, AUDIO_SIGNATURE_BYTES);
  if (head.length === 0) throw new AppError('VALIDATION_FAILED', `"${query.name}" is empty (0 bytes).`, 'file');
  if (role.audio && !audioSignature(head)) {
    rest.destroy();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${query.name}" is not audio we can read: upload a WAV, AIFF, FLAC or MP3 file.`, 'file');
  }
  let file;
  try {
    file = await createFileFromUpload(ctx, {
      body: rest,
      originalName: query.name,
      contentType: contentType ?? null,
      ownerUserId: viewer.userId,
      packId: before.packId,
      itemId: before.id,
      kind: role.kind,
      maxBytes: ITEM_EDIT_LIMITS.fileMaxBytes,
      keyPrefix: 'items',
    });
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', `A file is at most ${ITEM_EDIT_LIMITS.fileMaxBytes / 1024 / 1024} MB.`, 'file');
    throw error;
  }
  try {
    // Its length from its header, before the derive-media job decodes it (in the media pool's threads).
    if (role.audio) await checkStoredAudioLength(ctx.storage, file, role.audio);
    return await ctx.db.transaction(async (tx) => {
      const row = authorize(viewer, 'edit', await findEditableItem(tx, slug, true), asItemRow, THAT_SOUND);
      const previous = row[role.column];
      const changes: ItemChanges = { [role.column]: file.id };
      // The player's source changes: nothing to play until derive-media has made its preview and measured it.
      if (role.audio) Object.assign(changes, { durationMs: null, audioFeatures: null });
      await updateItemRow(tx, row.id, changes);
      if (role.audio) await ctx.jobs.enqueue('derive-media', { fileId: file.id }, { tx, owner: row.packCreatorId });
      await recordAudit(tx, {
        actorUserId: viewer.userId,
        action: 'item.file_replaced',
        targetType: 'item',
        targetId: row.id,
        details: { role: query.role, from: previous, to: file.id, name: file.originalName, size: file.size },
        ipAddress,
      });
      return presentEditableItem((await findEditableItem(tx, slug))!, { edit: true });
    });
  } catch (error) {
    await deleteFileAndDerivatives(ctx, file.id);
    throw error;
  }
}
