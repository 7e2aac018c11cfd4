import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONCURRENCY_RETRY_AFTER_SECONDS, RATE_LIMITS } from '@crate/contract/rate-limits';
import { buildApp } from '../src/app.ts';
import { itemEvents } from '../src/db/schema/index.ts';
import { freshAddress } from './auth-helpers.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Expensive reads are budgeted per user: CSV exports (issue 26, finding 7; docs/decisions/0035). Twelve
 * five-year exports at once stalled /api/health for 12 s. Now an export draws on the `export` budget (so
 * many an hour per user and per address, shared by every API process on PostgreSQL), at most two of one
 * user's are under way at once, and a pack's five years are read from the daily rollups in a few statements.
 */
const EXPORT = RATE_LIMITS.export;
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const FIVE_YEARS = { from: dayOf(Date.now() - 1829 * DAY), to: dayOf(Date.now()) };
const rowsOf = <T,>(result: unknown) => (result as { rows: T[] }).rows;

describe(`CSV exports are budgeted per user, on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: TestUser;
  let creatorId: string;
  let pack: { id: string; slug: string; creatorId: string };
  let sounds: { id: string; slug: string; name: string }[];

  beforeAll(async () => {
    // Search answered by PostgreSQL: no in-memory index following the outbox, whose reads would count among an export's.
    t = await createTestApp({ searchIndex: { kind: 'postgres' } });
    owner = await createUser(t.ctx, { roles: ['creator'] });
    creatorId = (await createCreator(t.ctx, owner.id)).id;
    pack = await createPack(t.ctx, creatorId, { title: 'Five Years' });
    sounds = await createItems(t.ctx, pack, 4);
    // Plays, gets and favorites spread over five years; the rollup trigger folds them into the daily counters.
    const kinds = ['play', 'play', 'get', 'favorite'] as const;
    const events = Array.from({ length: 1500 }, (_, n) => {
      const kind = kinds[n % kinds.length]!;
      return { itemId: sounds[n % sounds.length]!.id, packId: pack.id, kind, credits: kind === 'get' ? 2 : 0, createdAt: new Date(Date.now() - ((n * 7919) % 1830) * DAY) };
    });
    await t.ctx.db.insert(itemEvents).values(events);
  });
  afterAll(() => t.close());

  const packCsv = (user: TestUser, query = `from=${FIVE_YEARS.from}&to=${FIVE_YEARS.to}`, app: FastifyInstance = t.app) =>
    app.inject({ url: `/api/analytics/packs/${pack.id}/export.csv?${query}`, remoteAddress: freshAddress(), headers: { cookie: user.cookie } });
  const itemCsv = (user: TestUser, app: FastifyInstance = t.app) =>
    app.inject({ url: `/api/analytics/items/${sounds[0]!.slug}/export.csv?from=${FIVE_YEARS.from}&to=${FIVE_YEARS.to}`, remoteAddress: freshAddress(), headers: { cookie: user.cookie } });
  /** Someone of the creator's: the budget is per user, so each test spends a fresh one's. */
  const collaborator = async () => {
    const user = await createUser(t.ctx, { roles: ['collaborator'] });
    await addCollaborator(t.ctx, creatorId, user.id);
    return user;
  };
  const expectRefused = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^(Too many requests|You have \d+ of these under way)/), requestId: expect.any(String) } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it("reads a pack's five years from the rollups in a few statements, every row as the raw events count it", async () => {
    const before = t.ctx.database.queryCount();
    const res = await packCsv(owner, `from=${FIVE_YEARS.from}&to=${FIVE_YEARS.to}&granularity=week`);
    // The session, the budget and the slot, the pack, the rows per period and one read of them: the walk
    // this replaces asked once per 31 days, 60 times for five years.
    expect(t.ctx.database.queryCount() - before).toBeLessThanOrEqual(10);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('period,item_slug,item_name,plays,downloads,gets,favorites,playlist_adds,credits');
    const raw = rowsOf<{ period: string; slug: string; name: string; plays: number; gets: number; favorites: number; credits: number }>(
      await t.ctx.db.execute(sql`
        select to_char(date_trunc('week', (e.created_at at time zone 'UTC')::date::timestamp), 'YYYY-MM-DD') as period, i.slug, i.name,
          count(*) filter (where e.kind = 'play')::int as plays, count(*) filter (where e.kind = 'get')::int as gets,
          count(*) filter (where e.kind = 'favorite')::int as favorites, coalesce(sum(e.credits), 0)::int as credits
        from item_events e join items i on i.id = e.item_id
        where e.pack_id = ${pack.id} and (e.created_at at time zone 'UTC')::date between ${FIVE_YEARS.from}::date and ${FIVE_YEARS.to}::date
        group by 1, 2, 3 order by 1, 3, 2`),
    );
    expect(raw.length).toBeGreaterThan(200);
    expect(lines.slice(1)).toEqual(raw.map((r) => [r.period, r.slug, r.name, r.plays, 0, r.gets, r.favorites, 0, r.credits].join(',')));
  });

  it(`gives a user ${EXPORT.perUser.max} exports an hour, then 429 with Retry-After, whatever address they use; others keep theirs`, async () => {
    const user = await collaborator();
    for (let i = 0; i < EXPORT.perUser.max; i += 1) expect((await packCsv(user)).statusCode, `export ${i + 1}`).toBe(200);
    const refused = await packCsv(user);
    expectRefused(refused);
    expect(refused.json().error.message).toMatch(/^Too many requests/);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(EXPORT.perUser.windowSeconds);
    // The owner's budget is their own, and everyone's health is unaffected.
    expect((await packCsv(owner)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health', remoteAddress: freshAddress() })).statusCode).toBe(200);
  });

  it(`lets a user have ${EXPORT.concurrentPerUser} exports under way at once${TEST_DB === 'postgres' ? ', across API processes,' : ''} and gives each slot back when its answer is sent`, async () => {
    const user = await collaborator();
    // On PostgreSQL a second API process on the same database, and the rollups locked so that the exports
    // admitted stay under way until the refusals are in. PGlite is one process answering one statement at a
    // time: the requests sent together all ask for their slot before the first export reads anything.
    const second = TEST_DB === 'postgres' ? await buildApp(t.ctx) : t.app;
    const locker = t.ctx.config.database.kind === 'postgres' ? new pg.Client({ connectionString: t.ctx.config.database.url }) : null;
    try {
      if (locker) {
        await locker.connect();
        await locker.query('begin');
        await locker.query('lock table item_daily_stats in access exclusive mode');
      }
      const answered: LightMyRequestResponse[] = [];
      let heard = () => {};
      const sent = [packCsv(user), itemCsv(user, second), packCsv(user, undefined, second), itemCsv(user)].map((request) =>
        request.then((res) => {
          answered.push(res);
          heard();
          return res;
        }),
      );
      const over = sent.length - EXPORT.concurrentPerUser;
      await new Promise<void>((resolve) => {
        heard = () => void (answered.length >= over && resolve());
        heard();
      });
      // The first answers are the refusals: the exports admitted are still under way.
      for (const res of answered.slice(0, over)) {
        expectRefused(res);
        expect(res.headers['retry-after']).toBe(String(CONCURRENCY_RETRY_AFTER_SECONDS));
      }
      await locker?.query('commit');
      const all = await Promise.all(sent);
      expect(all.map((res) => res.statusCode).sort()).toEqual([200, 200, 429, 429]);
      for (const res of all.filter((r) => r.statusCode === 200)) expect(res.body).toMatch(/^period,/);
      // Both slots are back: the next two exports run.
      expect((await Promise.all([packCsv(user), itemCsv(user, second)])).map((res) => res.statusCode)).toEqual([200, 200]);
    } finally {
      await locker?.end();
      if (second !== t.app) await second.close();
    }
  });

  it('a refused or failed export gives its slot back too', async () => {
    const user = await collaborator();
    for (let i = 0; i < EXPORT.concurrentPerUser + 1; i += 1) {
      expect((await packCsv(user, 'from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
      expect((await t.app.inject({ url: `/api/analytics/packs/00000000-0000-4000-8000-000000000000/export.csv`, remoteAddress: freshAddress(), headers: { cookie: user.cookie } })).statusCode).toBe(404);
    }
    expect((await packCsv(user)).statusCode).toBe(200);
  });
});
