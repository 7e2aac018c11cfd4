import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, files, items, packs } from '../../db/schema/index.ts';
import { AUDIO_VARIANTS } from '../../media/audio-derivatives.ts';

const audioFile = alias(files, 'audio_file');
const presetFile = alias(files, 'preset_file');
const previewFile = alias(files, 'preview_file');

const fileColumns = <F extends typeof audioFile | typeof presetFile | typeof previewFile>(f: F) => ({
  id: f.id,
  name: f.originalName,
  size: f.size,
  contentType: f.contentType,
  durationMs: f.durationMs,
  createdAt: f.createdAt,
});

/** An item with everything its editor shows, by slug, whoever may see it (the caller authorizes). `lock` takes the row for an update. */
export async function findEditableItem(db: DbOrTx, slug: string, lock = false) {
  const query = db
    .select({
      id: items.id,
      slug: items.slug,
      type: items.type,
      name: items.name,
      description: items.description,
      kind: items.kind,
      key: items.key,
      bpm: items.bpm,
      timeSignature: items.timeSignature,
      feel: items.feel,
      genres: items.genres,
      instruments: items.instruments,
      tags: items.tags,
      creditCost: items.creditCost,
      plugin: items.plugin,
      isFree: items.isFree,
      durationMs: items.durationMs,
      takenDownAt: items.takenDownAt,
      updatedAt: items.updatedAt,
      audioFileId: items.audioFileId,
      presetFileId: items.presetFileId,
      previewFileId: items.previewFileId,
      packId: packs.id,
      packSlug: packs.slug,
      packTitle: packs.title,
      packStatus: packs.status,
      packCreatorId: packs.creatorId,
      creatorId: creators.id,
      creatorSlug: creators.slug,
      creatorName: creators.name,
      audioFile: fileColumns(audioFile),
      presetFile: fileColumns(presetFile),
      previewFile: fileColumns(previewFile),
      /** The player's source (the preset's preview, else the sound) has its MP3 preview stored. */
      previewReady: sql<boolean>`exists (select 1 from files d where d.derived_from_file_id = coalesce(${items.previewFileId}, ${items.audioFileId}) and d.variant = ${AUDIO_VARIANTS.preview})`,
    })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .leftJoin(audioFile, eq(audioFile.id, items.audioFileId))
    .leftJoin(presetFile, eq(presetFile.id, items.presetFileId))
    .leftJoin(previewFile, eq(previewFile.id, items.previewFileId))
    .where(eq(items.slug, slug));
  const [row] = lock ? await query.for('update', { of: items }) : await query;
  return row ?? null;
}
export type EditableItemRow = NonNullable<Awaited<ReturnType<typeof findEditableItem>>>;

export type ItemChanges = Partial<
  Pick<
    typeof items.$inferInsert,
    'name' | 'description' | 'kind' | 'key' | 'bpm' | 'timeSignature' | 'feel' | 'genres' | 'instruments' | 'tags' | 'creditCost' | 'plugin' | 'audioFileId' | 'presetFileId' | 'previewFileId' | 'durationMs' | 'audioFeatures'
  >
>;

/** Writes the changes; the search triggers re-index the item and queue it in search_outbox in this same statement's transaction. */
export async function updateItemRow(db: DbOrTx, id: string, changes: ItemChanges): Promise<void> {
  await db
    .update(items)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(items.id, id)));
}
