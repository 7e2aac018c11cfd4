/**
 * The `analyse-audio` job: tempo and key of an uploaded sound (media/tempo-key.ts, docs/decisions/0027),
 * queued with the upload. What the detector heard is kept on the file with its confidence, and fills the
 * item's BPM and key where the file name said nothing — never over what the name or the creator said.
 * A sound with a clear tempo and no kind yet is a loop; a short one without a tempo is a one-shot.
 */
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import type { MusicalKey } from '@crate/contract/catalogue-enums';
import type { AppContext } from '../../app-context.ts';
import { findFileById } from '../../files/file-repository.ts';
import { PermanentJobError } from '../../jobs/job-queue.ts';
import { MediaError } from '../../media/media-error.ts';
import { mediaPool } from '../../media/media-pool.ts';
import { copyToTempFile } from '../../processing/derive-media.ts';
import { saveAudioAnalysis } from './audio-analysis-repository.ts';

export const analyseAudioPayloadSchema = z.strictObject({ fileId: z.guid() });
export const analyseAudioJobKey = ({ fileId }: z.output<typeof analyseAudioPayloadSchema>) => `analyse-audio:${fileId}`;

const ONE_SHOT_MAX_MS = 1500;

export async function runAnalyseAudio(ctx: AppContext, { fileId }: z.output<typeof analyseAudioPayloadSchema>): Promise<void> {
  const file = await findFileById(ctx.db, fileId);
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
  const kind = heard.bpm !== null && durationMs > ONE_SHOT_MAX_MS ? 'Loop' : durationMs <= ONE_SHOT_MAX_MS ? 'One-Shot' : null;
  await saveAudioAnalysis(ctx.db, { id: fileId, itemId: file.itemId }, heard, {
    bpm: heard.bpm !== null ? Math.round(heard.bpm * 10) / 10 : null,
    key: heard.key as MusicalKey | null,
    kind,
  });
}
