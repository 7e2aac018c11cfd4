/**
 * The `analyse-audio` job: tempo and key of an uploaded sound (media/tempo-key.ts, docs/decisions/0027),
 * queued with the upload. What the detector heard is kept on the file with its confidence, and fills the
 * item's BPM and key where the file name said nothing — never over what the name or the creator said.
 * A sound with a clear tempo and no kind yet is a loop; a short one without a tempo is a one-shot.
 */
import { rm } from 'node:fs/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { MusicalKey } from '@crate/contract/catalogue-enums';
import type { AppContext } from '../../app-context.ts';
import { files, items } from '../../db/schema/index.ts';
import { PermanentJobError } from '../../jobs/job-queue.ts';
import { MediaError } from '../../media/media-error.ts';
import { mediaPool } from '../../media/media-pool.ts';
import { copyToTempFile } from '../../processing/derive-media.ts';

export const analyseAudioPayloadSchema = z.strictObject({ fileId: z.guid() });
export const analyseAudioJobKey = ({ fileId }: z.output<typeof analyseAudioPayloadSchema>) => `analyse-audio:${fileId}`;

const ONE_SHOT_MAX_MS = 1500;

export async function runAnalyseAudio(ctx: AppContext, { fileId }: z.output<typeof analyseAudioPayloadSchema>): Promise<void> {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!file) return; // removed from its draft before we got to it
  const local = await copyToTempFile(ctx.storage, file);
  let analysed;
  try {
    // Its first minute, decoded and heard in the media pool's threads (never on the API's event loop).
    analysed = await mediaPool().run('tempo-key', { path: local }, { owner: file.ownerUserId });
  } catch (error) {
    if (error instanceof MediaError && (error.code === 'undecodable-media' || error.code === 'too-costly')) {
      throw new PermanentJobError(`"${file.originalName}" is not audio that can be decoded: ${error.message}`);
    }
    throw error;
  } finally {
    await rm(local, { force: true });
  }
  const { heard, durationMs } = analysed;
  await ctx.db.transaction(async (tx) => {
    await tx.update(files).set({ analysis: heard, updatedAt: new Date() }).where(eq(files.id, fileId));
    if (!file.itemId) return;
    const sound = and(eq(items.id, file.itemId), eq(items.audioFileId, fileId));
    if (heard.bpm !== null) await tx.update(items).set({ bpm: Math.round(heard.bpm * 10) / 10 }).where(and(sound, isNull(items.bpm)));
    if (heard.key !== null) await tx.update(items).set({ key: heard.key as MusicalKey }).where(and(sound, isNull(items.key)));
    const kind = heard.bpm !== null && durationMs > ONE_SHOT_MAX_MS ? 'Loop' : durationMs <= ONE_SHOT_MAX_MS ? 'One-Shot' : null;
    if (kind) await tx.update(items).set({ kind }).where(and(sound, isNull(items.kind)));
  });
}
