import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorEarnings } from '@crate/contract/earnings';
import { monthlyPayouts, ownedItems, paymentReceipts, payoutLines, revenueSplits, revenueSplitShares, users, type PayoutLineDetail } from '../src/db/schema/index.ts';
import { approveMonth, computeDraft } from '../src/features/payouts/payout-month-service.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { call } from './auth-helpers.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { pdfText } from './pdf-text.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`creators' earnings and statements on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: TestUser;
  let collaborator: TestUser;
  let otherCreator: TestUser;
  let subscriber: TestUser;
  let ownerDetails: PayoutLineDetail[];

  const get = (user: TestUser, url: string) => call(t, 'GET', url, undefined, { cookie: user.cookie });
  const earningsOf = async (user: TestUser) => {
    const res = await get(user, '/api/creator/earnings');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CreatorEarnings;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.clock = new ManualClock('2026-11-27T09:15:00.000Z');
    owner = await createUser(t.ctx, { roles: ['creator'], name: 'Ada Owner' });
    collaborator = await createUser(t.ctx, { roles: ['collaborator'], name: 'Cy Collab' });
    otherCreator = await createUser(t.ctx, { roles: ['creator'], name: 'Bo Other' });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Ada Beats' });
    await addCollaborator(t.ctx, creator.id, collaborator.id);
    const other = await createCreator(t.ctx, otherCreator.id, { name: 'Bo Sounds' });
    const drums = await createPack(t.ctx, creator.id, { title: 'Night Drums' });
    const keys = await createPack(t.ctx, creator.id, { title: 'Keys, "Dusty"' });
    const bass = await createPack(t.ctx, other.id, { title: 'Low End' });
    const detail = (pack: { id: string; title: string }, creatorRow: { id: string; name: string }, share_bps: number, credits: number, sales_cents: number): PayoutLineDetail => ({
      creator_id: creatorRow.id,
      creator_name: creatorRow.name,
      pack_id: pack.id,
      pack_title: pack.title,
      share_bps,
      credits,
      sales_cents,
    });
    ownerDetails = [detail(drums, creator, 7000, 30, 0), detail(keys, creator, 10000, 0, 1000)];

    // The worked example of decision 0051, in September: pool 6,643 ¢ over 43 credits, A (the owner) 3,244 + 1,000 of sales, C 1,391, B 2,008 + 2,099.
    const [august, september, october, november] = await t.ctx.db
      .insert(monthlyPayouts)
      .values([
        { month: '2026-08-01', status: 'paid', revenueCents: 1000, poolCents: 700, credits: 7, computedAt: new Date('2026-09-01T01:00:00Z'), paidAt: new Date('2026-09-03T10:00:00Z') },
        { month: '2026-09-01', status: 'paid', revenueCents: 9490, poolCents: 6643, credits: 43, salesCents: 4428, salesOwedCents: 3099, totalCents: 9351, computedAt: new Date('2026-10-01T01:00:00Z'), paidAt: new Date('2026-10-04T10:00:00Z') },
        { month: '2026-10-01', status: 'approved', revenueCents: 2000, poolCents: 1400, credits: 20, computedAt: new Date('2026-11-01T01:00:00Z') },
        { month: '2026-11-01', status: 'draft', revenueCents: 3000, poolCents: 2100, credits: 12, computedAt: new Date('2026-11-27T09:00:00Z') },
      ])
      .returning();
    await t.ctx.db.insert(payoutLines).values([
      // August: only the other creator earned.
      { payoutId: august!.id, payeeUserId: otherCreator.id, credits: 7, poolCents: 700, amountCents: 700, status: 'carried', carryReason: 'below_minimum', details: [detail(bass, other, 10000, 7, 0)] },
      { payoutId: september!.id, payeeUserId: owner.id, credits: 30, poolCents: 3244, salesCents: 1000, amountCents: 4244, status: 'paid', paidAt: new Date('2026-10-04T10:00:00Z'), details: ownerDetails },
      { payoutId: september!.id, payeeUserId: collaborator.id, credits: 30, poolCents: 1391, amountCents: 1391, status: 'carried', carryReason: 'no_account', details: [detail(drums, creator, 3000, 30, 0)] },
      { payoutId: september!.id, payeeUserId: otherCreator.id, credits: 13, poolCents: 2008, salesCents: 2099, carriedInCents: 700, amountCents: 4807, status: 'paid', paidAt: new Date('2026-10-04T10:00:00Z'), details: [detail(bass, other, 10000, 13, 2999)] },
      { payoutId: october!.id, payeeUserId: owner.id, credits: 4, poolCents: 280, adjustmentCents: -30, amountCents: 250, status: 'carried', carryReason: 'below_minimum', details: [detail(drums, creator, 7000, 4, 0)] },
      { payoutId: october!.id, payeeUserId: collaborator.id, credits: 4, poolCents: 120, carriedInCents: 1391, amountCents: 1511, status: 'carried', carryReason: 'no_account', details: [detail(drums, creator, 3000, 4, 0)] },
      { payoutId: november!.id, payeeUserId: owner.id, credits: 12, poolCents: 2100, carriedInCents: 250, amountCents: 2350, status: 'pending', details: [detail(drums, creator, 7000, 12, 0)] },
    ]);
  });
  afterAll(() => t.close());

  it('a creator sees their own months: this month so far (estimated), the balance carried, and the months approved, newest first', async () => {
    const earnings = await earningsOf(owner);
    expect(earnings.minimum_payout_cents).toBe(1000);
    expect(earnings.this_month).toEqual({ month: '2026-11', computed_at: '2026-11-27T09:00:00.000Z', credits: 12, pool_cents: 2100, sales_cents: 0, adjustment_cents: 0, carried_in_cents: 250, amount_cents: 2350 });
    expect(earnings.balance_carried).toEqual({ amount_cents: 250, reason: 'below_minimum', from_month: '2026-10' });
    expect(earnings.months.map((m) => [m.month, m.status, m.amount_cents, m.carry_reason, m.has_statement])).toEqual([
      ['2026-10', 'carried', 250, 'below_minimum', true],
      ['2026-09', 'paid', 4244, null, true],
    ]);
    expect(earnings.months[1]).toMatchObject({ credits: 30, pool_cents: 3244, sales_cents: 1000, paid_at: '2026-10-04T10:00:00.000Z' });
  });

  it('a collaborator sees their own line only, never the creator’s; before the month’s draft ran, this month is zeros', async () => {
    const earnings = await earningsOf(collaborator);
    expect(earnings.months.map((m) => [m.month, m.status, m.amount_cents, m.carry_reason])).toEqual([
      ['2026-10', 'carried', 1511, 'no_account'],
      ['2026-09', 'carried', 1391, 'no_account'],
    ]);
    expect(earnings.this_month).toMatchObject({ month: '2026-11', computed_at: null, amount_cents: 0, credits: 0 });
    expect(earnings.balance_carried).toEqual({ amount_cents: 1511, reason: 'no_account', from_month: '2026-10' });
    const csv = await get(collaborator, '/api/creator/earnings/2026-09/statement.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('payee,Cy Collab\r\n');
    expect(csv.body).toContain('total,13.91\r\n');
    expect(csv.body).not.toContain('42.44');
  });

  it('a month that ended but is not approved is listed as estimated, without a statement', async () => {
    t.ctx.clock = new ManualClock('2026-12-02T08:00:00.000Z');
    try {
      const earnings = await earningsOf(owner);
      expect(earnings.this_month).toMatchObject({ month: '2026-12', computed_at: null, amount_cents: 0 });
      expect(earnings.months[0]).toMatchObject({ month: '2026-11', status: 'estimated', amount_cents: 2350, has_statement: false, carry_reason: null });
      expect(earnings.balance_carried.from_month).toBe('2026-10');
    } finally {
      t.ctx.clock = new ManualClock('2026-11-27T09:15:00.000Z');
    }
  });

  it('the CSV statement lists the month, payee, pool rate, figures and each pack with its creator and share', async () => {
    const res = await get(owner, '/api/creator/earnings/2026-09/statement.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('crate-statement-2026-09.csv');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [summary, packs] = res.body.split('\r\n\r\n');
    const fields = Object.fromEntries(summary!.split('\r\n').map((line) => line.split(',')));
    expect(fields).toMatchObject({
      month: '2026-09',
      payee: 'Ada Owner',
      currency: 'USD',
      credits: '30',
      // 6,643 ¢ over the month's 43 credits: $1.5449 a credit.
      pool_rate_per_credit: '1.5449',
      pool: '32.44',
      sales: '10.00',
      adjustments: '0.00',
      carried_in: '0.00',
      total: '42.44',
      status: 'paid',
      paid_at: '2026-10-04T10:00:00.000Z',
    });
    expect(packs!.trim().split('\r\n')).toEqual(['pack,creator,share_percent,credits,sold_for', '"Keys, ""Dusty""",Ada Beats,100,0,10.00', 'Night Drums,Ada Beats,70,30,0.00']);
  });

  it('the PDF statement is a PDF that shows the month, the payee, the pool rate, the total and its status', async () => {
    const res = await get(owner, '/api/creator/earnings/2026-09/statement.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Earnings statement');
    expect(text).toContain('2026-09');
    expect(text).toContain('Ada Owner');
    expect(text).toContain('$1.5449 per credit');
    expect(text).toContain('$42.44');
    expect(text).toContain('$32.44');
    expect(text).toContain('paid on 2026-10-04');
    expect(text).toContain('Night Drums');
    expect(text).not.toContain('$13.91');
    const carried = pdfText((await get(owner, '/api/creator/earnings/2026-10/statement.pdf')).rawPayload);
    expect(carried).toContain('-$0.30');
    expect(carried).toContain('under the $10.00 minimum');
  });

  it('another payee’s month, a draft month and a month with no line are 404; a malformed month is 400', async () => {
    for (const format of ['pdf', 'csv']) {
      // August: only the other creator has a line.
      expect((await get(owner, `/api/creator/earnings/2026-08/statement.${format}`)).statusCode).toBe(404);
      expect((await get(otherCreator, `/api/creator/earnings/2026-08/statement.${format}`)).statusCode).toBe(200);
      // November is the month so far: a draft has no statement, even for its payee.
      const draft = await get(owner, `/api/creator/earnings/2026-11/statement.${format}`);
      expect(draft.statusCode).toBe(404);
      expect(draft.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'That statement was not found', requestId: expect.any(String) } });
      expect((await get(owner, `/api/creator/earnings/2025-01/statement.${format}`)).statusCode).toBe(404);
      const malformed = await get(owner, `/api/creator/earnings/2026-13/statement.${format}`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'month' } });
    }
    const others = await earningsOf(otherCreator);
    expect(others.months.map((m) => [m.month, m.amount_cents])).toEqual([
      ['2026-09', 4807],
      ['2026-08', 700],
    ]);
  });

  it('a payee with no name is named by their e-mail; a subscriber has no earnings (403)', async () => {
    await t.ctx.db.update(users).set({ name: '' }).where(eq(users.id, collaborator.id));
    const csv = await get(collaborator, '/api/creator/earnings/2026-10/statement.csv');
    expect(csv.body).toContain(`payee,${collaborator.email}\r\n`);
    expect((await get(subscriber, '/api/creator/earnings')).statusCode).toBe(403);
    expect((await get(subscriber, '/api/creator/earnings/2026-09/statement.csv')).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/creator/earnings')).statusCode).toBe(401);
  });
});

describe(`earnings from a month the payout run computed and approved on ${TEST_DB}`, () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('the month so far is the hourly draft; once approved, its statement says what the run computed, split 70/30', async () => {
    t = await createTestApp();
    const clock = new ManualClock('2027-03-20T10:00:00.000Z');
    t.ctx.clock = clock;
    const owner = await createUser(t.ctx, { roles: ['creator'], name: 'Run Owner' });
    const collaborator = await createUser(t.ctx, { roles: ['collaborator'], name: 'Run Collab' });
    const admin = await createUser(t.ctx, { roles: ['admin'] });
    const buyer = await createUser(t.ctx, { roles: ['subscriber'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Run Beats' });
    await addCollaborator(t.ctx, creator.id, collaborator.id);
    const pack = await createPack(t.ctx, creator.id, { title: 'Run Pack' });
    const [sound] = await createItems(t.ctx, pack, 1);
    const [split] = await t.ctx.db.insert(revenueSplits).values({ creatorId: creator.id, packId: pack.id, effectiveMonth: '2027-03-01' }).returning();
    await t.ctx.db.insert(revenueSplitShares).values([
      { splitId: split!.id, userId: owner.id, bps: 7000 },
      { splitId: split!.id, userId: collaborator.id, bps: 3000 },
    ]);
    // A $10.00 refill in March: a pool of $7.00, all of it for the 3 credits spent on the pack's sound.
    await t.ctx.db.insert(paymentReceipts).values({ userId: buyer.id, provider: 'sandbox', providerRef: `ref_${randomUUID()}`, kind: 'refill', description: 'refill', amount: 1000, currency: 'usd', createdAt: new Date('2027-03-02T12:00:00Z') });
    await t.ctx.db.insert(ownedItems).values({ userId: buyer.id, itemId: sound!.id, source: 'credits', credits: 3, acquiredAt: new Date('2027-03-03T12:00:00Z') });
    const draft = await computeDraft(t.ctx.db, '2027-03-01', clock.now());

    const soFar = (await call(t, 'GET', '/api/creator/earnings', undefined, { cookie: owner.cookie })).json() as CreatorEarnings;
    expect(soFar.this_month).toMatchObject({ month: '2027-03', credits: 3, pool_cents: 490, amount_cents: 490 });
    expect(soFar.this_month.computed_at).not.toBeNull();
    expect((await call(t, 'GET', '/api/creator/earnings/2027-03/statement.csv', undefined, { cookie: owner.cookie })).statusCode).toBe(404);

    clock.advance(new Date('2027-04-01T09:00:00Z'));
    await approveMonth(t.ctx.db, draft!.id, admin.id, clock.now());
    const [ownerCsv, collaboratorCsv] = await Promise.all(
      [owner, collaborator].map(async (user) => {
        const res = await call(t, 'GET', '/api/creator/earnings/2027-03/statement.csv', undefined, { cookie: user.cookie });
        expect(res.statusCode, res.body).toBe(200);
        return res.body;
      }),
    );
    expect(ownerCsv).toContain('pool_rate_per_credit,2.3333\r\n');
    expect(ownerCsv).toContain('total,4.90\r\n');
    expect(ownerCsv).toContain('Run Pack,Run Beats,70,3,0.00\r\n');
    expect(collaboratorCsv).toContain('total,2.10\r\n');
    expect(collaboratorCsv).toContain('Run Pack,Run Beats,30,3,0.00\r\n');
    const collaboratorMonths = ((await call(t, 'GET', '/api/creator/earnings', undefined, { cookie: collaborator.cookie })).json() as CreatorEarnings).months;
    expect(collaboratorMonths.map((m) => [m.month, m.amount_cents, m.status, m.carry_reason])).toEqual([['2027-03', 210, 'carried', 'below_minimum']]);
  });
});
