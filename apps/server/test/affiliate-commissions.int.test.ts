import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, affiliateCommissions, affiliateReferrals, affiliates, monthlyPayouts, payoutAdjustments, payoutLines, paymentReceipts } from '../src/db/schema/index.ts';
import { approveMonth, computeDraft } from '../src/features/payouts/payout-month-service.ts';
import { call } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { captureDeliveries, deliverInProcess, postWebhook, sandboxOf, seedPaymentCatalogue, shuffle, startCheckout, payOnHostedPage, subscribe } from './payment-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** Cards of the sandbox: the affiliate's own, and another one. */
const AFFILIATES_CARD = '4242 4242 4242 4242';
const OTHER_CARD = '4000 0000 0000 0341';

describe(`affiliate commissions from webhook fulfilment into payouts on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let affiliate: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    await seedPaymentCatalogue(t.ctx);
    deliverInProcess(t);
    admin = await createUser(t.ctx, { roles: ['admin'] });
    affiliate = await createUser(t.ctx, { roles: ['affiliate'] });
    // 20 % of each payment, for the 12 months after the referred user's first one.
    await t.ctx.db.insert(affiliates).values({ userId: affiliate.id, commissionBps: 2000, commissionMonths: 12 });
    await t.ctx.db.insert(affiliateCodes).values({ code: 'beats-by-ana', affiliateUserId: affiliate.id });
  }, 60_000);
  afterAll(() => t.close());

  async function referred(): Promise<TestUser> {
    const user = await createUser(t.ctx);
    await t.ctx.db.insert(affiliateReferrals).values({ affiliateUserId: affiliate.id, referredUserId: user.id, code: 'beats-by-ana', clickedAt: new Date() });
    return user;
  }
  const referralOf = async (user: TestUser) => (await t.ctx.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.referredUserId, user.id)))[0]!;
  const commissionsOf = async (user: TestUser) => {
    const receipts = await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id));
    const all = await t.ctx.db.select().from(affiliateCommissions);
    return all.filter((c) => receipts.some((r) => r.id === c.receiptId)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  };
  const renew = (user: TestUser) => call(t, 'POST', '/api/admin/payments/test-clock', { user_id: user.id, outcome: 'pay' }, { cookie: admin.cookie });

  it('a referred user’s first plan payment converts the referral and earns 20 % of it, once however often the webhooks come', async () => {
    const captured = captureDeliveries(t);
    const user = await referred();
    const started = await startCheckout(t, user, { price: 'price_starter' });
    await payOnHostedPage(t, started.json().url, OTHER_CARD);
    await t.ctx.jobs.drain();
    deliverInProcess(t);
    for (const delivery of shuffle([...captured, ...captured, ...captured], 5)) expect((await postWebhook(t, delivery.body, delivery.signature)).statusCode).toBe(200);

    // Starter is $9.99: 20 % is 199.8 cents, rounded down.
    const commissions = await commissionsOf(user);
    expect(commissions.map((c) => ({ amount: c.amountCents, bps: c.bps, affiliate: c.affiliateUserId }))).toEqual([{ amount: 199, bps: 2000, affiliate: affiliate.id }]);
    const referral = await referralOf(user);
    expect(referral.convertedAt).not.toBeNull();
    const until = referral.commissionUntil!;
    expect(until.getUTCFullYear() * 12 + until.getUTCMonth() - (referral.convertedAt!.getUTCFullYear() * 12 + referral.convertedAt!.getUTCMonth())).toBe(12);
  });

  it('a renewal earns again; a refill earns on what it keeps; an unreferred user earns nobody anything', async () => {
    const user = await referred();
    await subscribe(t, user, 'price_starter', OTHER_CARD);
    expect((await renew(user)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const refill = await startCheckout(t, user, { price: 'price_refill', mode: 'payment', quantity: 1 });
    await payOnHostedPage(t, refill.json().url, OTHER_CARD);
    await t.ctx.jobs.drain();
    const receipts = await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id));
    const expected = receipts.map((r) => Math.floor((r.amount * 2000) / 10_000)).sort((a, b) => a - b);
    expect(receipts).toHaveLength(3);
    expect((await commissionsOf(user)).map((c) => c.amountCents).sort((a, b) => a - b)).toEqual(expected);

    const stranger = await createUser(t.ctx);
    await subscribe(t, stranger, 'price_starter');
    expect(await commissionsOf(stranger)).toEqual([]);
  });

  it('after the commission window a payment earns nothing', async () => {
    const user = await referred();
    const longAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    await t.ctx.db.update(affiliateReferrals).set({ convertedAt: longAgo, commissionUntil: new Date(Date.now() - 35 * 24 * 60 * 60 * 1000) }).where(eq(affiliateReferrals.referredUserId, user.id));
    await subscribe(t, user, 'price_starter', OTHER_CARD);
    expect(await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id))).toHaveLength(1);
    expect(await commissionsOf(user)).toEqual([]);
  });

  it('a referred account paying with a card the affiliate paid with is the affiliate: refused, no commission', async () => {
    await subscribe(t, affiliate, 'price_starter', AFFILIATES_CARD);
    const secondAccount = await referred();
    await subscribe(t, secondAccount, 'price_starter', AFFILIATES_CARD);
    expect(await commissionsOf(secondAccount)).toEqual([]);
    expect(await referralOf(secondAccount)).toMatchObject({ status: 'refused', refusedReason: 'same_card' });
    // Refused for good: a later payment with another card earns nothing either.
    const refill = await startCheckout(t, secondAccount, { price: 'price_refill', mode: 'payment', quantity: 1 });
    await payOnHostedPage(t, refill.json().url, OTHER_CARD);
    await t.ctx.jobs.drain();
    expect(await commissionsOf(secondAccount)).toEqual([]);
  });

  it('commissions are payout lines of their own kind; a refund before approval is never counted, one after is taken back next month', async () => {
    const user = await referred();
    await subscribe(t, user, 'price_pro', OTHER_CARD);
    const [first] = await commissionsOf(user);
    expect(first).toBeDefined();
    const month = first!.month;
    const [year, m] = month.split('-').map(Number) as [number, number];
    const afterMonth = (days: number) => new Date(Date.UTC(year, m, days));

    // A dispute before the month is approved: that commission never counts.
    const disputed = await referred();
    await subscribe(t, disputed, 'price_starter', OTHER_CARD);
    const [disputedReceipt] = await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, disputed.id));
    await sandboxOf(t).dispute(disputedReceipt!.paymentId!);
    await t.ctx.jobs.drain();

    const owed = (await t.ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.affiliateUserId, affiliate.id)))
      .filter((c) => c.receiptId !== disputedReceipt!.id && c.month === month)
      .reduce((a, c) => a + c.amountCents, 0);
    const draft = await computeDraft(t.ctx.db, month, afterMonth(1));
    expect(draft!.commissionsCents).toBe(owed);
    const lines = await t.ctx.db.select().from(payoutLines).where(eq(payoutLines.payoutId, draft!.id));
    const affiliateLine = lines.find((l) => l.payeeUserId === affiliate.id && l.kind === 'affiliate')!;
    expect(affiliateLine).toMatchObject({ commissionCents: owed, poolCents: 0, salesCents: 0, amountCents: owed, status: 'carried', carryReason: owed < 1000 ? 'below_minimum' : 'no_account' });

    await approveMonth(t.ctx.db, draft!.id, admin.id, afterMonth(2));
    const [proReceipt] = await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id));
    await sandboxOf(t).refund(proReceipt!.paymentId!);
    await t.ctx.jobs.drain();

    const next = await computeDraft(t.ctx.db, `${afterMonth(1).toISOString().slice(0, 7)}-01`, afterMonth(10));
    const nextLine = (await t.ctx.db.select().from(payoutLines).where(eq(payoutLines.payoutId, next!.id))).find((l) => l.payeeUserId === affiliate.id && l.kind === 'affiliate')!;
    expect(nextLine).toMatchObject({ carriedInCents: owed, adjustmentCents: -first!.amountCents, amountCents: owed - first!.amountCents });
    expect(await t.ctx.db.select().from(payoutAdjustments).where(eq(payoutAdjustments.payoutId, next!.id))).toEqual([
      expect.objectContaining({ payeeUserId: affiliate.id, receiptId: proReceipt!.id, sourceMonth: month, kind: 'commission_refund', amountCents: -first!.amountCents }),
    ]);
    // The affiliate's statement of the approved month: the payments it counted (the refund came after), never who paid.
    const csv = await call(t, 'GET', `/api/affiliate/earnings/${month.slice(0, 7)}/statement.csv`, undefined, { cookie: affiliate.cookie });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`crate-affiliate-statement-${month.slice(0, 7)}.csv`);
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows).toContain('kind,affiliate');
    expect(rows).toContain(`commissions,${(owed / 100).toFixed(2)}`);
    expect(rows).toContain('paid_on,payment,amount,currency,rate_percent,commission');
    expect(rows.filter((r) => /^\d{4}-\d{2}-\d{2},(Plan|Refill|Purchase),/.test(r)).length).toBeGreaterThan(0);
    expect(rows).toContain(`${proReceipt!.createdAt.toISOString().slice(0, 10)},Plan,${(proReceipt!.amount / 100).toFixed(2)},USD,20,${(first!.amountCents / 100).toFixed(2)}`);
    expect(csv.body).not.toContain(user.email);
    // /affiliate lists the approved month with its statement, and the refunded commission as reversed.
    const mine = (await call(t, 'GET', '/api/affiliate', undefined, { cookie: affiliate.cookie })).json();
    expect(mine.statements).toEqual([{ month: month.slice(0, 7), amount_cents: owed, status: 'carried', carry_reason: owed < 1000 ? 'below_minimum' : 'no_account' }]);
    expect(mine.months.find((m: { month: string }) => m.month === month).reversed_cents).toBeGreaterThanOrEqual(first!.amountCents);
    const pdf = await call(t, 'GET', `/api/affiliate/earnings/${month.slice(0, 7)}/statement.pdf`, undefined, { cookie: affiliate.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Nobody else's: a creator has no affiliate line that month, and the affiliate's creator statement does not exist.
    const creator = await createUser(t.ctx, { roles: ['creator'] });
    expect((await call(t, 'GET', `/api/affiliate/earnings/${month.slice(0, 7)}/statement.csv`, undefined, { cookie: creator.cookie })).statusCode).toBe(403);
    const otherAffiliate = await createUser(t.ctx, { roles: ['affiliate'] });
    expect((await call(t, 'GET', `/api/affiliate/earnings/${month.slice(0, 7)}/statement.csv`, undefined, { cookie: otherAffiliate.cookie })).statusCode).toBe(404);

    // Recomputing gives the same lines; the approved month never changed.
    const again = await computeDraft(t.ctx.db, next!.month, afterMonth(10));
    expect(again!.totalCents).toBe(next!.totalCents);
    expect((await t.ctx.db.select().from(monthlyPayouts).where(eq(monthlyPayouts.id, draft!.id)))[0]!.commissionsCents).toBe(owed);
  });
});
