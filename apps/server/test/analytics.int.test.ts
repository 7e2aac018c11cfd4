import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { ItemAnalytics, PackAnalytics } from '@crate/contract/analytics';
import { itemDailyStats, itemEvents, items, monthlyPayouts, ownedItems, packDailyStats, playDedupe } from '../src/db/schema/index.ts';
import { runPlayDedupePrune } from '../src/features/tracking/play-dedupe-prune-job.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call } from './auth-helpers.ts';
import { addCollaborator, createCreator, createItems, createPack, givePreview } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const DAY = 86_400_000;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

describe(`play tracking, rollups and creator analytics on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: TestUser;
  let collaborator: TestUser;
  let otherCreator: TestUser;
  let admin: TestUser;
  let listener: TestUser;
  let listener2: TestUser;
  let pack: { id: string; slug: string; creatorId: string };
  let kick: { id: string; slug: string };
  let snare: { id: string; slug: string };
  let draftItem: { id: string; slug: string };
  const previews = new Map<string, string>();
  let clock: ManualClock;

  beforeAll(async () => {
    t = await createTestApp();
    clock = new ManualClock(new Date());
    t.ctx.clock = clock;
    owner = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, owner.id);
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    await addCollaborator(t.ctx, creator.id, collaborator.id);
    otherCreator = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, otherCreator.id);
    admin = await createUser(t.ctx, { roles: ['admin'] });
    listener = await createUser(t.ctx, { roles: ['subscriber'] });
    listener2 = await createUser(t.ctx, { roles: ['subscriber'] });
    pack = await createPack(t.ctx, creator.id, { title: 'Night Drums' });
    const sounds = await createItems(t.ctx, pack, 2, { durationMs: 8000, creditCost: 2 });
    kick = sounds[0]!;
    snare = sounds[1]!;
    await t.ctx.db.update(items).set({ name: '=Snare, "wet"' }).where(eq(items.id, snare!.id));
    const draft = await createPack(t.ctx, creator.id, { status: PACK_STATUS.draft });
    draftItem = (await createItems(t.ctx, draft, 1, { durationMs: 8000 }))[0]!;
    for (const sound of sounds) previews.set(sound.id, await givePreview(t.ctx, sound));
  });
  afterAll(() => t.close());

  const trackPlay = (itemId: string, listenedMs: number, user: TestUser | null, address = '10.9.0.1', userAgent = 'test-browser') =>
    t.app.inject({
      method: 'POST',
      url: '/api/fn/trackPlay',
      remoteAddress: address,
      headers: { 'user-agent': userAgent, ...(user ? { cookie: user.cookie } : {}) },
      payload: { data: { item_id: itemId, listened_ms: listenedMs } },
    });
  /** A listen as the player makes one: the preview fetched, `listenedMs` of it played, then reported. */
  const counted = async (itemId: string, listenedMs: number, user: TestUser | null, address = '10.9.0.1', userAgent = 'test-browser') => {
    const served = await t.app.inject({ url: previews.get(itemId)!, remoteAddress: address, headers: { 'user-agent': userAgent, ...(user ? { cookie: user.cookie } : {}) } });
    expect(served.statusCode).toBe(200);
    clock.advance(Math.max(0, listenedMs));
    const res = await trackPlay(itemId, listenedMs, user, address, userAgent);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { counted: boolean } }).result.counted;
  };
  const itemAnalytics = async (slug: string, user: TestUser, query = '') => {
    const res = await call(t, 'GET', `/api/analytics/items/${slug}${query}`, undefined, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ItemAnalytics;
  };
  const packAnalytics = async (id: string, user: TestUser, query = '') => {
    const res = await call(t, 'GET', `/api/analytics/packs/${id}${query}`, undefined, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PackAnalytics;
  };

  describe('a play', () => {
    it('counts only once the preview actually played past the threshold', async () => {
      expect(await counted(kick.id, 0, listener)).toBe(false); // a bare click
      expect(await counted(kick.id, 2999, listener)).toBe(false);
      expect(await counted(kick.id, 3000, listener)).toBe(true);
    });

    it('is counted once per listener and item within the dedupe window', async () => {
      expect(await counted(kick.id, 8000, listener)).toBe(false);
      expect(await counted(kick.id, 8000, listener2)).toBe(true);
      expect(await counted(snare.id, 8000, listener)).toBe(true);
      // Visitors without a listener cookie are told apart by address, not by browser.
      expect(await counted(kick.id, 5000, null, '10.9.0.2')).toBe(true);
      expect(await counted(kick.id, 5000, null, '10.9.0.2', 'another-browser')).toBe(false);
      expect(await counted(kick.id, 5000, null, '10.9.0.3')).toBe(true);
      expect((await itemAnalytics(kick.slug, owner)).totals.plays).toBe(4);
    });

    it('counts again once the window has passed', async () => {
      clock.advance(31 * 60_000);
      expect(await counted(kick.id, 4000, listener)).toBe(true);
      expect(await counted(kick.id, 4000, listener)).toBe(false);
    });

    it("does not count the creator's own people, and refuses items the listener cannot read", async () => {
      expect(await counted(kick.id, 5000, owner)).toBe(false);
      expect(await counted(kick.id, 5000, collaborator)).toBe(false);
      expect((await trackPlay(draftItem.id, 5000, listener)).statusCode).toBe(404);
      expect((await trackPlay(kick.id, -1, listener)).statusCode).toBe(400);
    });

    it('forgets listens older than the window at its hourly slot, keeping the recent ones', async () => {
      await t.ctx.db.insert(playDedupe).values({ listener: 'u:someone-long-ago', itemId: snare.id, countedAt: new Date(clock.now().getTime() - 2 * 3600_000) });
      const recent = (await t.ctx.db.select().from(playDedupe)).filter((r) => r.countedAt.getTime() > clock.now().getTime() - 29 * 60_000);
      expect(recent.length).toBeGreaterThan(0);
      await runPlayDedupePrune(t.ctx);
      const after = await t.ctx.db.select().from(playDedupe);
      expect(after.map((r) => r.listener).sort()).toEqual(recent.map((r) => r.listener).sort());
    });

    it('keeps no raw address for visitors', async () => {
      const rows = await t.ctx.db.select({ listener: playDedupe.listener }).from(playDedupe);
      expect(rows.every((row) => !row.listener.includes('10.9.0'))).toBe(true);
    });
  });

  describe('favorites, playlist adds and gets', () => {
    it('count a new heart, a playlist add and a get with the credits it earned', async () => {
      await call(t, 'PUT', `/api/favorites/items/${snare.id}`, undefined, { cookie: listener.cookie });
      await call(t, 'PUT', `/api/favorites/items/${snare.id}`, undefined, { cookie: listener.cookie }); // again: no second favorite
      const playlist = await call(t, 'POST', '/api/playlists', { name: 'Drums' }, { cookie: listener.cookie });
      await call(t, 'POST', `/api/playlists/${playlist.json().id}/items`, { item_id: snare.id }, { cookie: listener.cookie });
      await addCredits(t.ctx.db, { userId: listener.id, kind: 'grant', amount: 10, reason: 'plan', idempotencyKey: `test:${randomUUID()}`, expiresAt: null });
      const got = await call(t, 'POST', '/api/acquisitions', { target: 'pack', id: pack.id, idempotency_key: randomUUID() }, { cookie: listener.cookie });
      expect(got.statusCode, got.body).toBe(200);
      const snareFigures = await itemAnalytics(snare.slug, owner);
      expect(snareFigures.totals).toEqual({ plays: 1, downloads: 0, gets: 1, favorites: 1, playlist_adds: 1, credits: 2 });
      const packFigures = await packAnalytics(pack.id, owner);
      expect(packFigures.totals).toMatchObject({ gets: 2, credits: 4, favorites: 1, playlist_adds: 1, plays: 6 });
    });

    it('show the money the sounds earned: credits at the month’s pool rate (estimated until approved) plus 70 % of sales', async () => {
      const month = `${new Date().toISOString().slice(0, 7)}-01`;
      const before = await itemAnalytics(snare.slug, owner);
      // No payout computed for the month yet: its credits count nothing, and that is an estimate.
      expect(before.earnings).toEqual({ currency: 'usd', pool_cents: 0, sales_cents: 0, total_cents: 0, estimated: true });
      // The hourly draft: a pool of $10.00 over 8 credits spent on the whole shop, $1.25 a credit.
      await t.ctx.db.insert(monthlyPayouts).values({ month, status: 'draft', poolCents: 1000, credits: 8, computedAt: new Date() });
      // A sale of the kick outright for $9.99: 70 % of it, rounded down.
      await t.ctx.db.insert(ownedItems).values({ userId: listener2.id, itemId: kick.id, source: 'purchase', priceCents: 999, currency: 'usd' });
      expect((await itemAnalytics(snare.slug, owner)).earnings).toEqual({ currency: 'usd', pool_cents: 250, sales_cents: 0, total_cents: 250, estimated: true });
      expect((await itemAnalytics(kick.slug, collaborator)).earnings).toEqual({ currency: 'usd', pool_cents: 250, sales_cents: 699, total_cents: 949, estimated: true });
      const packFigures = await packAnalytics(pack.id, owner);
      expect(packFigures.earnings).toEqual({ currency: 'usd', pool_cents: 500, sales_cents: 699, total_cents: 1199, estimated: true });
      expect(Object.fromEntries(packFigures.top_items.map((item) => [item.slug, item.earnings.total_cents]))).toEqual({ [kick.slug]: 949, [snare.slug]: 250 });
      await t.ctx.db.update(monthlyPayouts).set({ status: 'approved' }).where(eq(monthlyPayouts.month, month));
      expect((await packAnalytics(pack.id, owner)).earnings.estimated).toBe(false);
      await t.ctx.db.delete(ownedItems).where(eq(ownedItems.userId, listener2.id));
      await t.ctx.db.delete(monthlyPayouts).where(eq(monthlyPayouts.month, month));
    });

    it('counts a recorded download of the original', async () => {
      await t.ctx.db.execute(sql`insert into downloads (user_id, item_id) values (${listener.id}, ${kick.id})`);
      expect((await itemAnalytics(kick.slug, owner)).totals.downloads).toBe(1);
    });
  });

  describe('rollups', () => {
    it('equal the raw events, per item and per pack, after many bulk and single inserts over many days', async () => {
      const extra = await createItems(t.ctx, pack, 3, { durationMs: 2000 });
      const ids = [kick.id, snare.id, ...extra.map((item) => item.id)];
      const kinds = ['play', 'download', 'favorite', 'playlist_add', 'get'] as const;
      let seed = 7;
      const next = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      for (let batch = 0; batch < 5; batch++) {
        const rows = Array.from({ length: 400 }, () => {
          const kind = kinds[next(kinds.length)]!;
          return { itemId: ids[next(ids.length)]!, packId: pack.id, kind, credits: kind === 'get' ? next(4) : 0, createdAt: new Date(Date.now() - next(200) * DAY - next(DAY)) };
        });
        await t.ctx.db.insert(itemEvents).values(rows);
      }
      await t.ctx.db.insert(itemEvents).values({ itemId: kick.id, packId: pack.id, kind: 'play', createdAt: new Date(Date.now() - 3 * DAY) });

      const raw = await t.ctx.db.execute(sql`
        select item_id::text, (created_at at time zone 'UTC')::date::text as day,
          count(*) filter (where kind = 'play')::int as plays, count(*) filter (where kind = 'download')::int as downloads,
          count(*) filter (where kind = 'get')::int as gets, count(*) filter (where kind = 'favorite')::int as favorites,
          count(*) filter (where kind = 'playlist_add')::int as playlist_adds, sum(credits)::int as credits
        from item_events group by 1, 2 order by 1, 2`);
      const rolled = await t.ctx.db.execute(sql`
        select item_id::text, day::text, plays, downloads, gets, favorites, playlist_adds, credits from item_daily_stats order by 1, 2`);
      expect(rowsOf(rolled)).toEqual(rowsOf(raw));

      const rawPack = await t.ctx.db.execute(sql`
        select i.pack_id::text, (e.created_at at time zone 'UTC')::date::text as day, count(*) filter (where e.kind = 'play')::int as plays, sum(e.credits)::int as credits
        from item_events e join items i on i.id = e.item_id group by 1, 2 order by 1, 2`);
      const rolledPack = await t.ctx.db.select({ packId: packDailyStats.packId, day: packDailyStats.day, plays: packDailyStats.plays, credits: packDailyStats.credits }).from(packDailyStats).orderBy(packDailyStats.packId, packDailyStats.day);
      expect(rolledPack.map((r) => ({ pack_id: r.packId, day: r.day, plays: r.plays, credits: r.credits }))).toEqual(rowsOf(rawPack));
      expect((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(itemDailyStats))[0]!.n).toBeGreaterThan(100);
    });

    it('answer any range and granularity with the same totals as the raw events', async () => {
      const from = daysAgo(120);
      const to = today();
      const [raw] = rowsOf(
        await t.ctx.db.execute(sql`
          select count(*) filter (where kind = 'play')::int as plays, count(*) filter (where kind = 'get')::int as gets, coalesce(sum(credits), 0)::int as credits
          from item_events where pack_id = ${pack.id} and (created_at at time zone 'UTC')::date between ${from}::date and ${to}::date`),
      ) as { plays: number; gets: number; credits: number }[];
      for (const granularity of ['day', 'week', 'month']) {
        const figures = await packAnalytics(pack.id, owner, `?from=${from}&to=${to}&granularity=${granularity}`);
        expect(figures.totals, granularity).toMatchObject(raw!);
        expect(figures.series.reduce((sum, point) => sum + point.plays, 0)).toBe(raw!.plays);
        expect(figures.range).toEqual({ from, to, granularity });
      }
      const daily = await packAnalytics(pack.id, owner, `?from=${from}&to=${to}`);
      expect(daily.series).toHaveLength(121);
      expect(daily.top_items.length).toBeGreaterThan(0);
      const plays = daily.top_items.map((item) => item.plays);
      expect(plays).toEqual([...plays].sort((a, b) => b - a));
    });

    it('refuses a bad range', async () => {
      const bad = await call(t, 'GET', `/api/analytics/packs/${pack.id}?from=${today()}&to=${daysAgo(3)}`, undefined, { cookie: owner.cookie });
      expect(bad.statusCode).toBe(400);
      expect((await call(t, 'GET', `/api/analytics/packs/${pack.id}?granularity=year`, undefined, { cookie: owner.cookie })).statusCode).toBe(400);
      expect((await call(t, 'GET', `/api/analytics/packs/${pack.id}?from=2010-01-01&to=2026-01-01`, undefined, { cookie: owner.cookie })).statusCode).toBe(400);
    });
  });

  describe('who sees the figures', () => {
    it.each([
      ['the creator', () => owner, 200],
      ['a collaborator (read)', () => collaborator, 200],
      ['an admin', () => admin, 200],
      ['another creator', () => otherCreator, 404],
      ['a subscriber', () => listener, 403],
    ] as const)('%s → %i', async (_who, user, status) => {
      for (const url of [`/api/analytics/items/${kick.slug}`, `/api/analytics/packs/${pack.id}`, `/api/analytics/items/${kick.slug}/export.csv`, `/api/analytics/packs/${pack.id}/export.csv`]) {
        expect((await call(t, 'GET', url, undefined, { cookie: user().cookie })).statusCode, url).toBe(status);
      }
    });

    it('a visitor must sign in', async () => {
      expect((await call(t, 'GET', `/api/analytics/packs/${pack.id}`)).statusCode).toBe(401);
    });
  });

  describe('CSV export', () => {
    it('writes one row per period for an item', async () => {
      const res = await call(t, 'GET', `/api/analytics/items/${kick.slug}/export.csv?from=${daysAgo(6)}&to=${today()}`, undefined, { cookie: owner.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('attachment');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('period,plays,downloads,gets,favorites,playlist_adds,credits');
      expect(lines).toHaveLength(8);
      const json = await itemAnalytics(kick.slug, owner, `?from=${daysAgo(6)}&to=${today()}`);
      expect(lines.slice(1)).toEqual(json.series.map((p) => [p.period, p.plays, p.downloads, p.gets, p.favorites, p.playlist_adds, p.credits].join(',')));
    });

    it("writes one row per item per period for a pack, names quoted and defused, adding up to the pack's totals", async () => {
      const from = daysAgo(200);
      const res = await call(t, 'GET', `/api/analytics/packs/${pack.id}/export.csv?from=${from}&to=${today()}&granularity=week`, undefined, { cookie: collaborator.cookie });
      expect(res.statusCode).toBe(200);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('period,item_slug,item_name,plays,downloads,gets,favorites,playlist_adds,credits');
      expect(lines.some((line) => line.includes(`,"'=Snare, ""wet""",`))).toBe(true);
      const plays = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-6)), 0);
      const figures = await packAnalytics(pack.id, owner, `?from=${from}&to=${today()}&granularity=week`);
      expect(plays).toBe(figures.totals.plays);
      const periods = lines.slice(1).map((line) => line.split(',')[0]!);
      expect(periods).toEqual([...periods].sort());
    });
  });
});
