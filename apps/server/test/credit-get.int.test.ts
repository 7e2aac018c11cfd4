import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-rows.ts';
import { creditLedger, creditLotDraws, itemDailyStats, itemEvents, licences, ownedItems } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * The credit get as one statement (decision 0076): what one get sends to the database, what it writes, and — on
 * PostgreSQL, where other connections can hold the user's credit lock — that what the lock's holder commits while a
 * get waits for it is what the get then sees.
 */
describe(`the credit get on ${TEST_DB}`, () => {
  let t: TestApp;
  let creator: { id: string };

  beforeAll(async () => {
    // Search answered by PostgreSQL: no in-memory index following the outbox, whose reads would count among the get's.
    t = await createTestApp({ searchIndex: { kind: 'postgres' } });
    creator = await createCreator(t.ctx, (await createUser(t.ctx, { roles: ['creator'] })).id, { name: 'Low End Theory' });
  });
  afterAll(() => t.close());

  const grant = (userId: string, amount: number) => addCredits(t.ctx.db, { userId, kind: 'grant', amount, reason: 'plan', idempotencyKey: `g:${randomUUID()}`, expiresAt: null });
  const get = (user: TestUser, target: 'item' | 'pack', id: string, key = randomUUID()) => call(t, 'POST', '/api/acquisitions', { target, id, idempotency_key: key }, { cookie: user.cookie });
  const newPack = async (count: number, cost: number, packPrice: number | null = null) => {
    const pack = await createPack(t.ctx, creator.id, { creditCost: packPrice });
    return { pack, items: await createItems(t.ctx, pack, count, { creditCost: cost }) };
  };

  it('sends three statements — the session, the sound, the get — and writes the spend, its draw, ownership, a licence and the event together', async () => {
    const user = await createUser(t.ctx, { name: ' Ana Beats ' });
    await grant(user.id, 5);
    const { items: [sound] } = await newPack(1, 2);
    const key = randomUUID();
    const before = t.ctx.database.queryCount();
    const res = await get(user, 'item', sound!.id, key);
    const queries = t.ctx.database.queryCount() - before;
    expect(res.json()).toMatchObject({ charged: 2 });
    expect(queries).toBe(3);
    expect(res.json()).toEqual({ charged: 2, owned_item_ids: [sound!.id], credits: 3, credits_expire_at: null });

    const [spend] = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, `get:${user.id}:${key}`));
    expect(spend).toMatchObject({ kind: 'spend', amount: -2, reason: `Got “${sound!.name}”` });
    expect(await t.ctx.db.select({ amount: creditLotDraws.amount }).from(creditLotDraws).where(eq(creditLotDraws.entryId, spend!.id))).toEqual([{ amount: 2 }]);
    const [owned] = await t.ctx.db.select().from(ownedItems).where(eq(ownedItems.userId, user.id));
    expect(owned).toMatchObject({ itemId: sound!.id, source: 'credits', creditLedgerId: spend!.id, credits: 2 });
    const [licence] = await t.ctx.db.select().from(licences).where(eq(licences.ownedItemId, owned!.id));
    // The holder as publicName names them (trimmed), the licensor the creator.
    expect(licence).toMatchObject({ itemId: sound!.id, holderName: 'Ana Beats', licensorName: 'Low End Theory', termsVersion: '2026-11' });
    expect(await t.ctx.db.select({ kind: itemEvents.kind, credits: itemEvents.credits }).from(itemEvents).where(eq(itemEvents.userId, user.id))).toEqual([{ kind: 'get', credits: 2 }]);
    const [stats] = await t.ctx.db.select({ gets: itemDailyStats.gets, credits: itemDailyStats.credits }).from(itemDailyStats).where(eq(itemDailyStats.itemId, sound!.id));
    expect(stats).toEqual({ gets: 1, credits: 2 });
  });

  it('answers the soonest expiry left after the spend', async () => {
    const user = await createUser(t.ctx);
    const soon = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 2, reason: 'soon', idempotencyKey: `g:${randomUUID()}`, expiresAt: soon });
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 2, reason: 'later', idempotencyKey: `g:${randomUUID()}`, expiresAt: later });
    const { items: [a, b] } = await newPack(2, 1);
    expect((await get(user, 'item', a!.id)).json()).toMatchObject({ credits: 3, credits_expire_at: soon.toISOString() });
    // The soon lot is used up by the second credit: what is left expires later.
    expect((await get(user, 'item', b!.id)).json()).toMatchObject({ credits: 2, credits_expire_at: later.toISOString() });
  });

  if (TEST_DB === 'postgres') {
    describe('with the credit lock held by another connection', () => {
      let other: pg.Client;
      beforeAll(async () => {
        other = new pg.Client({ connectionString: (t.ctx.config.database as { url: string }).url });
        await other.connect();
      });
      afterAll(() => other.end());

      /**
       * Resolves once the get waits for a lock: it has reached the user's row. Asked on the app's pool, not on the
       * holder's connection: inside a transaction pg_stat_activity answers the snapshot it took first.
       */
      const getIsWaiting = async () => {
        for (;;) {
          const rows = rowsOf(await t.ctx.db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%credit_get(%'`));
          if (rows.length > 0) return;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const holdLock = async (userId: string) => {
        await other.query('begin');
        await other.query('select 1 from users where id = $1 for update', [userId]);
      };

      it('a get waiting for the lock sees the credits its holder spent meanwhile, and refuses rather than overdraw', async () => {
        const user = await createUser(t.ctx);
        const lot = await grant(user.id, 3);
        const { items: [sound] } = await newPack(1, 3);
        await holdLock(user.id);
        // The holder spends all 3 credits (as another tab's get would), without committing yet.
        const { rows: [entry] } = await other.query(`insert into credit_ledger (user_id, kind, amount, reason, idempotency_key) values ($1, 'spend', -3, 'elsewhere', $2) returning id`, [user.id, `x:${randomUUID()}`]);
        await other.query('insert into credit_lot_draws (entry_id, lot_id, amount) values ($1, $2, 3)', [entry.id, lot]);
        const pending = get(user, 'item', sound!.id);
        await getIsWaiting();
        await other.query('commit');
        const res = await pending;
        expect(res.statusCode).toBe(402);
        expect(res.json().error.message).toContain('you have 0');
        expect(await t.ctx.db.select().from(ownedItems).where(eq(ownedItems.userId, user.id))).toEqual([]);
      });

      it('a pack got while the user came to own one of its sounds is priced again and charges only the rest, once', async () => {
        const user = await createUser(t.ctx);
        await grant(user.id, 20);
        const { pack, items: sounds } = await newPack(3, 2);
        await holdLock(user.id);
        // A purchase grants one of the three meanwhile.
        await other.query(`insert into owned_items (user_id, item_id, source) values ($1, $2, 'free')`, [user.id, sounds[0]!.id]);
        const pending = get(user, 'pack', pack.id);
        await getIsWaiting();
        await other.query('commit');
        const res = await pending;
        expect(res.json()).toMatchObject({ charged: 4, credits: 16 });
        const spends = (await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).filter((e) => e.kind === 'spend');
        expect(spends.map((e) => e.amount)).toEqual([-4]);
        expect(await t.ctx.db.select().from(ownedItems).where(eq(ownedItems.userId, user.id))).toHaveLength(3);
      });
    });
  }
});
