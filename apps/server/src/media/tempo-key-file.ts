/**
 * Kind, tempo and key of a stored sound (the `analyse-audio` job's work, docs/decisions/0027, 0070): its first
 * minute, decoded to 22.05 kHz mono, is enough to hear them. Runs in the media pool's threads (media-pool.ts).
 */
import { decodeWav } from '@crate/audio/wav';
import { runFfmpeg } from './ffmpeg.ts';
import { detectTempoAndKey, type TempoAndKey } from './tempo-key.ts';

/** Enough of a loop to hear its tempo and key; the rest of a long composition adds time, not certainty. */
const ANALYSED_SECONDS = 60;
const ANALYSIS_RATE = 22050;

export async function analyseFileTempoAndKey(path: string): Promise<TempoAndKey> {
  const { stdout } = await runFfmpeg({
    input: { path },
    inputArgs: ['-t', String(ANALYSED_SECONDS)],
    outputArgs: ['-map', '0:a:0', '-vn', '-t', String(ANALYSED_SECONDS), '-ac', '1', '-ar', String(ANALYSIS_RATE), '-c:a', 'pcm_f32le', '-f', 'wav', 'pipe:1'],
  });
  return detectTempoAndKey(decodeWav(stdout));
}
