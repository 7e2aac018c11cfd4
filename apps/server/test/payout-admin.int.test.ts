import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, monthlyPayouts, payoutAdjustments, payoutLines, paymentReceipts } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';
import { and, eq } from 'drizzle-orm';
import { computeDraft } from '../src/features/payouts/payout-month-service.ts';
import { seedEarningMonth } from './payout-fixtures.ts';

/**
 * The admins' monthly payout screens (docs/decisions/0054): the months, a month's totals, its lines (search, sort,
 * paging), the CSV, and who may see them. The months here are written as rows, the way the computation leaves them.
 */
describe(`admin monthly payouts on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let subscriber: TestUser;
  let creator: TestUser;
  const payees: { id: string; name: string; email: string }[] = [];
  let paidMonth: string;
  let draftMonth: string;
  const lineIds: Record<string, string> = {};

  const get = (url: string, who: TestUser | null = admin) => call(t, 'GET', url, undefined, who ? { cookie: who.cookie } : {});
  const post = (url: string, who: TestUser | null = admin) => call(t, 'POST', url, undefined, who ? { cookie: who.cookie } : {});

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'], name: 'Ada Admin' });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    creator = await createUser(t.ctx, { roles: ['creator'] });
    for (const [name, email] of [
      ['Alice Adams', `alice-${randomUUID().slice(0, 6)}@example.test`],
      ['Bob Brown', `bob-${randomUUID().slice(0, 6)}@example.test`],
      ['Carla Cruz', `carla-${randomUUID().slice(0, 6)}@example.test`],
    ] as const) {
      const u = await createUser(t.ctx, { name, email });
      payees.push({ id: u.id, name, email });
    }
    const [paid] = await t.ctx.db
      .insert(monthlyPayouts)
      .values({ month: '2025-01-01', status: 'paid', revenueCents: 10_000, poolCents: 7_000, credits: 70, salesCents: 0, salesOwedCents: 0, totalCents: 7_000, computedAt: new Date('2025-02-01T01:00:00Z'), approvedBy: admin.id, approvedAt: new Date('2025-02-02T10:00:00Z'), paidAt: new Date('2025-02-02T11:00:00Z') })
      .returning({ id: monthlyPayouts.id });
    paidMonth = paid!.id;
    await t.ctx.db.insert(payoutLines).values({ payoutId: paidMonth, payeeUserId: payees[0]!.id, credits: 70, poolCents: 7_000, amountCents: 7_000, status: 'paid', paidAt: new Date('2025-02-02T11:00:00Z') });

    // The worked example of decision 0051 (March), with a refund of January taken back from Alice.
    const [draft] = await t.ctx.db
      .insert(monthlyPayouts)
      .values({ month: '2025-02-01', status: 'draft', revenueCents: 9_490, poolCents: 6_643, credits: 43, salesCents: 2_999, salesOwedCents: 2_099, adjustmentsCents: -500, totalCents: 7_851, computedAt: new Date('2025-03-01T01:00:00Z') })
      .returning({ id: monthlyPayouts.id });
    draftMonth = draft!.id;
    const detail = (packTitle: string, share: number, credits: number, sales: number) => ({ creator_id: randomUUID(), creator_name: 'Creator A', pack_id: randomUUID(), pack_title: packTitle, share_bps: share, credits, sales_cents: sales });
    const rows = await t.ctx.db
      .insert(payoutLines)
      .values([
        { payoutId: draftMonth, payeeUserId: payees[0]!.id, credits: 30, poolCents: 3_244, adjustmentCents: -500, amountCents: 2_744, details: [detail('Dusty Drums', 7_000, 30, 0)] },
        { payoutId: draftMonth, payeeUserId: payees[1]!.id, credits: 13, poolCents: 2_008, salesCents: 2_099, amountCents: 4_107, details: [detail('Bright Bass', 10_000, 13, 2_999)] },
        { payoutId: draftMonth, payeeUserId: payees[2]!.id, credits: 30, poolCents: 1_391, amountCents: 1_391, status: 'carried', carryReason: 'no_account', details: [detail('Dusty Drums', 3_000, 30, 0)] },
      ])
      .returning({ id: payoutLines.id, payee: payoutLines.payeeUserId });
    for (const r of rows) lineIds[payees.find((p) => p.id === r.payee)!.name] = r.id;
    const [receipt] = await t.ctx.db
      .insert(paymentReceipts)
      .values({ userId: subscriber.id, provider: 'sandbox', providerRef: `in_${randomUUID()}`, kind: 'plan', description: 'Starter', amount: 999, currency: 'usd', status: 'refunded' })
      .returning({ id: paymentReceipts.id });
    await t.ctx.db.insert(payoutAdjustments).values({ payoutId: draftMonth, payeeUserId: payees[0]!.id, receiptId: receipt!.id, sourceMonth: '2025-01-01', kind: 'pool_refund', amountCents: -500 });
  });
  afterAll(() => t.close());

  it('is for admins only: 401 for visitors, 403 for everyone else, on every payout endpoint', async () => {
    const urls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/payouts'],
      ['GET', `/api/admin/payouts/${draftMonth}`],
      ['GET', `/api/admin/payouts/${draftMonth}/lines`],
      ['GET', `/api/admin/payouts/${draftMonth}/lines/${lineIds['Alice Adams']}/spends`],
      ['GET', `/api/admin/payouts/${draftMonth}/export.csv`],
      ['POST', `/api/admin/payouts/${draftMonth}/compute`],
      ['POST', `/api/admin/payouts/${draftMonth}/approve`],
    ];
    for (const [method, url] of urls) {
      const ask = method === 'GET' ? get : post;
      expect((await ask(url, null)).statusCode, url).toBe(401);
      expect((await ask(url, subscriber)).statusCode, url).toBe(403);
      expect((await ask(url, creator)).statusCode, url).toBe(403);
    }
  });

  it('lists the months newest first, with Crate’s share and line counts, page by page', async () => {
    const first = await get('/api/admin/payouts?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]).toMatchObject({
      id: draftMonth,
      month: '2025-02-01',
      status: 'draft',
      revenue_cents: 9_490,
      pool_cents: 6_643,
      sales_owed_cents: 2_099,
      crate_share_cents: 9_490 - 6_643 + 2_999 - 2_099,
      adjustments_cents: -500,
      total_cents: 7_851,
      lines: { pending: 2, paid: 0, failed: 0, carried: 1 },
      ended: true,
    });
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await get(`/api/admin/payouts?limit=1&cursor=${page1.next_cursor}`)).json();
    expect(page2.items.map((m: { id: string }) => m.id)).toEqual([paidMonth]);
    expect(page2.items[0].lines).toEqual({ pending: 0, paid: 1, failed: 0, carried: 0 });
    expect(page2.next_cursor).toBeNull();

    const bad = await get('/api/admin/payouts?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'cursor' });
  });

  it('answers a month’s totals, its approver and when it was paid; an unknown or malformed id is a clear error', async () => {
    const draft = (await get(`/api/admin/payouts/${draftMonth}`)).json();
    expect(draft).toMatchObject({ revenue_cents: 9_490, pool_cents: 6_643, sales_cents: 2_999, sales_owed_cents: 2_099, crate_share_cents: 3_747, adjustments_cents: -500, total_cents: 7_851, carried_in_cents: 0, lines_amount_cents: 2_744 + 4_107 + 1_391, approved_by: null, paid_at: null });
    const paid = (await get(`/api/admin/payouts/${paidMonth}`)).json();
    expect(paid).toMatchObject({ status: 'paid', approved_by: { id: admin.id, display_name: 'Ada Admin' }, approved_at: '2025-02-02T10:00:00.000Z', paid_at: '2025-02-02T11:00:00.000Z' });

    expect((await get(`/api/admin/payouts/${randomUUID()}`)).statusCode).toBe(404);
    const malformed = await get('/api/admin/payouts/not-a-month');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });

  it('lists the lines with payee, money, status, reason and split; searches, filters, sorts and pages them', async () => {
    const lines = (query = '') => get(`/api/admin/payouts/${draftMonth}/lines${query}`);
    const names = async (query: string) => {
      const res = await lines(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((l: { payee: { display_name: string } }) => l.payee.display_name);
    };
    const all = (await lines()).json();
    expect(all.items.map((l: { amount_cents: number }) => l.amount_cents)).toEqual([4_107, 2_744, 1_391]);
    const carla = all.items.find((l: { payee: { display_name: string } }) => l.payee.display_name === 'Carla Cruz');
    expect(carla).toMatchObject({ status: 'carried', carry_reason: 'no_account', credits: 30, pool_cents: 1_391, payee: { email: payees[2]!.email }, details: [{ pack_title: 'Dusty Drums', share_bps: 3_000, credits: 30, sales_cents: 0 }] });

    expect(await names('?sort=amount&dir=asc')).toEqual(['Carla Cruz', 'Alice Adams', 'Bob Brown']);
    expect(await names('?sort=payee')).toEqual(['Alice Adams', 'Bob Brown', 'Carla Cruz']);
    expect(await names('?sort=payee&dir=desc')).toEqual(['Carla Cruz', 'Bob Brown', 'Alice Adams']);
    expect((await lines('?sort=credits&dir=asc')).json().items.map((l: { credits: number }) => l.credits)).toEqual([13, 30, 30]);
    expect((await names('?sort=status'))[0]).toBe('Carla Cruz');
    expect(await names('?q=alice')).toEqual(['Alice Adams']);
    expect(await names(`?q=${encodeURIComponent(payees[1]!.email.slice(0, 8).toUpperCase())}`)).toEqual(['Bob Brown']);
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?status=carried')).toEqual(['Carla Cruz']);

    const page1 = (await lines('?sort=payee&limit=2')).json();
    expect(page1.items.map((l: { payee: { display_name: string } }) => l.payee.display_name)).toEqual(['Alice Adams', 'Bob Brown']);
    const page2 = (await lines(`?sort=payee&limit=2&cursor=${page1.next_cursor}`)).json();
    expect(page2.items.map((l: { payee: { display_name: string } }) => l.payee.display_name)).toEqual(['Carla Cruz']);
    expect(page2.next_cursor).toBeNull();

    const badSort = await lines('?sort=money');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'sort' });
    expect((await lines('?limit=1000')).statusCode).toBe(400);
    // A cursor of another month's lines does not page this one.
    const foreign = await get(`/api/admin/payouts/${paidMonth}/lines?cursor=${page1.next_cursor}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.field).toBe('cursor');
  });

  it('exports every line as CSV, streamed as an attachment', async () => {
    const res = await get(`/api/admin/payouts/${draftMonth}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('crate-payouts-2025-02.csv');
    const rows = res.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('line_id,payee_id,payee_name,payee_email,kind,credits,pool_cents,sales_cents,commission_cents,adjustment_cents,carried_in_cents,amount_cents,status,carry_reason,failure_reason,paid_at,split');
    expect(rows).toHaveLength(4);
    const alice = rows.find((r) => r.startsWith(lineIds['Alice Adams']!))!;
    expect(alice).toBe(`${lineIds['Alice Adams']},${payees[0]!.id},Alice Adams,${payees[0]!.email},creator,30,3244,0,0,-500,0,2744,pending,,,,Dusty Drums (Creator A) 70.00% · 30 credits · 0¢ sales`);
    expect(rows.find((r) => r.includes('Carla Cruz'))).toContain(',1391,carried,no_account,');
  });

  it('shows /admin the months waiting: ended drafts to approve, not paid months', async () => {
    const dashboard = (await get('/api/admin/dashboard')).json();
    expect(dashboard.attention.payouts_awaiting_approval).toBe(1);
    expect(dashboard.payouts_waiting).toEqual([{ id: draftMonth, month: '2025-02-01', status: 'draft' }]);
  });

  it('drills down from a line to the refunds taken back in it; another month’s line is not found', async () => {
    const res = await get(`/api/admin/payouts/${draftMonth}/lines/${lineIds['Alice Adams']}/spends`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.line).toMatchObject({ id: lineIds['Alice Adams'], amount_cents: 2_744, payee: { display_name: 'Alice Adams' } });
    expect(body.adjustments).toEqual([{ id: expect.any(String), receipt_id: expect.any(String), source_month: '2025-01-01', kind: 'pool_refund', amount_cents: -500 }]);
    expect((await get(`/api/admin/payouts/${paidMonth}/lines/${lineIds['Alice Adams']}/spends`)).statusCode).toBe(404);
  });

  it('compute of a month that is not a draft is a conflict, and nothing is written', async () => {
    const before = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, paidMonth));
    const compute = await post(`/api/admin/payouts/${paidMonth}/compute`);
    expect(compute.statusCode, compute.body).toBe(409);
    expect(compute.json().error.code).toBe('CONFLICT');
    expect((await post(`/api/admin/payouts/${randomUUID()}/compute`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, paidMonth))).toHaveLength(before.length);
  });

  it('recomputes a draft from the ledger (audited) and shows the spends behind its line', async () => {
    const seller = await createUser(t.ctx, { name: 'Dana Drums' });
    await seedEarningMonth(t.ctx, { month: '2025-03-01', creatorUserId: seller.id, producerUserId: subscriber.id, refillCents: 5_000, creditsPerItem: [18, 12], packTitle: 'Dana Kit' });
    const march = (await computeDraft(t.ctx.db, '2025-03-01', new Date())) as { id: string };
    const res = await post(`/api/admin/payouts/${march.id}/compute`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: march.id, month: '2025-03-01', status: 'draft', revenue_cents: 5_000, pool_cents: 3_500, credits: 30 });
    expect(await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, march.id), eq(auditLog.action, 'payout.recompute')))).toHaveLength(1);

    const [line] = (await get(`/api/admin/payouts/${march.id}/lines?q=dana`)).json().items;
    expect(line).toMatchObject({ credits: 30, pool_cents: 3_500, amount_cents: 3_500, details: [{ pack_title: 'Dana Kit', share_bps: 10_000, credits: 30 }] });
    const drill = (await get(`/api/admin/payouts/${march.id}/lines/${line.id}/spends?limit=1`)).json();
    expect(drill.items).toHaveLength(1);
    expect(drill.next_cursor).toEqual(expect.any(String));
    const rest = (await get(`/api/admin/payouts/${march.id}/lines/${line.id}/spends?limit=1&cursor=${drill.next_cursor}`)).json();
    const spends = [...drill.items, ...rest.items];
    expect(spends.map((s: { credits: number }) => s.credits).sort()).toEqual([12, 18]);
    expect(spends.every((s: { share_bps: number; pack_title: string; price_cents: number | null }) => s.share_bps === 10_000 && s.pack_title === 'Dana Kit' && s.price_cents === null)).toBe(true);
    expect(drill.adjustments).toEqual([]);
  });

  it('approves months once, in order, and only when they are over', async () => {
    const march = (await get('/api/admin/payouts?limit=1')).json().items[0];
    expect(march.month).toBe('2025-03-01');
    // February is still a draft: March waits for it.
    const early = await post(`/api/admin/payouts/${march.id}/approve`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.message).toMatch(/Approve February 2025 first/);
    // The month running now is not over.
    const now = new Date();
    const thisMonth = `${now.toISOString().slice(0, 7)}-01`;
    const running = (await computeDraft(t.ctx.db, thisMonth, now)) as { id: string };
    const notOver = await post(`/api/admin/payouts/${running.id}/approve`);
    expect(notOver.statusCode, notOver.body).toBe(409);
    expect(notOver.json().error.message).toMatch(/not over yet/);

    const approved = await post(`/api/admin/payouts/${draftMonth}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: draftMonth, status: 'approved', approved_by: { id: admin.id, display_name: 'Ada Admin' } });
    expect(await t.ctx.db.select({ actor: auditLog.actorUserId }).from(auditLog).where(and(eq(auditLog.targetId, draftMonth), eq(auditLog.action, 'payout.approve')))).toEqual([{ actor: admin.id }]);

    const twice = await post(`/api/admin/payouts/${draftMonth}/approve`);
    // Refused, and not audited twice.
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/approved already/) });
    const recompute = await post(`/api/admin/payouts/${draftMonth}/compute`);
    expect(recompute.statusCode, recompute.body).toBe(409);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, draftMonth))).toHaveLength(1);

    const dashboard = (await get('/api/admin/dashboard')).json();
    expect(dashboard.payouts_waiting).toEqual(expect.arrayContaining([{ id: draftMonth, month: '2025-02-01', status: 'approved' }, { id: march.id, month: '2025-03-01', status: 'draft' }]));
  });
});
