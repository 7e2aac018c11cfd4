/**
 * The media pool (docs/decisions/0031): sounds are decoded in its threads, one of a user's at a time, and a
 * decode that runs past its time ends its thread and its ffmpeg without stopping the pool.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_POOL_OPTIONS, MediaBusyError, MediaPool } from './media-pool.ts';
import { MediaError } from './media-error.ts';

let dir: string;
let tone: string;
let pool: MediaPool;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'crate-pool-'));
  tone = path.join(dir, 'tone.flac');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20', '-c:a', 'flac', tone], { stdio: 'pipe' });
  pool = new MediaPool({ ...DEFAULT_MEDIA_POOL_OPTIONS, threads: 2 });
}, 60_000);
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('media pool', () => {
  it('decodes in a thread and hands back the derivatives as Buffers', { timeout: 60_000 }, async () => {
    const result = await pool.run('derive-audio', { path: tone, maxSeconds: 60 });
    expect(Math.abs(result.probe.durationMs - 20_000)).toBeLessThanOrEqual(20);
    expect(Buffer.isBuffer(result.preview.body)).toBe(true);
    expect(result.peaks.data.data).toHaveLength(1600);
    const heard = await pool.run('tempo-key', { path: tone });
    // A steady tone: no hits and it does not die away, so neither a one-shot nor a loop, and no tempo; pitched, so it has a key.
    expect(heard).toMatchObject({ kind: null, pitched: true, bpm: null });
    expect(heard.onsets).toBeLessThanOrEqual(1);
    expect(heard.key).toMatch(/^A /);
  });

  it('refuses a sound that decodes past its limit', { timeout: 60_000 }, async () => {
    await expect(pool.run('derive-audio', { path: tone, maxSeconds: 5 })).rejects.toMatchObject({ name: 'MediaError', code: 'too-long' });
  });

  it("runs one of a user's decodes at a time: a request is refused at once, a job waits its turn", { timeout: 60_000 }, async () => {
    const first = pool.run('derive-audio', { path: tone, maxSeconds: 60 }, { owner: 'user-1' });
    const refused = pool.run('derive-audio', { path: tone, maxSeconds: 60 }, { owner: 'user-1', ifOwnerBusy: 'refuse' });
    await expect(refused).rejects.toBeInstanceOf(MediaBusyError);
    await expect(refused).rejects.toMatchObject({ reason: 'owner' });
    const waiting = pool.run('tempo-key', { path: tone }, { owner: 'user-1' });
    const other = pool.run('tempo-key', { path: tone }, { owner: 'user-2' });
    // Two threads: user-2 runs beside user-1's first decode, user-1's second waits for it.
    await other;
    expect(pool.running + pool.waiting).toBeGreaterThanOrEqual(1);
    await Promise.all([first, waiting]);
    expect(pool.running + pool.waiting).toBe(0);
  });

  it('ends a decode that runs past its time, with its thread and its ffmpeg, and goes on', { timeout: 60_000 }, async () => {
    const hasty = new MediaPool({ ...DEFAULT_MEDIA_POOL_OPTIONS, threads: 1, taskTimeoutMs: 300 });
    try {
      const error = await hasty.run('derive-audio', { path: tone, maxSeconds: 60 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaError);
      expect(error).toMatchObject({ code: 'too-costly' });
      // Its ffmpeg (a child of this process) was killed with the thread: none is left running.
      const runningFfmpeg = () =>
        execFileSync('ps', ['--ppid', String(process.pid), '-o', 'stat=,comm='], { encoding: 'utf8' })
          .split('\n')
          .filter((line) => /ffmpeg/.test(line) && !line.trim().startsWith('Z'));
      await expect.poll(runningFfmpeg, { timeout: 2000 }).toEqual([]);
      const again = await hasty.run('derive-audio', { path: tone, maxSeconds: 60 }).catch((e: unknown) => e);
      expect(again).toMatchObject({ code: 'too-costly' });
      expect(hasty.counts.threadsStarted).toBe(2);
    } finally {
      await hasty.close();
    }
  });
});
