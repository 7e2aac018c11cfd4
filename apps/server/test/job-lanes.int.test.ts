import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { createDbJobQueue, DEFAULT_LANE_CONCURRENCY } from '../src/jobs/db-job-queue.ts';
import { JOB_CATALOGUE } from '../src/jobs/job-catalogue.ts';
import type { JobState } from '@crate/contract/jobs';
import { call, outboxMailsTo, tokenFromLink, type SentMail } from './auth-helpers.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const MEDIA_JOBS = 1000;
/** The promise: an e-mail is sent within 5 s, however many media jobs wait. */
const MAIL_WITHIN_MS = 5_000;

describe(`interactive jobs never wait behind bulk jobs on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mediaJobsIn = async (state: JobState) =>
    (await t.ctx.db.select({ n: count() }).from(jobs).where(and(eq(jobs.queue, 'derive-media'), eq(jobs.status, state))))[0]!.n;

  it(`sends a password-reset e-mail within 5 s while ${MEDIA_JOBS} media jobs wait and every media worker is busy`, async () => {
    const { email } = await createUser(t.ctx);
    // A creator's uploads queued a thousand files to derive.
    expect(await t.ctx.jobs.enqueueMany('derive-media', Array.from({ length: MEDIA_JOBS }, () => ({ fileId: randomUUID() })))).toBe(MEDIA_JOBS);

    // A worker with the default lanes, as `npm start` runs in-process, whose media jobs take as long as the test
    // (ffmpeg on a long stem): every media worker stays busy until the end.
    let releaseMedia!: () => void;
    const mediaReleased = new Promise<void>((resolve) => {
      releaseMedia = resolve;
    });
    const worker = createDbJobQueue(t.ctx.db, pino({ level: 'silent' }), {
      ...JOB_CATALOGUE,
      'derive-media': { ...JOB_CATALOGUE['derive-media'], run: () => mediaReleased },
    });
    worker.handleWith(t.ctx);
    worker.start();
    try {
      while ((await mediaJobsIn('running')) < DEFAULT_LANE_CONCURRENCY.bulk) await sleep(20);

      const askedAt = Date.now();
      const asked = await call(t, 'POST', '/api/auth/password-reset/request', { email });
      expect(asked.statusCode).toBe(200);
      let mail: SentMail | undefined;
      while (!mail && Date.now() - askedAt < MAIL_WITHIN_MS) {
        mail = (await outboxMailsTo(t, email)).at(-1);
        if (!mail) await sleep(50);
      }
      expect(mail, `no reset e-mail in the outbox ${MAIL_WITHIN_MS} ms after asking`).toBeDefined();
      expect(mail!.subject).toBe('Reset your Crate password');
      expect(tokenFromLink(mail!, '/resetpassword')).not.toBe('');

      // The media jobs did wait: only the ones the busy workers hold were taken.
      expect(await mediaJobsIn('running')).toBe(DEFAULT_LANE_CONCURRENCY.bulk);
      expect(await mediaJobsIn('queued')).toBe(MEDIA_JOBS - DEFAULT_LANE_CONCURRENCY.bulk);
    } finally {
      const stopped = worker.stop();
      releaseMedia();
      await stopped;
    }
  });
});
