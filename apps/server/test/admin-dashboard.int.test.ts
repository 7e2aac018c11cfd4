import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { creatorApplications, creditLedger, itemEvents, jobs, paymentReceipts, processingRuns, siteDailyStats, subscriptions, users } from '../src/db/schema/index.ts';
import { rollUpSiteStats } from '../src/features/admin-dashboard/admin-dashboard-service.ts';
import { call } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { seedPaymentCatalogue } from './payment-catalogue-fixture.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const DAY_MS = 86_400_000;

describe(`the admin dashboard on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'] });
    await seedPaymentCatalogue(t.ctx);
  });
  afterAll(() => t.close());

  const dashboard = async () => {
    const res = await call(t, 'GET', '/api/admin/dashboard', undefined, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('is for admins only', async () => {
    const subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    expect((await call(t, 'GET', '/api/admin/dashboard', undefined, { cookie: subscriber.cookie })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/dashboard')).statusCode).toBe(401);
  });

  it('counts what needs attention, and each count moves with the data', async () => {
    const before = (await dashboard()).attention;
    expect(before).toEqual({ creator_applications: 0, packs_awaiting_review: 0, packs_with_file_errors: 0, failed_processing_runs: 0, failed_jobs: 0, open_disputes: 0, payouts_awaiting_approval: 0 });

    const applicant = await createUser(t.ctx);
    await t.ctx.db.insert(creatorApplications).values({ userId: applicant.id, status: 'submitted', artistName: 'Applicant', bio: 'Makes drums', links: [], demoFileIds: [] });
    const seller = await createUser(t.ctx);
    const creator = await createCreator(t.ctx, seller.id);
    await createPack(t.ctx, creator.id, { status: PACK_STATUS.awaitingApproval });
    const broken = await createPack(t.ctx, creator.id, { status: PACK_STATUS.fileErrors });
    await createPack(t.ctx, creator.id, { status: PACK_STATUS.draft });
    await t.ctx.db.insert(processingRuns).values([{ packId: broken.id, status: 'Errors' }, { packId: broken.id, status: 'Complete' }]);
    await t.ctx.db.insert(jobs).values({ queue: 'mail', payload: {}, status: 'failed', lastError: 'SMTP said no' });
    await t.ctx.db.insert(paymentReceipts).values({ userId: applicant.id, provider: 'sandbox', providerRef: `in_${randomUUID()}`, kind: 'plan', description: 'Starter', amount: 999, currency: 'usd', status: 'disputed' });

    expect((await dashboard()).attention).toEqual({ creator_applications: 1, packs_awaiting_review: 1, packs_with_file_errors: 1, failed_processing_runs: 1, failed_jobs: 1, open_disputes: 1, payouts_awaiting_approval: 0 });
  });

  it('charts 30 days from the rollup: the job backfills the month, counts the day again, and snapshots subscribers and MRR', async () => {
    const now = new Date();
    const empty = await dashboard();
    expect(empty.days).toHaveLength(30);
    expect(empty.days.at(-1).day).toBe(now.toISOString().slice(0, 10));
    expect(empty.updated_at).toBeNull();

    const buyer = await createUser(t.ctx);
    const seller = await createUser(t.ctx);
    const creator = await createCreator(t.ctx, seller.id);
    const pack = await createPack(t.ctx, creator.id);
    const [item] = await createItems(t.ctx, pack, 1);
    const yesterday = new Date(now.getTime() - DAY_MS);
    await t.ctx.db.insert(itemEvents).values([
      { itemId: item!.id, packId: pack.id, kind: 'play' },
      { itemId: item!.id, packId: pack.id, kind: 'play' },
      { itemId: item!.id, packId: pack.id, kind: 'download' },
      { itemId: item!.id, packId: pack.id, kind: 'play', createdAt: yesterday },
    ]);
    await t.ctx.db.insert(creditLedger).values({ userId: buyer.id, kind: 'spend', amount: -7, idempotencyKey: `spend-${randomUUID()}`, reason: 'A pack' });
    await t.ctx.db.insert(subscriptions).values([
      { userId: buyer.id, provider: 'sandbox', providerSubscriptionId: `sub_${randomUUID()}`, priceId: 'price_starter', paidPriceId: 'price_starter', status: 'active', currentPeriodStart: now, currentPeriodEnd: new Date(now.getTime() + 30 * DAY_MS) },
      { userId: seller.id, provider: 'sandbox', providerSubscriptionId: `sub_${randomUUID()}`, priceId: 'price_pro_year', paidPriceId: 'price_pro_year', status: 'active', currentPeriodStart: now, currentPeriodEnd: new Date(now.getTime() + 365 * DAY_MS) },
      { userId: creator.userId, provider: 'sandbox', providerSubscriptionId: `sub_${randomUUID()}`, priceId: 'price_pro', status: 'canceled', currentPeriodStart: now, currentPeriodEnd: now },
    ]);

    expect(await rollUpSiteStats(t.ctx.db, now)).toBe(30);
    const first = await dashboard();
    const today = first.days.at(-1);
    // Every account this file made signed up today.
    const accounts = await t.ctx.db.select({ id: users.id }).from(users);
    expect(today).toMatchObject({ plays: 2, downloads: 1, credits_spent: 7, active_subscribers: 2, mrr: 999 + Math.round(19_900 / 12) });
    expect(today.signups).toBe(accounts.length);
    expect(first.days.at(-2)).toMatchObject({ plays: 1, active_subscribers: null, mrr: null });
    expect(first.currency).toBe('usd');
    expect(first.updated_at).toEqual(expect.any(String));

    // The next run counts only yesterday and today again, and sees what happened since.
    await t.ctx.db.insert(itemEvents).values({ itemId: item!.id, packId: pack.id, kind: 'play' });
    expect(await rollUpSiteStats(t.ctx.db, now)).toBe(2);
    expect((await dashboard()).days.at(-1).plays).toBe(3);
    expect(await t.ctx.db.select().from(siteDailyStats).where(eq(siteDailyStats.day, today.day))).toHaveLength(1);
  });
});
