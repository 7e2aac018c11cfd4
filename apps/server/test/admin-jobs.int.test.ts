import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobs } from '@crate/contract/jobs';
import { call } from './auth-helpers.ts';
import { createUserOfKind, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`the admin view of the job queue on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  const missingFiles = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUserOfKind(t.ctx, 'admin'))!;
    // One e-mail sent, one due tomorrow, and two files to derive that do not exist (they fail for good).
    await t.ctx.jobs.enqueue('mail', { to: 'someone@example.com', subject: 'Your receipt', text: 'Thanks' });
    await t.ctx.jobs.enqueue('mail', { to: 'someone@example.com', subject: 'Your weekly digest', text: 'News' }, { runAt: new Date(Date.now() + 86_400_000) });
    for (const fileId of missingFiles) await t.ctx.jobs.enqueue('derive-media', { fileId });
    await t.ctx.jobs.drain();
  });
  afterAll(() => t.close());

  const view = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/jobs${query}`, undefined, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminJobs;
  };

  it('counts the jobs of every name this server runs (the sandbox\'s with the sandbox) in every state, with its lane', async () => {
    expect((await view()).queues).toEqual([
      { name: 'mail', lane: 'interactive', counts: { queued: 1, running: 0, done: 1, failed: 0 } },
      { name: 'derive-media', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 2 } },
      { name: 'credits-expire', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'play-dedupe-prune', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'payment-event', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'payment-refund', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'subscription-cancel', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'sandbox-webhook', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'sandbox-settle', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'subscription-recheck', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'credits-expiring-notice', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'analyse-audio', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'process-pack', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'jobs-clean-up', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'uploads-sweep', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'site-stats-rollup', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'payout-drafts', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'payout-pay', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'unpack-zip', lane: 'interactive', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'attribution-forward', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
      { name: 'release-reminders', lane: 'bulk', counts: { queued: 0, running: 0, done: 0, failed: 0 } },
    ]);
  });

  it('lists the latest failures first, with the error, the job name and the attempts', async () => {
    const { failures } = await view();
    expect(failures).toHaveLength(2);
    expect(failures.map((f) => f.error)).toEqual([
      `derive-media failed for good: file ${missingFiles[1]} does not exist`,
      `derive-media failed for good: file ${missingFiles[0]} does not exist`,
    ]);
    for (const failure of failures) {
      expect(failure).toMatchObject({ name: 'derive-media', attempts: 1, max_attempts: 5 });
      expect(Date.parse(failure.failed_at!)).toBeGreaterThanOrEqual(Date.parse(failure.created_at));
    }
    expect((await view('?failures=1')).failures.map((f) => f.id)).toEqual([failures[0]!.id]);
  });

  it('refuses a failure count out of range', async () => {
    for (const failures of ['0', '101', 'many']) {
      const res = await call(t, 'GET', `/api/admin/jobs?failures=${failures}`, undefined, { cookie: admin.cookie });
      expect(res.statusCode, failures).toBe(400);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('answers 401 to visitors and 403 to signed-in users who are not admins', async () => {
    expect((await call(t, 'GET', '/api/admin/jobs')).statusCode).toBe(401);
    for (const kind of ['subscriber', 'creator', 'collaborator', 'affiliate'] as const) {
      const user = (await createUserOfKind(t.ctx, kind))!;
      const res = await call(t, 'GET', '/api/admin/jobs', undefined, { cookie: user.cookie });
      expect(res.statusCode, kind).toBe(403);
      expect(res.body).not.toContain('does not exist');
    }
  });
});
