/**
 * The `analyse-audio` job: kind, tempo and key of an uploaded sound (media/tempo-key.ts, docs/decisions/0027
 * and 0070), queued with the upload. What the detector heard is kept on the file with its confidence, and
 * fills the item's kind, BPM and key where the file name said nothing — never over what the name or the
 * creator said.
 */
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { findFileById } from '../../files/file-repository.ts';
import { PermanentJobError } from '../../jobs/job-queue.ts';
import { MediaError } from '../../media/media-error.ts';
import { mediaPool } from '../../media/media-pool.ts';
import { copyToTempFile } from '../../processing/derive-media.ts';
import { saveAudioAnalysis } from './audio-analysis-repository.ts';

export const analyseAudioPayloadSchema = z.strictObject({ fileId: z.guid() });
export const analyseAudioJobKey = ({ fileId }: z.output<typeof analyseAudioPayloadSchema>) => `analyse-audio:${fileId}`;

export async function runAnalyseAudio(ctx: AppContext, { fileId }: z.output<typeof analyseAudioPayloadSchema>): Promise<void> {
  const file = await findFileById(ctx.db, fileId);
  if (!file) return; // removed from its draft before we got to it
  const local = await copyToTempFile(ctx.storage, file);
  let heard;
  try {
    // Its first minute, decoded and heard in the media pool's threads (never on the API's event loop).
    heard = await mediaPool().run('tempo-key', { path: local }, { owner: file.ownerUserId });
  } catch (error) {
    if (error instanceof MediaError && (error.code === 'undecodable-media' || error.code === 'too-costly')) {
      throw new PermanentJobError(`"${file.originalName}" is not audio that can be decoded: ${error.message}`);
    }
    throw error;
  } finally {
    await rm(local, { force: true });
  }
  await saveAudioAnalysis(ctx.db, { id: fileId, itemId: file.itemId }, heard, {
    bpm: heard.bpm !== null ? Math.round(heard.bpm * 10) / 10 : null,
    key: heard.key,
    kind: heard.kind,
  });
}
