/**
 * The files of a pack on their way up: resumable tus uploads (tus-js-client) to /api/studio/uploads, a few
 * at a time, each with its progress, pausable and resumable. The queue lives outside React, one per pack,
 * so uploads carry on while the creator moves around the app; the browser remembers each upload's URL
 * (tus's fingerprint store), so after a reload, a dropped connection or a server restart dropping the same
 * files again continues each from the byte the server has.
 */
import * as tus from 'tus-js-client';
import { isApiErrorBody } from '../../../lib/api-client.ts';
import { API } from '@crate/contract/api-endpoints';
import type { UploadResult } from '@crate/contract/studio-packs';

/** PATCH size: a dropped connection costs at most this much again, and progress stays honest behind proxies. */
const CHUNK_BYTES = 16 * 1024 * 1024;
const PARALLEL = 3;
/** Network trouble and server restarts are retried for about a minute; refusals (4xx) are not. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];
/** A spent upload budget (429) without a Retry-After is waited out this long. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** The clock and timer the queue waits with (the browser's; a test's own). */
export interface QueueTimer {
  now(): number;
  setTimeout(run: () => void, ms: number): void;
}
const browserTimer: QueueTimer = { now: () => Date.now(), setTimeout: (run, ms) => void globalThis.setTimeout(run, ms) };

export interface QueueOptions {
  timer?: QueueTimer;
  /** How tus reads files and sends requests (the browser's unless a test gives its own). */
  transport?: Pick<tus.UploadOptions, 'httpStack' | 'fileReader'>;
}

type UploadState = 'queued' | 'uploading' | 'paused' | 'done' | 'failed';

export interface QueuedUpload {
  key: string;
  path: string;
  size: number;
  sent: number;
  state: UploadState;
  /** Continuing an upload the browser had started before (a reload, a restart). */
  resumed: boolean;
  error: string | null;
  /** The server refused the file itself (not audio, too big…): sending it again would be refused again. */
  refused: boolean;
  result: UploadResult | null;
}

interface Entry extends QueuedUpload {
  upload: tus.Upload;
}

/** A file as dropped: its path inside the folder, when the browser gave one. */
export type DroppedFile = File & { path?: string; relativePath?: string };

/** The path of a dropped file inside its folder ("My Pack/Kicks/Kick 01.wav"), else its name. */
function relativePathOf(file: DroppedFile): string {
  const raw = file.webkitRelativePath || file.relativePath || file.path || file.name;
  return raw.replace(/^\.?\/+/, '');
}

/** What the server said when it refused an upload, in its words. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof tus.DetailedError && error.originalResponse) {
    try {
      const body: unknown = JSON.parse(error.originalResponse.getBody());
      if (isApiErrorBody(body)) return body.error.message;
    } catch {
      // not JSON: fall through
    }
    return `The server answered ${error.originalResponse.getStatus()}. Try again in a moment.`;
  }
  return 'The connection dropped. The upload continues from where it stopped when you resume it.';
}

/** The server's error code, when it answered in our JSON error shape. */
function errorCodeOf(error: tus.DetailedError): string | null {
  try {
    const body: unknown = JSON.parse(error.originalResponse?.getBody() ?? '');
    return isApiErrorBody(body) ? body.error.code : null;
  } catch {
    return null;
  }
}

/** The creator's upload budget is spent for now (429): the queue waits as long as the server asks, then carries on. */
const isRateLimited = (error: unknown): error is tus.DetailedError => error instanceof tus.DetailedError && error.originalResponse?.getStatus() === 429;

/** How long the server asked to wait before the next start (Retry-After: seconds or an HTTP date), in ms. */
export function retryAfterMs(error: tus.DetailedError, now: number): number {
  const value = error.originalResponse?.getHeader('Retry-After')?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_SECONDS * 1000 : Math.max(0, date - now);
}

/** The server refused the file itself (not audio, too big, no room): sending it again would be refused again. */
export const isRefusal = (error: tus.DetailedError) => {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429;
};

/**
 * Network trouble, a restart, a busy moment are retried for about a minute; a refusal is not, nor the creator's
 * uploads being all open (TOO_MANY_OPEN_UPLOADS): that waits for one of theirs to finish or be cancelled, so it
 * is shown at once, with Try again. A spent budget (429) is not retried on tus's schedule either: the queue waits
 * for as long as the server's Retry-After says, then starts the file again.
 */
export const shouldRetry = (error: tus.DetailedError) => !isRefusal(error) && !isRateLimited(error) && errorCodeOf(error) !== 'TOO_MANY_OPEN_UPLOADS';

export class PackUploadQueue {
  private entries: Entry[] = [];
  private listeners = new Set<() => void>();
  private snapshot: QueuedUpload[] = [];
  /** While the upload budget is spent: when the queue starts files again (ms since the epoch); null otherwise. */
  private waitingUntil: number | null = null;
  private readonly timer: QueueTimer;

  constructor(
    readonly packId: string,
    private readonly onFinished: (result: UploadResult) => void,
    private readonly options: QueueOptions = {},
  ) {
    this.timer = options.timer ?? browserTimer;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** When the queue starts files again after the server asked it to wait (ms since the epoch), or null. */
  getWaitingUntil = () => this.waitingUntil;

  /** Holds new starts until `until` (a later wait extends it), then carries on. */
  private waitUntil(until: number) {
    if (this.waitingUntil !== null && this.waitingUntil >= until) return;
    this.waitingUntil = until;
    this.timer.setTimeout(() => {
      if (this.waitingUntil !== until) return;
      this.waitingUntil = null;
      this.pump();
    }, until - this.timer.now());
  }

  private changed() {
    this.snapshot = this.entries.map(({ upload: _upload, ...rest }) => ({ ...rest }));
    for (const listener of this.listeners) listener();
  }

  private patch(key: string, change: Partial<QueuedUpload>) {
    const entry = this.entries.find((e) => e.key === key);
    if (entry) Object.assign(entry, change);
    this.changed();
  }

  /** Queues files (a folder's worth); a file already queued and not failed is not queued twice. */
  add(files: readonly DroppedFile[]): void {
    for (const file of files) {
      const path = relativePathOf(file);
      const key = `${this.packId}|${path}|${file.size}|${file.lastModified}`;
      const existing = this.entries.find((e) => e.key === key);
      if (existing && existing.state !== 'failed') continue;
      if (existing) this.entries = this.entries.filter((e) => e !== existing);
      const upload = new tus.Upload(file, {
        ...this.options.transport,
        endpoint: API.createUpload.path,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: { packId: this.packId, relativePath: path, filename: file.name, filetype: file.type },
        fingerprint: async () => `crate-upload:${key}`,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onShouldRetry: shouldRetry,
        onProgress: (sent) => this.patch(key, { sent }),
        onSuccess: ({ lastResponse }) => {
          let result: UploadResult | null = null;
          try {
            result = JSON.parse(lastResponse.getBody()) as UploadResult;
          } catch {
            result = null;
          }
          this.patch(key, { state: 'done', sent: file.size, result });
          if (result) this.onFinished(result);
          this.pump();
        },
        onError: (error) => {
          if (isRateLimited(error)) {
            // Not the file's fault: it goes back in line, and the queue waits as long as the server asked.
            this.waitUntil(this.timer.now() + retryAfterMs(error, this.timer.now()));
            this.patch(key, { state: 'queued' });
            this.pump();
            return;
          }
          // A refused file is gone on the server: the browser should not offer to resume it after a reload.
          const refused = error instanceof tus.DetailedError && isRefusal(error);
          if (refused) void forgetUpload(`crate-upload:${key}`);
          this.patch(key, { state: 'failed', error: uploadErrorMessage(error), refused });
          this.pump();
        },
      });
      this.entries.push({ key, path, size: file.size, sent: 0, state: 'queued', resumed: false, error: null, refused: false, result: null, upload });
    }
    this.changed();
    this.pump();
  }

  /** Starts queued uploads while fewer than PARALLEL are running. */
  private pump() {
    if (this.waitingUntil !== null) {
      this.changed();
      return;
    }
    let running = this.entries.filter((e) => e.state === 'uploading').length;
    for (const entry of this.entries) {
      if (running >= PARALLEL) break;
      if (entry.state !== 'queued') continue;
      running++;
      entry.state = 'uploading';
      void entry.upload.findPreviousUploads().then((previous) => {
        const [latest] = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime));
        if (latest) {
          entry.upload.resumeFromPreviousUpload(latest);
          entry.resumed = true;
        }
        if (entry.state === 'uploading') entry.upload.start();
        this.changed();
      });
    }
    this.changed();
  }

  pause(key: string): void {
    const entry = this.entries.find((e) => e.key === key);
    if (!entry || (entry.state !== 'uploading' && entry.state !== 'queued')) return;
    void entry.upload.abort();
    this.patch(key, { state: 'paused' });
    this.pump();
  }

  resume(key: string): void {
    const entry = this.entries.find((e) => e.key === key);
    if (!entry || (entry.state !== 'paused' && entry.state !== 'failed')) return;
    this.patch(key, { state: 'queued', error: null, refused: false });
    this.pump();
  }

  /** Cancels an upload that is not running: the server forgets its bytes and gives back the room it held in the pack. */
  cancel(key: string): void {
    const entry = this.entries.find((e) => e.key === key);
    if (!entry || entry.state === 'uploading' || entry.state === 'done') return;
    void entry.upload
      .abort(true)
      .catch(() => undefined)
      .finally(() => {
        this.entries = this.entries.filter((e) => e !== entry);
        this.changed();
      });
  }

  pauseAll(): void {
    for (const entry of this.entries) if (entry.state === 'uploading' || entry.state === 'queued') this.pause(entry.key);
  }

  resumeAll(): void {
    for (const entry of this.entries) if (entry.state === 'paused') entry.state = 'queued';
    this.pump();
  }

  /** Forgets finished and failed rows (the files are in the pack's table, or were refused). */
  clearFinished(): void {
    this.entries = this.entries.filter((e) => e.state !== 'done' && e.state !== 'failed');
    this.changed();
  }
}

async function forgetUpload(fingerprint: string): Promise<void> {
  const storage = tus.defaultOptions.urlStorage;
  for (const previous of await storage.findUploadsByFingerprint(fingerprint)) await storage.removeUpload(previous.urlStorageKey);
}

/** Uploads of this pack the browser started and never finished (a reload or a crash came between). */
export async function interruptedUploads(packId: string): Promise<{ path: string; size: number }[]> {
  if (!tus.canStoreURLs) return [];
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all.filter((u) => u.metadata.packId === packId).map((u) => ({ path: u.metadata.relativePath ?? u.metadata.filename ?? 'file', size: u.size ?? 0 }));
}

/** Cancels interrupted uploads of this pack (those of these paths, not in the queue now), giving back the room they held. */
export async function cancelInterruptedUploads(packId: string, paths: readonly string[]): Promise<void> {
  if (!tus.canStoreURLs) return;
  const storage = tus.defaultOptions.urlStorage;
  for (const upload of await storage.findAllUploads()) {
    if (upload.metadata.packId !== packId || !paths.includes(upload.metadata.relativePath ?? upload.metadata.filename ?? 'file')) continue;
    if (upload.uploadUrl) await tus.Upload.terminate(upload.uploadUrl).catch(() => undefined);
    await storage.removeUpload(upload.urlStorageKey);
  }
}

const queues = new Map<string, PackUploadQueue>();
/** The screen showing the pack now: told when a file is in (it reloads the pack). */
const onFinishedHandlers = new Map<string, (result: UploadResult) => void>();

/** The one queue of a pack in this tab. */
export function packUploadQueue(packId: string, onFinished: (result: UploadResult) => void): PackUploadQueue {
  let queue = queues.get(packId);
  if (!queue) {
    queue = new PackUploadQueue(packId, (result) => onFinishedHandlers.get(packId)?.(result));
    queues.set(packId, queue);
  }
  onFinishedHandlers.set(packId, onFinished);
  return queue;
}
