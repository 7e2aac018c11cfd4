import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { jobs, packs, processingRuns, uploadLocks } from '../src/db/schema/index.ts';
import { exited, spawnAppProcess } from './app-child-process.ts';
import { createUser, type TestUser } from './factories.ts';
import { seedPaymentCatalogue } from './payment-helpers.ts';
import { creatorFixture, packWithSounds, toneWav } from './pack-review-fixtures.ts';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.ts';
import { tusMetadata } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const WORKER = path.resolve(import.meta.dirname, '../src/worker.ts');
const TUS = { 'tus-resumable': '1.0.0' };

/** A port nobody listens on now (the child listens on it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface Running {
  name: string;
  child: ChildProcess;
  output: () => string;
  url: string;
}

/**
 * Crate as it runs spread out (decision 0067): two API processes (A and B, `npm start` with WORKERS=false) and two
 * workers (`npm run worker`), each its own child process, on one PostgreSQL database and one S3 store — the test
 * talks to them over HTTP only, as a load balancer would. Uploads resume on another process, payments fulfilled on
 * one show on the other, a pack is processed once and found on the other API within a second, scheduled jobs run
 * once per slot, and an API process killed with -9 loses nothing it had acknowledged. PGlite lives inside one
 * process, so this runs on PostgreSQL only.
 */
describe.skipIf(TEST_DB !== 'postgres')(`two API processes and two workers on ${TEST_DB} and S3`, () => {
  let t: TestApp;
  let s3: S3StandIn;
  let a: Running;
  let b: Running;
  let workers: Running[];
  let creator: Awaited<ReturnType<typeof creatorFixture>>;
  let admin: TestUser;
  const started: Running[] = [];

  async function startProcess(name: string, script: string, env: Record<string, string>, port?: number): Promise<Running> {
    const spawned = spawnAppProcess(t, script, { ...s3.env, SANDBOX_PENDING_SECONDS: '0', ...env, ...(port ? { PORT: String(port), HOST: '127.0.0.1', WORKERS: 'false' } : {}) });
    const running = { name, ...spawned, url: port ? `http://127.0.0.1:${port}` : '' };
    started.push(running);
    return running;
  }

  /** Resolves once the API process answers its health check; fails with its output if it died or never answered. */
  async function ready(api: Running): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && api.child.exitCode === null) {
      if ((await fetch(`${api.url}/api/health`).then((r) => r.status, () => 0)) === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${api.name} did not start:\n${api.output()}`);
  }

  const request = (api: Running, method: string, url: string, options: { cookie?: string; json?: unknown; headers?: Record<string, string>; body?: Buffer } = {}) =>
    fetch(`${api.url}${url}`, {
      method,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : options.body ? { body: new Uint8Array(options.body) } : {}),
      redirect: 'manual',
    });

  beforeAll(async () => {
    s3 = await startS3StandIn();
    // The test's own app shares the database and the bucket, to make users and fixtures; it runs no workers.
    t = await createTestApp({ storage: { kind: 's3', endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true } });
    await seedPaymentCatalogue(t.ctx);
    creator = await creatorFixture(t);
    admin = await createUser(t.ctx, { roles: ['admin'] });
    const [portA, portB] = [await freePort(), await freePort()];
    // Payment events go to B's webhook endpoint, whoever takes the payment.
    const payments = { SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${portB}/api/payments/webhook` };
    a = await startProcess('API A', MAIN, payments, portA);
    b = await startProcess('API B', MAIN, payments, portB);
    workers = [await startProcess('worker 1', WORKER, payments), await startProcess('worker 2', WORKER, payments)];
    await Promise.all([ready(a), ready(b)]);
  }, 120_000);

  afterAll(async () => {
    for (const { child } of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(started.map(({ child }) => exited(child)));
    await t?.close();
    await s3?.close();
  }, 60_000);

  it('resumes on B an upload whose PATCH is still hanging on A: B asks A to let go, and the file is whole', { timeout: 120_000 }, async () => {
    const created = await request(a, 'POST', '/api/studio/packs', { cookie: creator.user.cookie, json: { title: 'Spread Out', genres: ['trap'] } });
    expect(created.status).toBe(201);
    const pack = (await created.json()) as { id: string };
    const bytes = toneWav(220, 20);
    const start = await request(a, 'POST', '/api/studio/uploads', { cookie: creator.user.cookie, headers: { ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': tusMetadata({ packId: pack.id, relativePath: 'Spread Pad.wav' }) } });
    expect(start.status, await start.clone().text()).toBe(201);
    const location = start.headers.get('location')!;
    const uploadId = location.split('/').pop()!;

    // A PATCH to A that sends a third of the file and then hangs, as a dropped connection does.
    const hanging = http.request(`${a.url}${location}`, { method: 'PATCH', headers: { cookie: creator.user.cookie, ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) } });
    const hangingEnded = new Promise<void>((resolve) => {
      hanging.on('response', (res) => res.resume().on('end', resolve));
      hanging.on('error', () => resolve());
      hanging.on('close', () => resolve());
    });
    hanging.write(bytes.subarray(0, Math.floor(bytes.length / 3)));
    // A holds the upload's lock while it reads that request.
    await expect.poll(async () => (await t.ctx.db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, uploadId))).length, { timeout: 30_000, interval: 50 }).toBe(1);

    // The browser retries on B: B waits for the lock, asks A to let go, and learns the offset A kept.
    const head = await request(b, 'HEAD', location, { cookie: creator.user.cookie, headers: TUS });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    // Every byte A had read was kept (A lets go gracefully, within tus's 3 s drain): nothing is sent twice.
    expect(offset).toBe(Math.floor(bytes.length / 3));
    await hangingEnded; // A ended its request instead of holding the upload until the socket timed out
    hanging.destroy();

    const rest = await request(b, 'PATCH', location, { cookie: creator.user.cookie, headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: bytes.subarray(offset) });
    expect(rest.status, await rest.clone().text()).toBe(200);
    // A sees the pack with the file B finished, stored whole.
    const seenOnA = (await (await request(a, 'GET', `/api/studio/packs/${pack.id}`, { cookie: creator.user.cookie })).json()) as { files: Array<{ path: string; size: number }> };
    expect(seenOnA.files).toEqual([expect.objectContaining({ path: 'Spread Pad.wav', size: bytes.length })]);
    expect(await t.ctx.db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, uploadId))).toEqual([]);
  });

  it('shows on A, at its next request, a purchase whose webhook B took', { timeout: 120_000 }, async () => {
    const buyer = await createUser(t.ctx);
    const checkout = await request(a, 'POST', '/api/checkout-sessions', { cookie: buyer.cookie, json: { price: 'price_starter', idempotency_key: randomUUID(), success_url: '/pricing', cancel_url: '/pricing' } });
    expect(checkout.status, await checkout.clone().text()).toBe(201);
    const { url } = (await checkout.json()) as { url: string };
    const paid = await request(a, 'POST', `${new URL(url).pathname}/pay`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.ctx.config.publicUrl },
      body: Buffer.from(new URLSearchParams({ card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' }).toString()),
    });
    expect(paid.status).toBe(303);
    // A worker delivers the signed events to B's webhook endpoint; the fulfilment is in the database once done.
    const roles = async (api: Running) => ((await (await request(api, 'GET', '/api/profile', { cookie: buyer.cookie })).json()) as { roles: string[] }).roles;
    await expect.poll(() => roles(b), { timeout: 60_000, interval: 100 }).toContain('subscriber');
    // A caches nothing of it: its very next request shows the plan.
    expect(await roles(a)).toContain('subscriber');
    const billing = (await (await request(a, 'GET', '/api/billing', { cookie: buyer.cookie })).json()) as Record<string, unknown>;
    expect(JSON.stringify(billing)).toContain('Starter');
  });

  it('processes a pack approved on A exactly once, on one worker, and B finds it within a second of its publication (1.5 s, polling included)', { timeout: 180_000 }, async () => {
    const word = `zephyrine${randomUUID().slice(0, 6)}`;
    const sounds = Array.from({ length: 4 }, (_, i) => ({ name: `Shared ${i + 1}.wav`, body: toneWav(180 + i * 40, 1) }));
    const { pack } = await packWithSounds(t, creator, sounds, PACK_STATUS.awaitingApproval, `${word} Drums`);
    const approved = await request(a, 'POST', `/api/admin/packs/${pack.id}/review`, { cookie: admin.cookie, json: { decision: 'approve' } });
    expect(approved.status, await approved.clone().text()).toBe(200);

    const totalOnB = async () => ((await (await request(b, 'GET', `/api/search?q=${word}`, { cookie: admin.cookie })).json()) as { total: number }).total;
    let foundAt = 0;
    await expect
      .poll(
        async () => {
          const total = await totalOnB();
          if (total > 0 && foundAt === 0) foundAt = Date.now();
          return total;
        },
        { timeout: 120_000, interval: 50 },
      )
      .toBe(sounds.length)
      .catch(async (error: unknown) => {
        throw new Error(`never found on B:\n${workers.map((w) => w.output()).join('\n')}\n${JSON.stringify(await t.ctx.db.select().from(packs).where(eq(packs.id, pack.id)))}`, { cause: error });
      });
    const [published] = await t.ctx.db.select({ status: packs.status, publishedAt: packs.publishedAt }).from(packs).where(eq(packs.id, pack.id));
    expect(published!.status).toBe(PACK_STATUS.published);
    // Within a second of the commit that published it (B polls the outbox; the test polls B every 50 ms).
    const lag = foundAt - published!.publishedAt!.getTime();
    expect(lag, `found on B ${lag} ms after the publishing transaction began`).toBeLessThan(1_500);

    const runs = await t.ctx.db.select().from(processingRuns).where(eq(processingRuns.packId, pack.id));
    expect(runs).toHaveLength(1);
    const processJobs = await t.ctx.db.select().from(jobs).where(and(eq(jobs.queue, 'process-pack'), sql`${jobs.payload}->>'packId' = ${pack.id}`));
    expect(processJobs).toHaveLength(1);
    expect(processJobs[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(processJobs[0]!.lockedBy).toMatch(/^worker-/);
  });

  it('runs each scheduled job once per slot across both workers', { timeout: 120_000 }, async () => {
    // attribution-forward is due every 10 s: wait for two slots after both workers were surely running.
    const since = new Date();
    const slotsSince = async () =>
      (await t.ctx.db.select().from(jobs).where(and(eq(jobs.queue, 'attribution-forward'), sql`(${jobs.payload}->>'slot')::timestamptz > ${since.toISOString()}::timestamptz`))).filter((row) => row.status === 'done').length;
    await expect.poll(slotsSince, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(2);
    const scheduled = await t.ctx.db.select({ queue: jobs.queue, slot: sql<string>`${jobs.payload}->>'slot'`, attempts: jobs.attempts, status: jobs.status }).from(jobs).where(inArray(jobs.queue, ['attribution-forward', 'uploads-sweep', 'credits-expire', 'site-stats-rollup']));
    const perSlot = new Map<string, number>();
    for (const row of scheduled) perSlot.set(`${row.queue}@${row.slot}`, (perSlot.get(`${row.queue}@${row.slot}`) ?? 0) + 1);
    expect([...perSlot.values()].every((count) => count === 1), JSON.stringify([...perSlot])).toBe(true);
    expect(scheduled.filter((row) => row.status === 'done').every((row) => row.attempts === 1)).toBe(true);
    // Both workers' schedulers were running: each looked for due slots (their job rows name only the one that won).
    expect(workers.every((w) => w.child.exitCode === null)).toBe(true);
  });

  it('loses no acknowledged write when API process A is killed with -9 in the middle of them', { timeout: 120_000 }, async () => {
    const writers = await Promise.all(Array.from({ length: 4 }, async () => creatorFixture(t)));
    const acknowledged: Array<{ id: string; title: string; cookie: string }> = [];
    let stop = false;
    const write = async (writer: (typeof writers)[number], n: number) => {
      for (let i = 0; i < n && !stop; i++) {
        const title = `Kept ${randomUUID().slice(0, 8)}`;
        const res = await request(a, 'POST', '/api/studio/packs', { cookie: writer.user.cookie, json: { title, genres: ['trap'] } }).catch(() => null);
        if (!res) return; // the connection died with the process
        if (res.status === 201) acknowledged.push({ id: ((await res.json()) as { id: string }).id, title, cookie: writer.user.cookie });
      }
    };
    const writing = Promise.all(writers.map((writer) => write(writer, 25)));
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 10 }).toBeGreaterThanOrEqual(20);
    a.child.kill('SIGKILL');
    await exited(a.child);
    stop = true;
    await writing;
    expect(a.child.signalCode).toBe('SIGKILL');

    // B serves every pack A acknowledged, as A acknowledged it.
    for (const kept of acknowledged) {
      const res = await request(b, 'GET', `/api/studio/packs/${kept.id}`, { cookie: kept.cookie });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe(kept.title);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
  });
});
