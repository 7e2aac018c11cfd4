/**
 * Audio derivatives, the one module the demo seed and the creator upload pipeline both use: from
 * an audio file (WAV 16/24/32-bit, AIFF, FLAC, MP3, OGG, … — anything ffmpeg decodes) it makes
 *
 *  - an MP3 preview (128 kbps CBR, 44.1 kHz, mono stays mono, no tags: small, seekable, and its
 *    duration is exact in every browser);
 *  - waveform peaks JSON for the player (see waveform-peaks.ts);
 *  - the probed properties: duration, sample rate, channels, bit depth where the format has one;
 *  - the audio-features vector for "similar sounds".
 *
 * One ffmpeg process decodes the file once and writes both the MP3 (stdout) and 44.1 kHz float
 * PCM for the analysis (fd 3, as WAV so the channel count travels with it). The analysis mixes
 * down to mono by averaging the channels, so levels match what a meter shows on the file. Nothing is stored here: the caller puts `files` in object
 * storage and records each as a `files` row with derived_from_file_id and `variant`.
 *
 * The PCM is analysed as it streams out of ffmpeg (peaks and features in bounded memory), and ffmpeg reads at
 * most `maxSeconds` + 1 of the input, so neither a long sound nor a header that lies about its length makes
 * this hold more than a few MB of samples (docs/decisions/0031). It runs in the media pool's worker threads
 * (media-pool.ts), never on the API's event loop.
 */
import type { MediaVariant } from '@crate/contract/file-endpoints';
import { parseBuffer, parseFile, type IAudioMetadata } from 'music-metadata';
import { formatDuration } from '@crate/contract/studio-limits';
import { AudioFeatureAccumulator, type AudioFeatures, audioFeatureVector } from './audio-features.ts';
import { type FfmpegInput, runFfmpeg } from './ffmpeg.ts';
import { MediaError } from './media-error.ts';
import { DEFAULT_PEAK_COUNT, type WaveformPeaks, WaveformPeakAccumulator } from './waveform-peaks.ts';

/** Variant names recorded in files.variant for audio derivatives. */
/** Served at /api/media under these names, which the contract lists (MEDIA_VARIANTS). */
export const AUDIO_VARIANTS = {
  preview: 'preview-mp3',
  peaks: 'waveform-peaks',
} as const satisfies Record<string, MediaVariant>;

const PREVIEW_BITRATE_KBPS = 128;
const ANALYSIS_SAMPLE_RATE = 44100;

interface AudioProbe {
  /** From the decoded audio (encoder delay and padding removed), not from headers. */
  durationMs: number;
  sampleRate: number | null;
  channels: number | null;
  /** Bits per sample of PCM-style formats (WAV, AIFF, FLAC); null for MP3, OGG and the like. */
  bitDepth: number | null;
  codec: string | null;
  container: string | null;
  lossless: boolean | null;
  bitrateKbps: number | null;
}

export interface DerivedFile {
  variant: string;
  body: Buffer;
  contentType: string;
  /** For naming the object key or a download. */
  extension: string;
}

export interface AudioDerivatives {
  probe: AudioProbe;
  preview: DerivedFile;
  peaks: DerivedFile & { data: WaveformPeaks };
  features: AudioFeatures;
  /** audioFeatureVector(features): store in items.audio_features. */
  featureVector: number[];
  /** Every derived file, ready to store. */
  files: DerivedFile[];
}

export interface DeriveAudioOptions {
  peakCount?: number;
  previewBitrateKbps?: number;
  timeoutMs?: number;
  /** The longest sound taken (default: an hour); a longer one fails with MediaError('too-long'). */
  maxSeconds?: number;
}

/** Without a limit of its kind, nothing is decoded past an hour. */
const DEFAULT_MAX_SECONDS = 3600;

/**
 * Mono samples out of a WAV that streams in (ffmpeg's float PCM on a pipe): the header is read once whole,
 * then each chunk's whole frames are mixed down (averaging the channels, as mixToMono does) and handed on.
 */
class MonoPcmStream {
  private head: Buffer | null = Buffer.alloc(0);
  private carry = Buffer.alloc(0);
  private channels = 0;
  private failure: string | null = null;

  constructor(private readonly onSamples: (mono: Float32Array) => void) {}

  get error(): string | null {
    return this.failure;
  }

  push(chunk: Buffer): void {
    if (this.failure) return;
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk]);
      const data = this.readHeader(this.head);
      if (data === null) {
        if (this.head.length > 1 << 20) this.failure = 'no audio data in the first MB of the decoded stream';
        return;
      }
      chunk = this.head.subarray(data);
      this.head = null;
    }
    this.samples(chunk);
  }

  /** Where the samples start, or null while the header is not all here (or is not one). */
  private readHeader(bytes: Buffer): number | null {
    if (bytes.length < 12) return null;
    if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
      this.failure = 'the decoded stream is not a WAV';
      return null;
    }
    let at = 12;
    while (at + 8 <= bytes.length) {
      const id = bytes.toString('latin1', at, at + 4);
      const size = bytes.readUInt32LE(at + 4);
      if (id === 'fmt ' && at + 8 + 16 <= bytes.length) {
        this.channels = bytes.readUInt16LE(at + 8 + 2);
        if (bytes.readUInt16LE(at + 8 + 14) !== 32) this.failure = 'the decoded stream is not 32-bit float';
      }
      if (id === 'data') {
        if (this.channels < 1) this.failure = 'the decoded stream has no channels';
        return at + 8;
      }
      at += 8 + size + (size % 2);
    }
    return null;
  }

  private samples(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const frameBytes = 4 * this.channels;
    const frames = Math.floor(bytes.length / frameBytes);
    this.carry = Buffer.from(bytes.subarray(frames * frameBytes));
    if (frames === 0) return;
    // A copy, aligned for a Float32Array (the chunk's own offset may not be a multiple of 4).
    const interleaved = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + frames * frameBytes));
    const channels = this.channels;
    if (channels === 1) return this.onSamples(interleaved);
    const mono = new Float32Array(frames);
    const g = 1 / channels;
    for (let i = 0, j = 0; i < frames; i++) {
      let m = 0;
      for (let c = 0; c < channels; c++, j++) m = Math.fround(m + interleaved[j]! * g);
      mono[i] = m;
    }
    this.onSamples(mono);
  }
}

export async function deriveAudio(input: FfmpegInput, options: DeriveAudioOptions = {}): Promise<AudioDerivatives> {
  const metadata = await readMetadata(input);
  const sourceChannels = metadata?.format.numberOfChannels ?? null;
  const previewChannels = sourceChannels === 1 ? 1 : 2;
  const bitrate = options.previewBitrateKbps ?? PREVIEW_BITRATE_KBPS;
  const maxSeconds = options.maxSeconds ?? DEFAULT_MAX_SECONDS;

  const peaksOf = new WaveformPeakAccumulator(ANALYSIS_SAMPLE_RATE);
  const featuresOf = new AudioFeatureAccumulator(ANALYSIS_SAMPLE_RATE);
  const pcm = new MonoPcmStream((mono) => {
    peaksOf.push(mono);
    featuresOf.push(mono);
  });
  const { stdout: mp3 } = await runFfmpeg({
    input,
    extraOutputs: 1,
    onExtraOutput: (_index, chunk) => pcm.push(chunk),
    // A second past the limit is enough to know the sound is too long; whatever its header says, no more is read.
    inputArgs: ['-t', String(maxSeconds + 1)],
    // Half a second per second of sound: a busy machine runs this thread and its ffmpeg last (nice 10).
    timeoutMs: options.timeoutMs ?? Math.max(120_000, maxSeconds * 500),
    outputArgs: [
      // The preview: first audio stream only, no cover art, no tags, constant bitrate.
      '-map', '0:a:0', '-vn', '-map_metadata', '-1',
      '-ac', String(previewChannels), '-ar', '44100',
      // compression_level 5: LAME's "good speed" setting, ~20 % faster than its default with no
      // audible difference at 128 kbps.
      '-c:a', 'libmp3lame', '-b:a', `${bitrate}k`, '-compression_level', '5',
      '-id3v2_version', '0', '-write_xing', '1',
      '-f', 'mp3', 'pipe:1',
      // The analysis PCM: 44.1 kHz 32-bit float, every channel (ffmpeg's own downmix is −3 dB).
      '-map', '0:a:0', '-vn', '-ar', String(ANALYSIS_SAMPLE_RATE),
      '-c:a', 'pcm_f32le', '-f', 'wav', 'pipe:3',
    ],
  });
  if (pcm.error) throw new MediaError('undecodable-media', `the file decodes to no audio: ${pcm.error}`);
  const decoded = peaksOf.samples;
  if (decoded === 0) throw new MediaError('undecodable-media', 'the file decodes to no audio');
  if (decoded / ANALYSIS_SAMPLE_RATE > maxSeconds + 0.5) {
    throw new MediaError('too-long', `the sound is longer than ${formatDuration(maxSeconds)}`);
  }

  const decodedMs = Math.round((decoded / ANALYSIS_SAMPLE_RATE) * 1000);
  const durationMs = exactDurationMs(metadata) ?? decodedMs;
  const peaksData = { ...peaksOf.finish(options.peakCount ?? DEFAULT_PEAK_COUNT), durationMs };
  const features = featuresOf.finish();

  const preview: DerivedFile = { variant: AUDIO_VARIANTS.preview, body: mp3, contentType: 'audio/mpeg', extension: 'mp3' };
  const peaks = {
    variant: AUDIO_VARIANTS.peaks,
    body: Buffer.from(JSON.stringify(peaksData)),
    contentType: 'application/json',
    extension: 'json',
    data: peaksData,
  };
  return {
    probe: probeFrom(metadata, durationMs),
    preview,
    peaks,
    features,
    featureVector: audioFeatureVector(features),
    files: [preview, peaks],
  };
}

async function readMetadata(input: FfmpegInput): Promise<IAudioMetadata | null> {
  try {
    const options = { duration: true, skipCovers: true };
    return 'path' in input ? await parseFile(input.path, options) : await parseBuffer(input.buffer, undefined, options);
  } catch {
    // Not fatal: ffmpeg may still decode it; the properties just stay unknown.
    return null;
  }
}

/**
 * Containers that count their samples exactly (WAV, AIFF, FLAC; Ogg by its last granule position)
 * give the duration from their headers. For MP3 and the rest the decoded length is used: ffmpeg
 * trims the encoder delay and padding that header-based estimates include. (The bundled ffmpeg
 * 4.1 does not trim Ogg's end padding, hence the header for Ogg.)
 */
function exactDurationMs(metadata: IAudioMetadata | null): number | null {
  const format = metadata?.format;
  if (!format?.duration || !format.container) return null;
  const exact = ['WAVE', 'AIFF', 'AIFF-C', 'FLAC', 'Ogg'].some((c) => format.container!.startsWith(c));
  return exact ? Math.round(format.duration * 1000) : null;
}

function probeFrom(metadata: IAudioMetadata | null, durationMs: number): AudioProbe {
  const format = metadata?.format;
  const pcmLike = format?.lossless === true || format?.container === 'WAVE' || format?.container?.startsWith('AIFF');
  return {
    durationMs,
    sampleRate: format?.sampleRate ?? null,
    channels: format?.numberOfChannels ?? null,
    bitDepth: pcmLike ? (format?.bitsPerSample ?? null) : null,
    codec: format?.codec ?? null,
    container: format?.container ?? null,
    lossless: format?.lossless ?? null,
    bitrateKbps: format?.bitrate ? Math.round(format.bitrate / 1000) : null,
  };
}
