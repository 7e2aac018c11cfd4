import * as tus from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { isRefusal, shouldRetry, uploadErrorMessage } from './pack-upload-queue.ts';

/** A tus client error carrying the server's answer, as tus-js-client hands it to onError / onShouldRetry. */
function answered(status: number, body: string): tus.DetailedError {
  const request = { getHeader: () => undefined, getMethod: () => 'POST', getURL: () => '/api/studio/uploads' } as unknown as tus.HttpRequest;
  const response = { getStatus: () => status, getBody: () => body, getHeader: () => undefined } as unknown as tus.HttpResponse;
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
    expect(shouldRetry(answered(429, json('RATE_LIMITED', 'Too many requests')))).toBe(true);
    expect(shouldRetry(answered(503, 'Service Unavailable'))).toBe(true);
    expect(uploadErrorMessage(new Error('network down'))).toBe('The connection dropped. The upload continues from where it stopped when you resume it.');
  });
});
