import type { WaveformChannels } from './waveform-peaks.ts';

export interface WaveformBar {
  /** Height above the centre line, 0–1 (normalised to the loudest bar). */
  top: number;
  /** Depth below the centre line, 0–1. */
  bottom: number;
}

/** Peaks folded into `count` bars (loudest sample per bar), normalised so the loudest bar is full height. */
export function waveformBars([top, bottom]: WaveformChannels, count: number): WaveformBar[] {
  const length = Math.min(top.length, bottom.length);
  if (length === 0 || count <= 0) return [];
  const bars: WaveformBar[] = [];
  let loudest = 0;
  for (let bar = 0; bar < count; bar++) {
    const start = Math.floor((bar * length) / count);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * length) / count));
    let up = 0;
    let down = 0;
    for (let i = start; i < end && i < length; i++) {
      up = Math.max(up, Math.abs(top[i]!));
      down = Math.max(down, Math.abs(bottom[i]!));
    }
    loudest = Math.max(loudest, up, down);
    bars.push({ top: up, bottom: down });
  }
  if (loudest === 0) return bars;
  return bars.map((b) => ({ top: b.top / loudest, bottom: b.bottom / loudest }));
}
