import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotKey } from '../src/features/search/indexed-search-engine.ts';
import { SNAPSHOT_FORMAT } from '../src/features/search/index/snapshot.ts';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/create-context.ts';
import { jobs } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/sql-rows.ts';
import type { ObjectStorage } from '../src/storage/object-storage.ts';
import { createUser } from './factories.ts';
import { deliverInProcess, postWebhook, seedPaymentCatalogue, subscribe } from './payment-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const TOKEN = 'metrics-token-for-the-observability-test-0123456789';
const PROXY = '10.1.2.3';

/** One sample of the Prometheus text: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}: ${found.length} samples`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

/** Log lines as JSON objects, written by the app's own logger (create-context.ts), at debug. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLogger({ logLevel: 'debug' }, stream) };
}

describe(`metrics, request ids and readiness on ${TEST_DB}`, () => {
  let t: TestApp;
  const logged = capturedLog();

  beforeAll(async () => {
    t = await createTestApp({ metrics: { token: TOKEN, workerPort: 9464 }, trustProxy: ['10.0.0.0/8'], logLevel: 'debug' }, { log: logged.log });
  });
  afterAll(() => t.close());

  const scrape = async (app: FastifyInstance = t.app) => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return { text: res.body, samples: parseSamples(res.body), headers: res.headers };
  };

  describe('/metrics', () => {
    it('is off by default: without METRICS_TOKEN the address does not exist and nothing is measured', async () => {
      const plain = await buildApp({ ...t.ctx, config: { ...t.ctx.config, metrics: null }, metrics: null });
      try {
        const res = await plain.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String), requestId: expect.any(String) } });
      } finally {
        await plain.close();
      }
    });

    it('asks for the token: none or a wrong one is 401 with the Bearer challenge', async () => {
      for (const authorization of [undefined, 'Bearer not-the-token', TOKEN, `Basic ${TOKEN}`]) {
        const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
        expect(res.body).not.toContain('crate_');
      }
    });

    it('answers the Prometheus text format with the process metrics (event-loop delay among them)', async () => {
      const { text, samples, headers } = await scrape();
      expect(headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(text).toContain('# TYPE crate_http_request_duration_seconds histogram');
      expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      expect(samples.some((s) => s.name === 'process_cpu_seconds_total')).toBe(true);
      expect(valueOf(samples, 'crate_db_queries_total')).toBeGreaterThan(0);
      if (TEST_DB === 'postgres') expect(valueOf(samples, 'crate_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      else expect(samples.some((s) => s.name === 'crate_db_pool_connections')).toBe(false);
    });

    it('labels requests by route template and status class, never by the URL asked for', async () => {
      const route = { method: 'GET', route: '/api/items/:slug', status_class: '4xx' };
      const before = valueOf((await scrape()).samples, 'crate_http_request_duration_seconds_count', route);
      const slug = `no-such-sound-${randomUUID()}`;
      const unknownPath = `/api/nothing-here-${randomUUID()}`;
      for (let i = 0; i < 3; i++) expect((await t.app.inject(`/api/items/${slug}`)).statusCode).toBe(404);
      expect((await t.app.inject(unknownPath)).statusCode).toBe(404);
      const { text, samples } = await scrape();
      expect(valueOf(samples, 'crate_http_request_duration_seconds_count', route)).toBe(before + 3);
      expect(valueOf(samples, 'crate_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(slug);
      expect(text).not.toContain(unknownPath);
      // Every route label is a registered route's template or "unmatched".
      const labelled = samples.filter((s) => s.name === 'crate_http_request_duration_seconds_count');
      expect(labelled.length).toBeGreaterThan(2);
      for (const { labels } of labelled) {
        const known = labels['route'] === 'unmatched' || t.app.hasRoute({ method: labels['method'] as 'GET', url: labels['route']! });
        expect(known, JSON.stringify(labels)).toBe(true);
      }
    });

    it('shows the queue: jobs waiting and their age per name and lane, then the run and its outcome', async () => {
      const slot = new Date(Date.UTC(2020, 0, 1)).toISOString();
      await t.ctx.jobs.enqueue('jobs-clean-up', { slot }, { runAt: new Date(Date.now() - 60_000) });
      let samples = (await scrape()).samples;
      expect(valueOf(samples, 'crate_jobs_waiting', { name: 'jobs-clean-up', lane: 'bulk' })).toBe(1);
      expect(valueOf(samples, 'crate_jobs_oldest_waiting_seconds', { name: 'jobs-clean-up', lane: 'bulk' })).toBeGreaterThanOrEqual(59);
      expect(valueOf(samples, 'crate_jobs_waiting', { name: 'mail', lane: 'interactive' })).toBe(0);
      await t.ctx.jobs.drain();
      samples = (await scrape()).samples;
      expect(valueOf(samples, 'crate_jobs_waiting', { name: 'jobs-clean-up', lane: 'bulk' })).toBe(0);
      expect(valueOf(samples, 'crate_job_duration_seconds_count', { name: 'jobs-clean-up', lane: 'bulk', outcome: 'done' })).toBe(1);
    });

    it('shows the search index: loaded, its size, and how far it is behind the outbox', async () => {
      const { samples } = await scrape();
      if (t.ctx.config.searchIndex.kind !== 'memory') return;
      expect(valueOf(samples, 'crate_search_index_loaded')).toBe(1);
      expect(valueOf(samples, 'crate_search_index_documents')).toBe(t.app.searchIndex!.status().documents);
      expect(valueOf(samples, 'crate_search_index_lag_changes')).toBeGreaterThanOrEqual(0);
      expect(samples.some((s) => s.name === 'crate_search_index_lag_seconds')).toBe(true);
    });

    it('counts webhook events by type and outcome', async () => {
      const refused = await postWebhook(t, '{"id":"evt_forged"}', 't=1,v1=forged');
      expect(refused.statusCode).toBe(400);
      await seedPaymentCatalogue(t.ctx);
      deliverInProcess(t);
      await subscribe(t, await createUser(t.ctx), 'price_starter');
      const { samples } = await scrape();
      expect(valueOf(samples, 'crate_webhook_events_total', { type: 'unverified', outcome: 'bad_signature' })).toBe(1);
      const processed = samples.filter((s) => s.name === 'crate_webhook_events_total' && s.labels['outcome'] === 'processed');
      expect(processed.map((s) => s.labels['type'])).toContain('checkout.session.completed');
    });
  });

  describe('request ids', () => {
    it('every answer carries a new one; an error body carries the same', async () => {
      const ok = await t.app.inject('/api/health');
      const missing = await t.app.inject('/api/items/no-such-sound');
      const ids = [ok.headers['x-request-id'], missing.headers['x-request-id']];
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(ids[0]).not.toBe(ids[1]);
      expect(missing.json().error.requestId).toBe(missing.headers['x-request-id']);
    });

    it("keeps a proxy's X-Request-Id only from a TRUST_PROXY address, and only a well-formed one", async () => {
      const sent = `lb-${randomUUID()}`;
      const fromProxy = await t.app.inject({ url: '/api/items/no-such-sound', remoteAddress: PROXY, headers: { 'x-request-id': sent } });
      expect(fromProxy.headers['x-request-id']).toBe(sent);
      expect(fromProxy.json().error.requestId).toBe(sent);
      const fromClient = await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.7', headers: { 'x-request-id': sent } });
      expect(fromClient.headers['x-request-id']).not.toBe(sent);
      const malformed = await t.app.inject({ url: '/api/health', remoteAddress: PROXY, headers: { 'x-request-id': 'has spaces\tand "quotes"' } });
      expect(malformed.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{12}$/);
    });

    it('is on every log line of the request, on the job it queued, and on the lines its worker writes', async () => {
      const user = await createUser(t.ctx);
      const from = logged.lines.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email }, headers: { origin: t.ctx.config.publicUrl } });
      expect(res.statusCode, res.body).toBe(200);
      const requestId = res.headers['x-request-id'] as string;
      const duringRequest = logged.lines.slice(from);
      expect(duringRequest.length).toBeGreaterThanOrEqual(2);
      for (const line of duringRequest) expect(line['requestId'], JSON.stringify(line)).toBe(requestId);

      const queued = await t.ctx.db.select({ id: jobs.id, requestId: jobs.requestId }).from(jobs).where(eq(jobs.queue, 'mail'));
      const mail = queued.find((job) => job.requestId === requestId);
      expect(mail, JSON.stringify(queued)).toBeDefined();

      const beforeRun = logged.lines.length;
      await t.ctx.jobs.drain();
      const workerLines = logged.lines.slice(beforeRun).filter((line) => line['job'] === mail!.id || String(line['msg']).startsWith('outbox:'));
      expect(workerLines.map((line) => line['msg'])).toEqual(expect.arrayContaining([expect.stringMatching(/^outbox: /), 'job done']));
      for (const line of workerLines) expect(line['requestId'], JSON.stringify(line)).toBe(requestId);
    });
  });

  describe('/api/ready', () => {
    it('is ready when the database answers, has every migration and the search index is loaded', async () => {
      const res = await t.app.inject('/api/ready');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', search_index: t.ctx.config.searchIndex.kind === 'memory' ? 'ok' : 'postgres' } });
    });

    it('is not ready while the database lacks a migration this version ships', async () => {
      const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(await t.ctx.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`));
      await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
      try {
        const res = await t.app.inject('/api/ready');
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', message: 'Not ready: the database lacks 1 migration this version needs.' });
        expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      } finally {
        await t.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`);
      }
      expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    });

    it('is not ready while a starting process loads its search index, and ready once it has', async () => {
      if (t.ctx.config.searchIndex.kind !== 'memory') return;
      // A second API process on the same database (its own metrics, here none) whose saved index arrives slowly from object storage.
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (release = resolve));
      const slowStorage: ObjectStorage = Object.assign(Object.create(t.ctx.storage) as ObjectStorage, {
        get: async (key: string) => {
          if (key === snapshotKey(SNAPSHOT_FORMAT)) await arrived;
          return t.ctx.storage.get(key);
        },
      });
      const second = await buildApp({ ...t.ctx, storage: slowStorage, config: { ...t.ctx.config, metrics: null }, metrics: null });
      try {
        await second.ready();
        const loading = await second.inject('/api/ready');
        expect(loading.statusCode).toBe(503);
        expect(loading.json().error.message).toBe('Not ready: the search index is still loading.');
        release();
        await second.searchIndex!.ready;
        expect((await second.inject('/api/ready')).json()).toMatchObject({ status: 'ready', checks: { search_index: 'ok' } });
      } finally {
        release();
        await second.close();
      }
    });
  });
});
