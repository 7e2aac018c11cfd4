import { and, eq, isNull } from 'drizzle-orm';
import type { ItemKind, MusicalKey } from '@crate/contract/catalogue-enums';
import type { Db } from '../../db/client.ts';
import { files, items } from '../../db/schema/index.ts';

type Heard = typeof files.$inferInsert['analysis'];

/**
 * Keeps what the detector heard on the file and, when the file is its item's sound, fills the item's BPM,
 * key and kind where they are still empty — in one transaction.
 */
export async function saveAudioAnalysis(
  db: Db,
  file: { id: string; itemId: string | null },
  heard: Heard,
  fill: { bpm: number | null; key: MusicalKey | null; kind: ItemKind | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(files).set({ analysis: heard, updatedAt: new Date() }).where(eq(files.id, file.id));
    if (!file.itemId) return;
    const sound = and(eq(items.id, file.itemId), eq(items.audioFileId, file.id));
    if (fill.bpm !== null) await tx.update(items).set({ bpm: fill.bpm }).where(and(sound, isNull(items.bpm)));
    if (fill.key !== null) await tx.update(items).set({ key: fill.key }).where(and(sound, isNull(items.key)));
    if (fill.kind) await tx.update(items).set({ kind: fill.kind }).where(and(sound, isNull(items.kind)));
  });
}
