import { describe, expect, it } from 'vitest';
import { isCountedPlay, playThresholdMs } from '@crate/contract/play-threshold';
import { createListenTracker } from './listen-tracker.ts';

function tracker() {
  const reports: [string, number][] = [];
  return { reports, listen: createListenTracker((id, ms) => reports.push([id, ms])) };
}

/** Position updates every 0.25 s from `from` to `to` seconds while playing. */
function play(listen: ReturnType<typeof tracker>['listen'], from: number, to: number) {
  for (let s = from; s <= to + 1e-9; s += 0.25) listen.position(Number(s.toFixed(2)), true);
}

describe('the play threshold', () => {
  it('is 3 s for a long preview, half of a short one, never under 100 ms', () => {
    expect(playThresholdMs(30_000)).toBe(3000);
    expect(playThresholdMs(6_000)).toBe(3000);
    expect(playThresholdMs(4_000)).toBe(2000);
    expect(playThresholdMs(400)).toBe(200);
    expect(playThresholdMs(50)).toBe(100);
    expect(playThresholdMs(null)).toBe(3000);
    expect(isCountedPlay(2999, 30_000)).toBe(false);
    expect(isCountedPlay(3000, 30_000)).toBe(true);
  });
});

describe('a listen', () => {
  it('is not a play on a bare click (no time played)', () => {
    const { reports, listen } = tracker();
    listen.start('kick', 30_000);
    listen.position(0, true);
    listen.position(0, false);
    expect(reports).toEqual([]);
  });

  it('reports once, when the preview has sounded for 3 s', () => {
    const { reports, listen } = tracker();
    listen.start('loop', 30_000);
    play(listen, 0, 2.75);
    expect(reports).toEqual([]);
    play(listen, 3, 10);
    expect(reports).toEqual([['loop', 3000]]);
  });

  it('does not count a seek past the threshold, nor time while paused', () => {
    const { reports, listen } = tracker();
    listen.start('loop', 30_000);
    play(listen, 0, 1);
    listen.jumped();
    listen.position(20, true); // the seek landed here
    listen.position(20.25, true);
    listen.position(25, false); // paused updates add nothing
    expect(listen.listenedMs()).toBe(1250);
    expect(reports).toEqual([]);
  });

  it('keeps counting across a loop wrapping round, and reports once per listen', () => {
    const { reports, listen } = tracker();
    listen.start('one-bar', 2000); // threshold 1 s
    play(listen, 0, 0.75);
    listen.position(0.1, true); // wrapped
    play(listen, 0.25, 0.5);
    expect(reports).toEqual([['one-bar', 1150]]); // 0.75 s, the wrap adds nothing, then 0.15 + 0.25 s
    play(listen, 0.75, 2);
    expect(reports).toHaveLength(1);
    listen.start('one-bar', 2000); // played again from the start: a new listen
    play(listen, 0, 1.25);
    expect(reports).toHaveLength(2);
  });

  it('counts a short one-shot that played to its end', () => {
    const { reports, listen } = tracker();
    listen.start('hat', 400);
    listen.position(0, true);
    listen.position(0.25, true);
    expect(reports).toHaveLength(1);
    expect(reports[0]![1]).toBe(250);
  });

  it('never reports what is not an item (a pack preview)', () => {
    const { reports, listen } = tracker();
    listen.start(null, 30_000);
    play(listen, 0, 10);
    expect(reports).toEqual([]);
  });
});
