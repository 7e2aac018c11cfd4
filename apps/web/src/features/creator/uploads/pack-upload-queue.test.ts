import * as tus from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { isRefusal, PackUploadQueue, retryAfterMs, shouldRetry, uploadErrorMessage, type QueueTimer, type QueuedUpload } from './pack-upload-queue.ts';

/** A tus client error carrying the server's answer, as tus-js-client hands it to onError / onShouldRetry. */
function answered(status: number, body: string, headers: Record<string, string> = {}): tus.DetailedError {
  const request = { getHeader: () => undefined, getMethod: () => 'POST', getURL: () => '/api/studio/uploads' } as unknown as tus.HttpRequest;
  const response = { getStatus: () => status, getBody: () => body, getHeader: (name: string) => headers[name.toLowerCase()] } as unknown as tus.HttpResponse;
  return Object.assign(new tus.DetailedError('tus: unexpected response'), { originalRequest: request, originalResponse: response });
}
const json = (code: string, message: string) => JSON.stringify({ error: { code, message, field: 'file' } });

describe('the studio upload queue reads the server’s refusals', () => {
  it('shows a pack that has no room left in the server’s words, and does not send the file again', () => {
    const message = 'A pack is at most 4 GB: this one holds 0 bytes and uploads in progress hold 4 GB more, so "Drums.zip" (4 GB) does not fit. Finish or cancel an upload in progress, or remove files from the pack.';
    const error = answered(413, json('PAYLOAD_TOO_LARGE', message));
    expect(uploadErrorMessage(error)).toBe(message);
    expect([isRefusal(error), shouldRetry(error)]).toEqual([true, false]);
  });

  it('shows too many open uploads at once, without a minute of retries, and leaves Try again to the creator', () => {
    const message = 'You have 20 uploads open, the most at once: finish or cancel one, then send "Kick.wav" again (an unfinished upload is let go a week after it started).';
    const error = answered(409, json('TOO_MANY_OPEN_UPLOADS', message));
    expect(uploadErrorMessage(error)).toBe(message);
    expect([isRefusal(error), shouldRetry(error)]).toEqual([false, false]);
  });

  it('retries what may pass on its own: tus’s offset conflict, a busy server, a dropped connection', () => {
    expect(shouldRetry(answered(409, json('CONFLICT', 'Upload-Offset conflict')))).toBe(true);
    expect(shouldRetry(answered(503, 'Service Unavailable'))).toBe(true);
    expect(uploadErrorMessage(new Error('network down'))).toBe('The connection dropped. The upload continues from where it stopped when you resume it.');
  });
});

/** A clock that moves only when the test says, and the timers set on it. */
function manualTimer(start = Date.UTC(2026, 10, 27, 12)) {
  let now = start;
  const pending: { at: number; run: () => void }[] = [];
  const timer: QueueTimer = { now: () => now, setTimeout: (run, ms) => void pending.push({ at: now + ms, run }) };
  return {
    timer,
    pending,
    /** Moves the clock on by `ms` and runs the timers that are due. */
    advance(ms: number) {
      now += ms;
      for (const due of pending.filter((p) => p.at <= now)) {
        pending.splice(pending.indexOf(due), 1);
        due.run();
      }
    },
  };
}

type Answer = { status: number; headers?: Record<string, string>; body?: string };

/** A tus server in memory: answers each request with the next answer of its method, and notes what was asked. */
function scriptedServer(answers: Record<string, Answer[]>) {
  const asked: string[] = [];
  const httpStack: tus.HttpStack = {
    getName: () => 'scripted',
    createRequest(method, url) {
      const headers: Record<string, string> = {};
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => void (headers[name.toLowerCase()] = value),
        getHeader: (name) => headers[name.toLowerCase()],
        setProgressHandler: () => undefined,
        abort: async () => undefined,
        getUnderlyingObject: () => null,
        async send() {
          asked.push(method);
          const answer = answers[method]?.shift();
          if (!answer) throw new Error(`no answer left for ${method}`);
          const answerHeaders = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
          return { getStatus: () => answer.status, getHeader: (name: string) => answerHeaders[name.toLowerCase()], getBody: () => answer.body ?? '', getUnderlyingObject: () => null };
        },
      };
    },
  };
  // The browser's reader hands tus Blob slices; Node's would want a Buffer.
  const fileReader = {
    openFile: async (file: File) => ({ size: file.size, slice: async (start: number, end: number) => ({ value: file.slice(start, end), done: end >= file.size }), close: () => undefined }),
  };
  return { asked, transport: { httpStack, fileReader } };
}

/** Resolves once the queue's rows satisfy `test` (checked on every change the queue announces). */
function once(queue: PackUploadQueue, test: (uploads: readonly QueuedUpload[]) => boolean): Promise<readonly QueuedUpload[]> {
  return new Promise((resolve) => {
    const check = () => {
      if (!test(queue.getSnapshot())) return;
      unsubscribe();
      resolve(queue.getSnapshot());
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

describe('the studio upload queue waits out a spent upload budget', () => {
  it('reads Retry-After in seconds or as a date, and waits half a minute when there is none', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const limited = (headers: Record<string, string>) => answered(429, json('RATE_LIMITED', 'Too many requests. Try again in 12 s.'), headers);
    expect(retryAfterMs(limited({ 'retry-after': '12' }), now)).toBe(12_000);
    expect(retryAfterMs(limited({ 'retry-after': new Date(now + 90_000).toUTCString() }), now)).toBe(90_000);
    expect(retryAfterMs(limited({}), now)).toBe(30_000);
    expect(shouldRetry(limited({ 'retry-after': '12' }))).toBe(false);
  });

  it('on 429 keeps the file in line with no error, starts nothing until Retry-After has passed, then sends it', async () => {
    const clock = manualTimer();
    const server = scriptedServer({
      POST: [
        { status: 429, headers: { 'Retry-After': '12', 'Content-Type': 'application/json' }, body: json('RATE_LIMITED', 'Too many requests. Try again in 12 s.') },
        { status: 201, headers: { Location: '/api/studio/uploads/abc', 'Tus-Resumable': '1.0.0' } },
      ],
      PATCH: [{ status: 204, headers: { 'Upload-Offset': '4', 'Tus-Resumable': '1.0.0' } }],
    });
    const queue = new PackUploadQueue('pack-1', () => undefined, { timer: clock.timer, transport: server.transport });
    const started = clock.timer.now();
    queue.add([new File([new Uint8Array([1, 2, 3, 4])], 'Kick.wav')]);

    const waiting = await once(queue, () => queue.getWaitingUntil() !== null);
    expect(queue.getWaitingUntil()).toBe(started + 12_000);
    expect(waiting).toEqual([expect.objectContaining({ path: 'Kick.wav', state: 'queued', error: null, refused: false })]);
    expect(server.asked).toEqual(['POST']);

    // A second short of Retry-After: still waiting, nothing sent.
    clock.advance(11_000);
    expect(queue.getWaitingUntil()).toBe(started + 12_000);
    expect(server.asked).toEqual(['POST']);

    clock.advance(1_000);
    const done = await once(queue, (uploads) => uploads[0]?.state === 'done');
    expect(done).toEqual([expect.objectContaining({ state: 'done', sent: 4, error: null })]);
    expect(queue.getWaitingUntil()).toBeNull();
    expect(server.asked).toEqual(['POST', 'POST', 'PATCH']);
  });
});
