/**
 * Runs ffmpeg. The binary comes from FFMPEG_PATH when set (a system ffmpeg in production images),
 * otherwise from @ffmpeg-installer/ffmpeg, which ships a static build inside the npm package
 * (nothing is downloaded at install or run time). See docs/decisions/0007-media-derivatives.md.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import { MediaError } from './media-error.ts';

let resolvedPath: string | undefined;

/** The ffmpeg executable to use; throws MediaError('ffmpeg-missing') when there is none. */
export function ffmpegPath(): string {
  if (resolvedPath) return resolvedPath;
  const fromEnv = process.env.FFMPEG_PATH?.trim();
  if (fromEnv) {
    assertExecutable(fromEnv, 'FFMPEG_PATH');
    resolvedPath = fromEnv;
    return fromEnv;
  }
  let installed: string;
  try {
    // The installer package resolves the platform binary at require time and throws on an
    // unsupported platform, so it is loaded lazily.
    const require = createRequire(import.meta.url);
    installed = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (error) {
    throw new MediaError('ffmpeg-missing', `no ffmpeg binary for ${process.platform}-${process.arch}: set FFMPEG_PATH (${String(error)})`);
  }
  assertExecutable(installed, '@ffmpeg-installer/ffmpeg');
  resolvedPath = installed;
  return installed;
}

function assertExecutable(path: string, source: string): void {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new MediaError('ffmpeg-missing', `ffmpeg from ${source} is not executable: ${path}`);
  }
}

export type FfmpegInput = { path: string } | { buffer: Buffer };

export interface FfmpegRun {
  /** Arguments after the input (`-i` is added from `input`). */
  outputArgs: string[];
  /** Arguments before `-i`: options of the input (`-t 601` reads at most 601 s of it). */
  inputArgs?: string[];
  input: FfmpegInput;
  /** Extra output pipes beyond stdout, as fd 3, 4, …; their bytes are returned in order. */
  extraOutputs?: number;
  /** Takes the extra outputs' bytes as they come instead of collecting them (each comes back empty). */
  onExtraOutput?: (index: number, chunk: Buffer) => void;
  timeoutMs?: number;
}

/**
 * Told of every ffmpeg process started here and of its end: the media worker lowers their priority and tells
 * the pool their ids, so a worker that is stopped does not leave its ffmpeg running.
 */
type SpawnObserver = { started(pid: number): void; ended(pid: number): void };
let spawnObserver: SpawnObserver | null = null;
export function observeFfmpegProcesses(observer: SpawnObserver | null): void {
  spawnObserver = observer;
}

export interface FfmpegResult {
  stdout: Buffer;
  extra: Buffer[];
}

const STDERR_TAIL = 2000;

/** Runs ffmpeg to completion, collecting stdout and any extra output pipes. */
export function runFfmpeg(run: FfmpegRun): Promise<FfmpegResult> {
  const binary = ffmpegPath();
  const inputArg = 'path' in run.input ? run.input.path : 'pipe:0';
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', ...(run.inputArgs ?? []), '-i', inputArg, ...run.outputArgs];
  if ('buffer' in run.input) args.splice(args.indexOf('-nostdin'), 1);
  const extra = run.extraOutputs ?? 0;
  const stdio: ('pipe' | 'ignore')[] = ['buffer' in run.input ? 'pipe' : 'ignore', 'pipe', 'pipe'];
  for (let i = 0; i < extra; i++) stdio.push('pipe');

  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio, windowsHide: true });
    const pid = child.pid;
    if (pid !== undefined) spawnObserver?.started(pid);
    const collect = (stream: Readable | null | undefined, onChunk?: (chunk: Buffer) => void) => {
      const chunks: Buffer[] = [];
      stream?.on('data', onChunk ?? ((chunk: Buffer) => chunks.push(chunk)));
      return chunks;
    };
    const stdout = collect(child.stdout);
    const onExtra = run.onExtraOutput;
    const extras = Array.from({ length: extra }, (_, i) => collect(child.stdio[3 + i] as Readable | null, onExtra ? (chunk) => onExtra(i, chunk) : undefined));
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new MediaError('ffmpeg-failed', `ffmpeg timed out after ${run.timeoutMs ?? 120_000} ms`));
    }, run.timeoutMs ?? 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaError('ffmpeg-failed', `could not run ffmpeg: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) spawnObserver?.ended(pid);
      if (code === 0) {
        resolve({ stdout: Buffer.concat(stdout), extra: extras.map((chunks) => Buffer.concat(chunks)) });
      } else {
        const reason = stderr.trim().split('\n').slice(-3).join(' | ') || `exit ${code ?? signal}`;
        reject(new MediaError('undecodable-media', `ffmpeg could not process the input: ${reason}`));
      }
    });
    if ('buffer' in run.input) {
      const stdin = child.stdin as Writable;
      // ffmpeg may stop reading early (it has what it needs, or it failed): ignore EPIPE here,
      // the exit code tells the story.
      stdin.on('error', () => {});
      stdin.end(run.input.buffer);
    }
  });
}
