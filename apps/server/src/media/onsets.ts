/**
 * Where a sound's notes and hits begin (docs/decisions/0027, 0070): a log-magnitude spectral-flux
 * envelope, and the count of its clear peaks. The tempo is read from the envelope's periodicity; the
 * count tells a single hit ringing out (one onset) from a pattern (several).
 */
import { fft, hannWindow } from '@crate/audio/spectrum';

/** 46 ms frames every 11.6 ms at ~11 kHz. */
const ONSET_FRAME = 512;
export const ONSET_HOP = 128;
/** A peak counts as an onset at this share of the strongest one or more ("ghost notes" of a loop still do; a cymbal's shimmer does not). */
const ONSET_SHARE = 0.3;
/** Two onsets closer than this (±4 frames, ~46 ms) are one: a flam or the crack and body of a snare. */
const ONSET_RADIUS = 4;
/**
 * …and is a hit, not shimmer: a cymbal's or an agogo's ringing tail flickers in its spectrum (flux peaks
 * about as high as a loop's) while its loudness only falls. A hit either makes the sound louder, by at
 * least 6 dB over the 46 ms before and to within 15 dB of its loudest, or stands out of the envelope
 * around it (12 × its mean over ±0.5 s): a loop's hits over its own bass and pads do, a tail's flicker
 * does not (at most 11.4 × on the Debian kits, decision 0070).
 */
const ONSET_RISE_DB = 6;
const ONSET_BELOW_LOUDEST_DB = 15;
const ONSET_PROMINENCE = 12;
const PROMINENCE_RADIUS = 43;

/**
 * Log-magnitude spectral flux, with its running mean (≈ 0.4 s) taken off and negatives cut: a
 * spike at each note or hit, about flat for steady sounds.
 */
export function onsetEnvelope(samples: Float32Array): Float64Array {
  const frames = Math.max(0, Math.floor((samples.length - ONSET_FRAME) / ONSET_HOP) + 1);
  const bins = ONSET_FRAME / 2;
  const window = hannWindow(ONSET_FRAME);
  const re = new Float64Array(ONSET_FRAME);
  const im = new Float64Array(ONSET_FRAME);
  let previous = new Float64Array(bins);
  let current = new Float64Array(bins);
  const flux = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const start = f * ONSET_HOP;
    for (let i = 0; i < ONSET_FRAME; i++) {
      re[i] = samples[start + i]! * window[i]!;
      im[i] = 0;
    }
    fft(re, im);
    let rise = 0;
    for (let k = 1; k <= bins; k++) {
      const magnitude = Math.log1p(100 * Math.hypot(re[k]!, im[k]!));
      current[k - 1] = magnitude;
      const d = magnitude - previous[k - 1]!;
      if (f > 0 && d > 0) rise += d;
    }
    flux[f] = rise;
    [previous, current] = [current, previous];
  }
  const radius = 16;
  const envelope = new Float64Array(frames);
  let windowSum = 0;
  for (let f = 0; f < Math.min(frames, radius); f++) windowSum += flux[f]!;
  for (let f = 0; f < frames; f++) {
    if (f + radius < frames) windowSum += flux[f + radius]!;
    if (f - radius - 1 >= 0) windowSum -= flux[f - radius - 1]!;
    const count = Math.min(frames - 1, f + radius) - Math.max(0, f - radius) + 1;
    envelope[f] = Math.max(0, flux[f]! - windowSum / count);
  }
  return envelope;
}

/**
 * Onsets: the envelope's peaks at least ONSET_SHARE of its highest, each the highest within
 * ONSET_RADIUS frames, that are hits (see ONSET_RISE_DB). A sound that starts at once with its hit
 * may count 0: the envelope rises from its first frame, not from silence before it.
 */
export function countOnsets(samples: Float32Array, envelope: Float64Array): number {
  let highest = 0;
  for (const value of envelope) highest = Math.max(highest, value);
  if (!(highest > 0)) return 0;
  const loudness = frameLoudness(samples, envelope.length);
  let loudest = -Infinity;
  for (const value of loudness) loudest = Math.max(loudest, value);
  let count = 0;
  for (let f = 0; f < envelope.length; f++) {
    const value = envelope[f]!;
    if (value < ONSET_SHARE * highest) continue;
    let isPeak = true;
    for (let g = Math.max(0, f - ONSET_RADIUS); g <= Math.min(envelope.length - 1, f + ONSET_RADIUS) && isPeak; g++) {
      // Ties go to the earlier frame, so a flat-topped peak counts once.
      if (envelope[g]! > value || (g < f && envelope[g]! === value)) isPeak = false;
    }
    if (isPeak && (isRise(loudness, f, loudest) || value >= ONSET_PROMINENCE * meanAround(envelope, f))) count++;
  }
  return count;
}

function meanAround(envelope: Float64Array, f: number): number {
  const [from, to] = [Math.max(0, f - PROMINENCE_RADIUS), Math.min(envelope.length - 1, f + PROMINENCE_RADIUS)];
  let sum = 0;
  for (let g = from; g <= to; g++) sum += envelope[g]!;
  return sum / (to - from + 1);
}

/** Loudness (dB) of each envelope frame (ONSET_FRAME samples from f · ONSET_HOP). */
function frameLoudness(samples: Float32Array, frames: number): Float64Array {
  const loudness = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * ONSET_HOP; i < f * ONSET_HOP + ONSET_FRAME; i++) sum += (samples[i] ?? 0) ** 2;
    loudness[f] = 10 * Math.log10(sum / ONSET_FRAME + 1e-12);
  }
  return loudness;
}

/** Frames f..f+3 reach ONSET_RISE_DB over the frame a whole window before f, and near the loudest. The first hit has nothing before it. */
const FRAMES_PER_WINDOW = ONSET_FRAME / ONSET_HOP;
function isRise(loudness: Float64Array, f: number, loudest: number): boolean {
  let after = -Infinity;
  for (let g = f; g <= Math.min(loudness.length - 1, f + FRAMES_PER_WINDOW - 1); g++) after = Math.max(after, loudness[g]!);
  if (after < loudest - ONSET_BELOW_LOUDEST_DB) return false;
  return f < FRAMES_PER_WINDOW || after - loudness[f - FRAMES_PER_WINDOW]! >= ONSET_RISE_DB;
}
