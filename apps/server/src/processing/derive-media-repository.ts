/** The queries of deriveMediaForFile (derive-media.ts): the source file, its stored variants and what a sound's probe records. */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { banners, creators, files, items } from '../db/schema/index.ts';

/** Whether the image is a site banner's or a creator's banner. */
export async function isBannerImage(db: DbOrTx, fileId: string): Promise<boolean> {
  const [asBanner] = await db.select({ id: banners.id }).from(banners).where(eq(banners.imageFileId, fileId)).limit(1);
  if (asBanner) return true;
  const [asCreatorBanner] = await db.select({ id: creators.id }).from(creators).where(eq(creators.bannerFileId, fileId)).limit(1);
  return Boolean(asCreatorBanner);
}

export async function findSourceFile(db: DbOrTx, fileId: string) {
  const [source] = await db.select().from(files).where(eq(files.id, fileId));
  return source ?? null;
}

export async function listVariants(db: DbOrTx, fileId: string): Promise<Set<string>> {
  const rows = await db.select({ variant: files.variant }).from(files).where(eq(files.derivedFromFileId, fileId));
  return new Set(rows.map((r) => r.variant).filter((v): v is string => v !== null));
}

/** Locks the file's row: runs for the same file queue up behind it. */
export async function lockFile(tx: Tx, fileId: string): Promise<void> {
  await tx.select({ id: files.id }).from(files).where(eq(files.id, fileId)).for('update');
}

/** Records a sound's probe on its file, and its length and features on the item it is the sound of; the items updated. */
export async function recordAudioProbe(
  tx: Tx,
  source: { id: string; itemId: string | null },
  probe: { durationMs: number | null; sampleRate: number | null; channels: number | null; bitDepth: number | null },
  featureVector: (typeof items.$inferInsert)['audioFeatures'],
): Promise<string[]> {
  await tx
    .update(files)
    .set({ durationMs: probe.durationMs, sampleRate: probe.sampleRate, channels: probe.channels, bitDepth: probe.bitDepth, updatedAt: new Date() })
    .where(eq(files.id, source.id));
  if (!source.itemId) return [];
  // The item's own sound (a sample's audio, or a preset's preview when it has no audio); its stems and MIDI are not.
  const updated = await tx
    .update(items)
    .set({ durationMs: probe.durationMs, audioFeatures: featureVector, updatedAt: new Date() })
    .where(and(eq(items.id, source.itemId), or(eq(items.audioFileId, source.id), and(isNull(items.audioFileId), eq(items.previewFileId, source.id)))))
    .returning({ id: items.id });
  return updated.map((r) => r.id);
}
