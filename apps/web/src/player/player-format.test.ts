import { describe, expect, it } from 'vitest';
import { formatBpm, formatDuration, formatKeyAndTempo, formatTime } from './player-format.ts';

describe('formatTime', () => {
  it('reads minutes and zero-padded seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(7.9)).toBe('0:07');
    expect(formatTime(65)).toBe('1:05');
    expect(formatTime(600)).toBe('10:00');
  });

  it('adds hours only when there are any', () => {
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(3599.99)).toBe('59:59');
  });

  it('treats unknown or invalid times as zero (metadata not loaded yet)', () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });
});

describe('formatKeyAndTempo', () => {
  it('joins key and tempo', () => {
    expect(formatKeyAndTempo('C minor', 120)).toBe('C minor · 120 BPM');
  });

  it('shows only what the item declares', () => {
    expect(formatKeyAndTempo(null, 90)).toBe('90 BPM');
    expect(formatKeyAndTempo('F# major', null)).toBe('F# major');
    expect(formatKeyAndTempo(null, null)).toBe('');
    expect(formatKeyAndTempo(null, 0)).toBe('');
  });

  it('keeps fractional tempos without trailing zeros', () => {
    expect(formatBpm(87.5)).toBe('87.5');
    expect(formatBpm(93.3333)).toBe('93.33');
    expect(formatBpm(140)).toBe('140');
  });
});

describe('formatDuration', () => {
  it('reads one-shots in tenths and longer sounds as a clock', () => {
    expect(formatDuration(0.42)).toBe('0.4 s');
    expect(formatDuration(0.02)).toBe('0.1 s');
    expect(formatDuration(7.94)).toBe('7.9 s');
    expect(formatDuration(65)).toBe('1:05');
  });

  it('says nothing while the length is unknown', () => {
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});
