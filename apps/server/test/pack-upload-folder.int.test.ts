import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@crate/contract/rate-limits';
import { STUDIO_LIMITS } from '@crate/contract/studio-limits';
import type { StudioPack } from '@crate/contract/studio-packs';
import { encodeWav } from '@crate/audio/wav';
import { files, uploadReservations } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createCreator } from './catalogue-factories.ts';
import { createUser } from './factories.ts';
import { tusCreate, UPLOADS } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** How many files the studio sends at once (apps/web pack-upload-queue.ts). */
const PARALLEL = 3;

/** A short WAV whose bytes are this file's alone (a different pitch each), so none is a duplicate of another. */
function smallWav(index: number): Buffer {
  const rate = 8000;
  const samples = new Float32Array(400).map((_, i) => 0.3 * Math.sin((2 * Math.PI * (50 + index) * i) / rate));
  return encodeWav({ sampleRate: rate, channels: [samples] });
}

/**
 * Issue 34, part 1 (docs/decisions/0050): a creator drops a folder of 2,000 sounds — the most a pack takes —
 * into one draft, and every file lands. Sent as the studio sends them: tus-js-client against a listening server,
 * three at a time, with the declared rate limits enforced, from one address.
 */
describe(`a 2,000-file folder uploads in one drop, on ${TEST_DB}`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('the starts of a full pack fit the upload budget with room to spare', () => {
    expect(RATE_LIMITS.packUpload.perUser.max).toBeGreaterThanOrEqual(STUDIO_LIMITS.packMaxFiles);
    expect(RATE_LIMITS.packUpload.perAddress.max).toBeGreaterThanOrEqual(RATE_LIMITS.packUpload.perUser.max);
  });

  it(
    'takes every one of the pack’s 2,000 files, none refused for want of budget; only past the budget a start is a 429 with Retry-After',
    async () => {
      const user = await createUser(t.ctx, { roles: ['creator'] });
      await createCreator(t.ctx, user.id);
      const pack = (await call(t, 'POST', '/api/studio/packs', { title: `Library ${randomUUID().slice(0, 6)}`, genres: ['trap'] }, { cookie: user.cookie })).json() as StudioPack;
      const statuses: number[] = [];
      const send = (index: number) =>
        new Promise<void>((resolve, reject) => {
          const relativePath = `Library/Kit ${Math.floor(index / 100)}/Hit ${index}.wav`;
          const upload = new tus.Upload(smallWav(index), {
            endpoint: `${base}${UPLOADS}`,
            headers: { cookie: user.cookie },
            metadata: { packId: pack.id, relativePath },
            storeFingerprintForResuming: false,
            retryDelays: null,
            onAfterResponse: (request, response) => {
              if (request.getMethod() === 'POST') statuses.push(response.getStatus());
            },
            onSuccess: () => resolve(),
            onError: (error) => reject(new Error(`${relativePath}: ${error.message}`)),
          });
          upload.start();
        });
      let next = 0;
      const worker = async () => {
        while (next < STUDIO_LIMITS.packMaxFiles) await send(next++);
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));

      expect(statuses).toHaveLength(STUDIO_LIMITS.packMaxFiles);
      expect(statuses.every((status) => status === 201)).toBe(true);
      const [stored] = await t.ctx.db.select({ n: count() }).from(files).where(eq(files.packId, pack.id));
      expect(stored!.n).toBe(STUDIO_LIMITS.packMaxFiles);
      expect(await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.packId, pack.id))).toEqual([]);
      // The pack is full now: a 2,001st file is refused for the pack's room, not for the budget.
      const over = await fetch(`${base}${UPLOADS}`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': `packId ${Buffer.from(pack.id).toString('base64')},relativePath ${Buffer.from('One more.wav').toString('base64')}` },
      });
      expect(over.status).toBe(413);

      // Past its budget (refused starts count too: they cost the server the same check), a start is a 429 whose
      // Retry-After the studio waits out (pack-upload-queue.test.ts).
      const budget = RATE_LIMITS.packUpload.perUser;
      for (let spent = STUDIO_LIMITS.packMaxFiles + 1; spent < budget.max; spent++) {
        expect((await tusCreate(t, user.cookie, { packId: pack.id, relativePath: 'One more.wav' }, 100)).statusCode).toBe(413);
      }
      const limited = await tusCreate(t, user.cookie, { packId: pack.id, relativePath: 'One more.wav' }, 100);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Try again in \d+ s\.$/), requestId: expect.any(String) } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(budget.windowSeconds);
    },
    20 * 60_000,
  );
});
