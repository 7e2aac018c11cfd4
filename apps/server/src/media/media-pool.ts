/**
 * Where sounds are decoded and analysed: a small pool of worker threads (docs/decisions/0031), never the API's
 * event loop. Each thread has capped heap (`resourceLimits`) and runs one task at a time — ffmpeg's decode
 * streamed through the analysis (audio-derivatives.ts), tempo and key (tempo-key.ts) — at a lower CPU priority
 * than the API, as do the ffmpeg processes it starts. A task that runs out of memory or time ends its thread
 * (and its ffmpeg) and fails with MediaError('too-costly'); the pool starts another thread for what waits.
 *
 * One user's tasks run `perOwner` at a time: a request that finds its user's decode already running is refused
 * at once (`ifOwnerBusy: 'refuse'`, MediaBusyError), a job waits its turn. At most `maxQueued` tasks wait in
 * all; beyond that every caller is told the pool is busy. Threads start when needed and end when idle.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { DECODES_PER_USER } from '@crate/contract/studio-limits';
import type { AudioDerivatives } from './audio-derivatives.ts';
import { MediaError, type MediaErrorCode } from './media-error.ts';
import type { TempoAndKey } from './tempo-key.ts';

/** What each task takes and gives back (media-worker.ts runs them). */
export interface MediaTasks {
  'derive-audio': { args: { path: string; maxSeconds: number }; result: AudioDerivatives };
  'tempo-key': { args: { path: string }; result: TempoAndKey };
}
export type MediaTaskKind = keyof MediaTasks;

export interface MediaPoolOptions {
  threads: number;
  perOwner: number;
  maxQueued: number;
  taskTimeoutMs: number;
  /** A thread left idle this long ends (its memory goes back). */
  idleMs: number;
  resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number; stackSizeMb: number };
}

export const DEFAULT_MEDIA_POOL_OPTIONS: MediaPoolOptions = {
  threads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  perOwner: DECODES_PER_USER,
  maxQueued: 64,
  taskTimeoutMs: 10 * 60_000,
  idleMs: 30_000,
  // The samples are never all in memory (they stream through the analysis): a sound of any length fits.
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
};

/** The pool cannot take the task now: the user already has a decode running, or too many tasks wait. */
export class MediaBusyError extends Error {
  constructor(
    readonly reason: 'owner' | 'pool',
    message: string,
  ) {
    super(message);
    this.name = 'MediaBusyError';
  }
}

export interface RunOptions {
  /** Whose work this is (a user id): their tasks run `perOwner` at a time. */
  owner?: string | null;
  /** When the owner's turn is taken: wait for it (jobs), or refuse at once (a request). */
  ifOwnerBusy?: 'wait' | 'refuse';
}

interface Task {
  id: number;
  kind: MediaTaskKind;
  args: unknown;
  owner: string | null;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  /** ffmpeg processes the thread has running. */
  pids: Set<number>;
  timer: NodeJS.Timeout | null;
  /** Set once the thread is being ended (its task already settled). */
  ending: boolean;
}

type WorkerMessage =
  | { type: 'pid'; pid: number; running: boolean }
  | { type: 'done'; id: number; result?: unknown; error?: { name: string; code?: MediaErrorCode; message: string } };

const ENTRY = new URL('./media-worker-entry.mjs', import.meta.url);

export class MediaPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  /** Tasks running or waiting, per owner. */
  private readonly owned = new Map<string, number>();
  private readonly runningOwners = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  /** Counters for tests and logs. */
  readonly counts = { started: 0, finished: 0, failed: 0, refused: 0, threadsStarted: 0 };

  constructor(readonly options: MediaPoolOptions = DEFAULT_MEDIA_POOL_OPTIONS) {}

  get running(): number {
    return this.slots.filter((slot) => slot.task).length;
  }

  get waiting(): number {
    return this.queue.length;
  }

  run<K extends MediaTaskKind>(kind: K, args: MediaTasks[K]['args'], options: RunOptions = {}): Promise<MediaTasks[K]['result']> {
    if (this.closed) return Promise.reject(new MediaError('ffmpeg-failed', 'the media pool is closed'));
    const owner = options.owner ?? null;
    if (owner !== null && options.ifOwnerBusy === 'refuse' && (this.owned.get(owner) ?? 0) >= this.options.perOwner) {
      this.counts.refused++;
      return Promise.reject(new MediaBusyError('owner', 'A sound of yours is being checked already: wait until it is done, then send the next.'));
    }
    if (this.queue.length >= this.options.maxQueued) {
      this.counts.refused++;
      return Promise.reject(new MediaBusyError('pool', 'Too many sounds are being checked right now: try again in a minute.'));
    }
    return new Promise((resolve, reject) => {
      const task: Task = { id: this.nextId++, kind, args, owner, resolve: resolve as (result: unknown) => void, reject };
      if (owner !== null) this.owned.set(owner, (this.owned.get(owner) ?? 0) + 1);
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Ends every thread (and its ffmpeg); what runs or waits fails. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task, new MediaError('ffmpeg-failed', 'the media pool closed'));
    await Promise.all([...this.slots].map((slot) => this.end(slot, new MediaError('ffmpeg-failed', 'the media pool closed'))));
  }

  private dispatch(): void {
    while (!this.closed) {
      const index = this.queue.findIndex((task) => task.owner === null || (this.runningOwners.get(task.owner) ?? 0) < this.options.perOwner);
      if (index < 0) return;
      const slot = this.slots.find((s) => !s.task && !s.ending) ?? (this.slots.length < this.options.threads ? this.startThread() : null);
      if (!slot) return;
      const [task] = this.queue.splice(index, 1);
      this.start(slot, task!);
    }
  }

  private startThread(): Slot {
    const worker = new Worker(ENTRY, { resourceLimits: this.options.resourceLimits, stdout: false, stderr: false });
    this.counts.threadsStarted++;
    const slot: Slot = { worker, task: null, pids: new Set(), timer: null, ending: false };
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      void this.end(slot, new MediaError(outOfMemory ? 'too-costly' : 'ffmpeg-failed', outOfMemory ? 'decoding it took more memory than a media thread has' : `the media thread failed: ${error.message}`));
    });
    worker.on('exit', () => void this.end(slot, new MediaError('ffmpeg-failed', 'the media thread stopped')));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = task;
    if (task.owner !== null) this.runningOwners.set(task.owner, (this.runningOwners.get(task.owner) ?? 0) + 1);
    this.counts.started++;
    slot.worker.ref();
    slot.timer = setTimeout(() => void this.end(slot, new MediaError('too-costly', `decoding it took longer than ${Math.round(this.options.taskTimeoutMs / 1000)} s`)), this.options.taskTimeoutMs);
    slot.worker.postMessage({ id: task.id, kind: task.kind, args: task.args });
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'pid') {
      if (message.running) slot.pids.add(message.pid);
      else slot.pids.delete(message.pid);
      return;
    }
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    this.release(slot);
    if (message.error) {
      const { name, code, message: text } = message.error;
      const error = name === 'MediaError' && code ? new MediaError(code, text) : new Error(text);
      this.settle(task, error);
    } else {
      this.settle(task, null, revive(message.result));
    }
    this.idle(slot);
    this.dispatch();
  }

  /** The slot's task is over (settled by the caller of this). */
  private release(slot: Slot): Task | null {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    if (task?.owner != null) {
      const running = (this.runningOwners.get(task.owner) ?? 1) - 1;
      if (running > 0) this.runningOwners.set(task.owner, running);
      else this.runningOwners.delete(task.owner);
    }
    return task;
  }

  private settle(task: Task, error: unknown, result?: unknown): void {
    if (task.owner !== null) {
      const owned = (this.owned.get(task.owner) ?? 1) - 1;
      if (owned > 0) this.owned.set(task.owner, owned);
      else this.owned.delete(task.owner);
    }
    if (error) {
      this.counts.failed++;
      task.reject(error);
    } else {
      this.counts.finished++;
      task.resolve(result);
    }
  }

  private idle(slot: Slot): void {
    slot.worker.unref();
    slot.timer = setTimeout(() => void this.end(slot, null), this.options.idleMs);
    slot.timer.unref();
  }

  /** Ends a thread: its ffmpeg is killed, its task (if any) fails with `error`. */
  private async end(slot: Slot, error: MediaError | null): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    const wasEnding = slot.ending;
    slot.ending = true;
    const task = this.release(slot);
    if (task) this.settle(task, error ?? new MediaError('ffmpeg-failed', 'the media thread stopped'));
    for (const pid of slot.pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    slot.pids.clear();
    if (!wasEnding) await slot.worker.terminate().catch(() => undefined);
    this.dispatch();
  }
}

/** Buffers cross the thread boundary as plain Uint8Arrays: make them Buffers again. */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = revive(inner);
    return out;
  }
  return value;
}

let shared: MediaPool | null = null;
let sharedOptions: MediaPoolOptions = DEFAULT_MEDIA_POOL_OPTIONS;

/** This process's pool (created on first use). */
export function mediaPool(): MediaPool {
  shared ??= new MediaPool(sharedOptions);
  return shared;
}

/** Sets the options of this process's pool (before its first use; a pool already made is closed and replaced). */
export function configureMediaPool(options: Partial<MediaPoolOptions>): void {
  sharedOptions = { ...DEFAULT_MEDIA_POOL_OPTIONS, ...options };
  if (shared) {
    const old = shared;
    shared = null;
    void old.close();
  }
}
