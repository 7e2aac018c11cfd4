/**
 * One thread of the media pool (media-pool.ts, docs/decisions/0031): runs the tasks it is sent one at a time
 * and answers each. Its own CPU priority and that of every ffmpeg it starts are lowered, so the API's thread
 * is served first when the cores are busy; the pool is told each ffmpeg's id, to end it if this thread ends.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { deriveAudio } from './audio-derivatives.ts';
import { observeFfmpegProcesses } from './ffmpeg.ts';
import { MediaError } from './media-error.ts';
import type { MediaTaskKind, MediaTasks } from './media-pool.ts';
import { analyseFileTempoAndKey } from './tempo-key-file.ts';

/** Nice 10: background work, below the API (0). */
const BACKGROUND_PRIORITY = 10;

const TASKS: { [K in MediaTaskKind]: (args: MediaTasks[K]['args']) => Promise<MediaTasks[K]['result']> } = {
  'derive-audio': ({ path, maxSeconds }) => deriveAudio({ path }, { maxSeconds }),
  'tempo-key': ({ path }) => analyseFileTempoAndKey(path),
};

function lower(pid: number): void {
  try {
    os.setPriority(pid, BACKGROUND_PRIORITY);
  } catch {
    // Not permitted or not supported here: the work still runs, at the normal priority.
  }
}

// On Linux a thread has its own id, and setpriority() on it changes that thread alone.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) lower(tid);
} catch {
  // Not Linux: the thread keeps the process's priority.
}

const port = parentPort!;
observeFfmpegProcesses({
  started(pid) {
    lower(pid);
    port.postMessage({ type: 'pid', pid, running: true });
  },
  ended(pid) {
    port.postMessage({ type: 'pid', pid, running: false });
  },
});

port.on('message', (message: { id: number; kind: MediaTaskKind; args: never }) => {
  const run = TASKS[message.kind] as (args: unknown) => Promise<unknown>;
  run(message.args).then(
    (result) => port.postMessage({ type: 'done', id: message.id, result }),
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ type: 'done', id: message.id, error: { name: failure.name, code: failure instanceof MediaError ? failure.code : undefined, message: failure.message } });
    },
  );
});
