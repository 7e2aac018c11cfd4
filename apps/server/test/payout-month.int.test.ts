/**
 * The earnings rule (docs/decisions/0051) as a property: for random months of plans, refills, purchases, spends,
 * refunds and splits, the draft's lines are what an independent computation of the rule says — to the cent —
 * every spend is counted once, computing again changes nothing, and an approved month never changes.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  checkoutSessions,
  creators,
  items,
  monthlyPayouts,
  ownedItems,
  packs,
  payoutAccounts,
  payoutAdjustments,
  payoutLines,
  paymentReceipts,
  paymentRefunds,
  revenueSplits,
  revenueSplitShares,
  users,
} from '../src/db/schema/index.ts';
import { approveMonth, computeDraft, computeOpenMonths, listLineSpends } from '../src/features/payouts/payout-month-service.ts';
import { seededRandom } from './seeded-random.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** Largest remainder, written out again here so the test does not lean on the code it checks. */
function expectedShares(total: bigint, weights: Map<string, bigint>): Map<string, bigint> {
  const sum = [...weights.values()].reduce((a, b) => a + b, 0n);
  const out = new Map<string, bigint>();
  if (sum === 0n) return out;
  const parts = [...weights].filter(([, w]) => w > 0n).map(([k, w]) => ({ k, exact: total * w, floor: (total * w) / sum }));
  let left = total - parts.reduce((a, p) => a + p.floor, 0n);
  parts.sort((a, b) => {
    const ra = a.exact % sum;
    const rb = b.exact % sum;
    return ra === rb ? a.k.localeCompare(b.k) : rb > ra ? 1 : -1;
  });
  for (const p of parts) {
    out.set(p.k, p.floor + (left > 0n ? 1n : 0n));
    if (left > 0n) left -= 1n;
  }
  return out;
}

const at = (month: string, day: number, hour = 12) => new Date(`${month.slice(0, 8)}${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`);
const seventy = (cents: bigint) => (cents * 7000n) / 10000n;

interface World {
  payees: string[];
  creatorOf: Map<string, { creatorId: string; owner: string }>;
  packItems: Map<string, string[]>;
  /** pack → bps per user, for the month under test */
  splits: Map<string, Map<string, number>>;
}

describe(`a month's payout on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function newUser(name: string): Promise<string> {
    const id = randomUUID();
    await t.ctx.db.insert(users).values({ id, email: `${id.slice(0, 8)}@payees.test`, name });
    return id;
  }

  /** Creators with packs of sounds, some packs split with collaborators (a version before the month and one after it). */
  async function buildWorld(r: ReturnType<typeof seededRandom>, month: string): Promise<World> {
    const world: World = { payees: [], creatorOf: new Map(), packItems: new Map(), splits: new Map() };
    const creatorCount = 2 + r.int(3);
    for (let c = 0; c < creatorCount; c++) {
      const owner = await newUser(`Owner ${c}`);
      const [creator] = await t.ctx.db.insert(creators).values({ userId: owner, slug: `c-${randomUUID().slice(0, 8)}`, name: `Creator ${c}` }).returning();
      const collaborators = await Promise.all(Array.from({ length: r.int(4) }, (_, i) => newUser(`Collaborator ${c}.${i}`)));
      world.payees.push(owner, ...collaborators);
      for (let p = 0; p < 1 + r.int(3); p++) {
        const [pack] = await t.ctx.db.insert(packs).values({ creatorId: creator!.id, slug: `p-${randomUUID().slice(0, 8)}`, title: `Pack ${c}.${p}`, status: 3 }).returning();
        const rows = await t.ctx.db
          .insert(items)
          .values(Array.from({ length: 1 + r.int(4) }, (_, i) => ({ packId: pack!.id, creatorId: creator!.id, slug: `i-${randomUUID().slice(0, 8)}`, name: `Sound ${i}`, type: 'sample' as const, position: i })))
          .returning();
        world.packItems.set(pack!.id, rows.map((row) => row.id));
        world.creatorOf.set(pack!.id, { creatorId: creator!.id, owner });
        const split = new Map<string, number>([[owner, 10_000]]);
        if (collaborators.length > 0 && r.next() < 0.7) {
          const named = r.some(collaborators, collaborators.length);
          let left = 10_000;
          for (const user of named) {
            const bps = 1 + r.int(Math.max(1, Math.floor(left / (named.length + 1))));
            split.set(user, bps);
            left -= bps;
          }
          split.set(owner, left);
          await writeSplit(creator!.id, pack!.id, '2000-01-01', split);
          // A later version (from the month after) must not apply to this month.
          await writeSplit(creator!.id, pack!.id, nextMonthOf(month), new Map([[owner, 10_000]]));
        }
        world.splits.set(pack!.id, split);
      }
    }
    return world;
  }

  async function writeSplit(creatorId: string, packId: string, effectiveMonth: string, shares: Map<string, number>) {
    const [split] = await t.ctx.db.insert(revenueSplits).values({ creatorId, packId, effectiveMonth }).returning();
    await t.ctx.db.insert(revenueSplitShares).values([...shares].filter(([, bps]) => bps > 0).map(([userId, bps]) => ({ splitId: split!.id, userId, bps })));
  }

  const nextMonthOf = (month: string) => {
    const d = new Date(`${month}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1);
    return d.toISOString().slice(0, 10);
  };

  async function lines(month: string) {
    const [payout] = await t.ctx.db.select().from(monthlyPayouts).where(eq(monthlyPayouts.month, month));
    const rows = await t.ctx.db.select().from(payoutLines).where(eq(payoutLines.payoutId, payout!.id)).orderBy(asc(payoutLines.payeeUserId));
    return { payout: payout!, rows };
  }

  it('takes a refund of an approved month back from that month’s payees in the next, and carries what is left', async () => {
    const month = '2029-03-01';
    const owner = await newUser('Solo owner');
    const other = await newUser('Other owner');
    const buyer = await newUser('Buyer');
    const packFor = async (user: string) => {
      const [creator] = await t.ctx.db.insert(creators).values({ userId: user, slug: `c-${randomUUID().slice(0, 8)}`, name: 'C' }).returning();
      const [pack] = await t.ctx.db.insert(packs).values({ creatorId: creator!.id, slug: `p-${randomUUID().slice(0, 8)}`, title: 'P', status: 3 }).returning();
      const [item] = await t.ctx.db.insert(items).values({ packId: pack!.id, creatorId: creator!.id, slug: `i-${randomUUID().slice(0, 8)}`, name: 'S', type: 'sample' }).returning();
      return item!.id;
    };
    const mine = await packFor(owner);
    const theirs = await packFor(other);
    const [receipt] = await t.ctx.db.insert(paymentReceipts).values({ userId: buyer, provider: 'sandbox', providerRef: `ref_${randomUUID()}`, kind: 'refill', description: 'refill', amount: 5000, currency: 'usd', createdAt: at(month, 2) }).returning();
    await t.ctx.db.insert(ownedItems).values([
      { userId: buyer, itemId: mine, source: 'credits', credits: 3, acquiredAt: at(month, 3) },
      { userId: buyer, itemId: theirs, source: 'credits', credits: 1, acquiredAt: at(month, 3) },
    ]);
    await t.ctx.db.insert(payoutAccounts).values({ userId: owner, provider: 'sandbox', providerAccountId: `acct_${randomUUID()}`, status: 'active' });
    const april = new Date('2029-04-01T08:00:00Z');
    await computeOpenMonths(t.ctx.db, april);
    const march = await lines(month);
    // Pool 3,500 ¢: 3/4 and 1/4 of it.
    const inMarch = new Map(march.rows.map((l) => [l.payeeUserId, l]));
    expect(inMarch.get(owner)).toMatchObject({ poolCents: 2625, status: 'pending', carryReason: null });
    expect(inMarch.get(other)).toMatchObject({ poolCents: 875, status: 'carried', carryReason: 'below_minimum' });
    await approveMonth(t.ctx.db, march.payout.id, await newUser('Admin'), april);

    // Refunded in April: April's draft takes 70 % of it back by March's pool cents; the other owner's carried 875 ¢ comes in.
    await t.ctx.db.update(paymentReceipts).set({ status: 'refunded', statusChangedAt: new Date() }).where(eq(paymentReceipts.id, receipt!.id));
    await computeDraft(t.ctx.db, '2029-04-01', new Date('2029-04-20T00:00:00Z'));
    const aprilLines = await lines('2029-04-01');
    const byPayee = new Map(aprilLines.rows.map((l) => [l.payeeUserId, l]));
    expect(byPayee.get(owner)).toMatchObject({ adjustmentCents: -2625, amountCents: -2625, status: 'carried', carryReason: 'negative' });
    expect(byPayee.get(other)).toMatchObject({ carriedInCents: 875, adjustmentCents: -875, amountCents: 0, status: 'carried' });
    expect(aprilLines.payout.adjustmentsCents).toBe(-3500);
    const adjustments = await t.ctx.db.select().from(payoutAdjustments).where(eq(payoutAdjustments.payoutId, aprilLines.payout.id));
    expect(adjustments.map((a) => [a.receiptId, a.sourceMonth, a.kind])).toEqual([
      [receipt!.id, month, 'pool_refund'],
      [receipt!.id, month, 'pool_refund'],
    ]);
    // Approved in order, so the months after can be too; each adjustment frozen with it is an audit row.
    await approveMonth(t.ctx.db, aprilLines.payout.id, await newUser('Admin'), new Date('2029-05-02T00:00:00Z'));
    const audited = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'payout.adjustment'), eq(auditLog.targetId, receipt!.id)));
    expect(audited.map((row) => [row.details.payee_user_id, row.details.amount_cents]).sort()).toEqual([
      [owner, -2625],
      [other, -875],
    ].sort());
  });

  // Months in order (each approved before the next is), after the refund case’s, two years apart so no yearly plan reaches the next.
  for (const [index, seed] of [11, 23, 37, 41, 59, 73].entries()) {
    it(`owes exactly the rule, counts each spend once, and computes the same again (seed ${seed})`, async () => {
      const r = seededRandom(seed);
      const month = `${2030 + 2 * index}-0${1 + (seed % 8)}-01`;
      const world = await buildWorld(r, month);
      const buyers = await Promise.all(Array.from({ length: 3 }, (_, i) => newUser(`Buyer ${i}`)));

      // Revenue: plans (monthly, and a yearly one that began earlier), refills, some refunded, some partly refunded.
      let revenue = 0n;
      for (let i = 0; i < 2 + r.int(5); i++) {
        const kind = r.pick(['plan', 'refill'] as const);
        const amount = 100 + r.int(3000);
        const status = r.next() < 0.2 ? r.pick(['refunded', 'disputed'] as const) : 'paid';
        const start = at(month, 1 + r.int(27));
        const [receipt] = await t.ctx.db
          .insert(paymentReceipts)
          .values({ userId: r.pick(buyers), provider: 'sandbox', providerRef: `ref_${randomUUID()}`, kind, description: kind, amount, currency: 'usd', status, statusChangedAt: status === 'paid' ? null : new Date(), periodStart: kind === 'plan' ? start : null, periodEnd: kind === 'plan' ? new Date(start.getTime() + 30 * 86_400_000) : null, createdAt: start })
          .returning();
        let net = BigInt(amount);
        if (status === 'paid' && r.next() < 0.3) {
          const back = 1 + r.int(amount - 1);
          await t.ctx.db.insert(paymentRefunds).values({ userId: receipt!.userId, provider: 'sandbox', receiptId: receipt!.id, paymentId: `pi_${randomUUID()}`, reason: 'refill_over_limit', description: 'over the limit', amount: back, currency: 'usd', status: 'succeeded' });
          net -= BigInt(back);
        }
        if (status === 'paid') revenue += net;
      }
      // A yearly plan that began two months before: this month is its third of twelve.
      const yearlyAmount = 19_900 + r.int(12);
      const yearlyStart = new Date(`${month}T00:00:00Z`);
      yearlyStart.setUTCMonth(yearlyStart.getUTCMonth() - 2);
      yearlyStart.setUTCDate(3);
      const yearlyEnd = new Date(yearlyStart);
      yearlyEnd.setUTCFullYear(yearlyEnd.getUTCFullYear() + 1);
      await t.ctx.db.insert(paymentReceipts).values({ userId: buyers[0]!, provider: 'sandbox', providerRef: `ref_${randomUUID()}`, kind: 'plan', description: 'yearly', amount: yearlyAmount, currency: 'usd', periodStart: yearlyStart, periodEnd: yearlyEnd, createdAt: yearlyStart });
      revenue += BigInt(Math.floor(yearlyAmount / 12) + (2 < yearlyAmount % 12 ? 1 : 0));

      // Spends and purchases in the month (and some just outside it, which must not count).
      const poolWeights = new Map<string, bigint>();
      const salesWeights = new Map<string, bigint>();
      let sales = 0n;
      const counted: { ownedId: string; pack: string }[] = [];
      const allItems = [...world.packItems].flatMap(([pack, ids]) => ids.map((id) => ({ pack, id })));
      for (const item of allItems) {
        for (const buyer of buyers) {
          const roll = r.next();
          if (roll < 0.35) {
            const credits = 1 + r.int(9);
            const inMonth = r.next() < 0.9;
            const [row] = await t.ctx.db.insert(ownedItems).values({ userId: buyer, itemId: item.id, source: 'credits', credits, acquiredAt: inMonth ? at(month, 1 + r.int(28), r.int(24)) : new Date(`${nextMonthOf(month)}T00:00:00Z`) }).returning();
            if (!inMonth) continue;
            counted.push({ ownedId: row!.id, pack: item.pack });
            for (const [user, bps] of world.splits.get(item.pack)!) poolWeights.set(user, (poolWeights.get(user) ?? 0n) + BigInt(credits * bps));
          } else if (roll < 0.45) {
            const price = 50 + r.int(900);
            const refunded = r.next() < 0.25;
            const sessionId = `cs_${randomUUID()}`;
            const [checkout] = await t.ctx.db.insert(checkoutSessions).values({ userId: buyer, provider: 'sandbox', mode: 'payment', successUrl: '/', cancelUrl: '/', sessionId, status: 'complete' }).returning();
            await t.ctx.db.insert(paymentReceipts).values({ userId: buyer, provider: 'sandbox', providerRef: sessionId, kind: 'purchase', description: 'pack', amount: price, currency: 'usd', status: refunded ? 'refunded' : 'paid', statusChangedAt: refunded ? new Date() : null });
            const [row] = await t.ctx.db.insert(ownedItems).values({ userId: buyer, itemId: item.id, source: 'purchase', checkoutSessionId: checkout!.id, priceCents: price, currency: 'usd', acquiredAt: at(month, 1 + r.int(28)) }).returning();
            if (refunded) continue;
            counted.push({ ownedId: row!.id, pack: item.pack });
            sales += BigInt(price);
            for (const [user, bps] of world.splits.get(item.pack)!) salesWeights.set(user, (salesWeights.get(user) ?? 0n) + BigInt(price * bps));
          } else if (roll < 0.5) {
            await t.ctx.db.insert(ownedItems).values({ userId: buyer, itemId: item.id, source: 'free', acquiredAt: at(month, 2) });
          }
        }
      }
      const connected = world.payees.filter(() => r.next() < 0.6);
      if (connected.length > 0) await t.ctx.db.insert(payoutAccounts).values(connected.map((userId) => ({ userId, provider: 'sandbox' as const, providerAccountId: `acct_${randomUUID()}`, status: 'active' as const })));

      const now = new Date(`${nextMonthOf(month)}T06:00:00Z`);
      await computeDraft(t.ctx.db, month, now);
      const first = await lines(month);

      const pool = seventy(revenue);
      const poolBy = expectedShares(pool, poolWeights);
      const salesBy = expectedShares(seventy(sales), salesWeights);
      expect(first.payout.revenueCents).toBe(Number(revenue));
      expect(first.payout.poolCents).toBe(Number(pool));
      expect(first.payout.salesOwedCents).toBe(Number(seventy(sales)));
      const got = new Map(first.rows.map((l) => [l.payeeUserId, l]));
      for (const payee of new Set([...poolBy.keys(), ...salesBy.keys()])) {
        const line = got.get(payee);
        expect(line, `a line for ${payee}`).toBeDefined();
        expect(line!.poolCents).toBe(Number(poolBy.get(payee) ?? 0n));
        expect(line!.salesCents).toBe(Number(salesBy.get(payee) ?? 0n));
        expect(line!.amountCents).toBe(line!.poolCents + line!.salesCents);
        const payable = line!.amountCents >= 1000 && connected.includes(payee);
        expect(line!.status).toBe(payable ? 'pending' : 'carried');
      }
      expect(first.rows.reduce((a, l) => a + l.poolCents, 0)).toBe(poolWeights.size > 0 ? Number(pool) : 0);
      expect(first.rows.reduce((a, l) => a + l.salesCents, 0)).toBe(Number(seventy(sales)));
      expect(first.payout.totalCents).toBe(first.rows.filter((l) => l.status === 'pending').reduce((a, l) => a + l.amountCents, 0));

      // Every spend and sale is behind the lines of its pack's payees, once each: their shares make 10,000.
      const seen = new Map<string, number>();
      for (const line of first.rows) {
        let after: { at: string; id: string } | null = null;
        do {
          const { page } = await listLineSpends(t.ctx.db, line.id, { after, limit: 7 });
          for (const row of page.rows) seen.set(row.ownedItemId, (seen.get(row.ownedItemId) ?? 0) + row.shareBps);
          after = page.next;
        } while (after);
      }
      expect(seen.size).toBe(counted.length);
      for (const spend of counted) expect(seen.get(spend.ownedId)).toBe(10_000);

      // Computing again gives the same lines.
      await computeDraft(t.ctx.db, month, now);
      const again = await lines(month);
      const strip = (rows: typeof first.rows) => rows.map(({ id: _id, ...rest }) => rest);
      expect(strip(again.rows)).toEqual(strip(first.rows));

      // Approved, it is frozen: new spends and refunds in it change nothing, and computing it is refused.
      const admin = await newUser('Admin');
      await approveMonth(t.ctx.db, first.payout.id, admin, now);
      const [anyItem] = allItems;
      await t.ctx.db.insert(ownedItems).values({ userId: await newUser('Late'), itemId: anyItem!.id, source: 'credits', credits: 5, acquiredAt: at(month, 15) });
      await expect(computeDraft(t.ctx.db, month, now)).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(approveMonth(t.ctx.db, first.payout.id, admin, now)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(strip((await lines(month)).rows).map(({ payoutId: _p, ...rest }) => rest)).toEqual(strip(first.rows).map(({ payoutId: _p, ...rest }) => rest));
    });
  }

  it('refuses a month not over, a month after an open draft, and a malformed month', async () => {
    const admin = await newUser('Admin');
    const owner = await newUser('Owner');
    const [creator] = await t.ctx.db.insert(creators).values({ userId: owner, slug: `c-${randomUUID().slice(0, 8)}`, name: 'C' }).returning();
    const [pack] = await t.ctx.db.insert(packs).values({ creatorId: creator!.id, slug: `p-${randomUUID().slice(0, 8)}`, title: 'P', status: 3 }).returning();
    const [item] = await t.ctx.db.insert(items).values({ packId: pack!.id, creatorId: creator!.id, slug: `i-${randomUUID().slice(0, 8)}`, name: 'S', type: 'sample' }).returning();
    const buyer = await newUser('Buyer');
    await t.ctx.db.insert(ownedItems).values({ userId: buyer, itemId: item!.id, source: 'credits', credits: 2, acquiredAt: new Date('2090-05-05T00:00:00Z') });
    const may = await computeDraft(t.ctx.db, '2090-05-01', new Date('2090-05-20T00:00:00Z'));
    await expect(approveMonth(t.ctx.db, may!.id, admin, new Date('2090-05-20T00:00:00Z'))).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('not over') });
    const june = await computeDraft(t.ctx.db, '2090-06-01', new Date('2090-07-02T00:00:00Z'));
    await expect(approveMonth(t.ctx.db, june!.id, admin, new Date('2090-07-02T00:00:00Z'))).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('May 2090 first') });
    await expect(computeDraft(t.ctx.db, '2090-13-01', new Date())).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'month' });
    await expect(computeDraft(t.ctx.db, '2099-01-01', new Date('2090-07-02T00:00:00Z'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
