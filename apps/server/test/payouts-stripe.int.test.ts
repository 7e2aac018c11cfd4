import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyPayouts, payoutAccounts, payoutLines } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { auditCount, insertMonth } from './payout-pay-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Payout accounts and transfers in Stripe mode (decision 0053): Express accounts, account links and transfers
 * through the official SDK, against the local stand-in of the Stripe API, which honours Idempotency-Key.
 */
describe(`payouts with Stripe Connect on ${TEST_DB}`, () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: TestUser;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ rateLimits: false, payments: { kind: 'stripe', secretKey: 'sk_test_crate', webhookSecret: 'whsec_test_crate', apiUrl: stripe.url } });
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const requestsTo = (method: string, path: string) => stripe.requests.filter((r) => r.method === method && r.path === path);
  /** What Stripe does once the payee finishes its onboarding page. */
  const finishOnboarding = (accountId: string, transfers: 'active' | 'inactive' = 'active') =>
    Object.assign(stripe.objects.get(accountId)!, { payouts_enabled: true, details_submitted: true, charges_enabled: true, capabilities: { transfers } });

  async function onboard(user: TestUser): Promise<string> {
    const started = await call(t, 'POST', '/api/payout-account/onboarding', { return_url: '/creator' }, { cookie: user.cookie });
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
    return row!.providerAccountId;
  }

  it('onboards through an Express account and account links, and turns active once Stripe says payouts are enabled', async () => {
    const creator = await createUser(t.ctx, { roles: ['creator'] });
    expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: creator.cookie })).json()).toEqual({ status: 'none', provider: 'stripe' });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/onboarding/al_sbx_anything' })).statusCode).toBe(404);

    const first = await call(t, 'POST', '/api/payout-account/onboarding', { return_url: '/creator?tab=earnings' }, { cookie: creator.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    const created = requestsTo('POST', '/v1/accounts').filter((r) => r.params.get('metadata[user_id]') === creator.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.params.get('type')).toBe('express');
    expect(created[0]!.params.get('email')).toBe(creator.email);
    expect(created[0]!.params.get('capabilities[transfers][requested]')).toBe('true');
    expect(created[0]!.idempotencyKey).toBe(`crate-payout-account:${creator.id}`);
    const link = requestsTo('POST', '/v1/account_links').at(-1)!;
    const accountId = await onboard(creator);
    expect(link.params.get('account')).toBe(accountId);
    expect(link.params.get('type')).toBe('account_onboarding');
    expect(link.params.get('return_url')).toBe('http://localhost:3000/creator?tab=earnings');
    expect(link.params.get('refresh_url')).toBe('http://localhost:3000/creator?tab=earnings&payout_onboarding=refresh');
    // The second request linked again to the same account: no second account.
    expect(requestsTo('POST', '/v1/accounts').filter((r) => r.params.get('metadata[user_id]') === creator.id)).toHaveLength(1);

    expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: creator.cookie })).json()).toEqual({ status: 'onboarding', provider: 'stripe' });
    expect(requestsTo('GET', `/v1/accounts/${accountId}`).length).toBeGreaterThan(0);
    finishOnboarding(accountId);
    expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: creator.cookie })).json()).toEqual({ status: 'active', provider: 'stripe' });
    expect(await auditCount(t, 'payout_account.connected', creator.id)).toBe(1);
  });

  it('pays a line with a transfer keyed by line and attempt, and records a transfer Stripe refuses with its reason', async () => {
    const paid = await createUser(t.ctx, { roles: ['creator'] });
    const refused = await createUser(t.ctx, { roles: ['collaborator'] });
    finishOnboarding(await onboard(paid));
    // Onboarded, yet the transfers capability is not active: Stripe refuses the transfer.
    finishOnboarding(await onboard(refused), 'inactive');
    for (const user of [paid, refused]) expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: user.cookie })).json().status).toBe('active');
    const { payout, lines } = await insertMonth(t, {
      status: 'approved',
      lines: [
        { payee: paid.id, amountCents: 4107 },
        { payee: refused.id, amountCents: 1391 },
      ],
    });
    const [paidLine, refusedLine] = [lines.find((l) => l.payeeUserId === paid.id)!, lines.find((l) => l.payeeUserId === refused.id)!];
    expect((await call(t, 'POST', `/api/admin/payouts/${payout.id}/pay`, undefined, { cookie: admin.cookie })).statusCode).toBe(202);
    await t.ctx.jobs.drain();

    const transferCalls = requestsTo('POST', '/v1/transfers');
    const made = transferCalls.find((r) => r.idempotencyKey === `payout-line:${paidLine.id}:0`)!;
    expect(made.params.get('amount')).toBe('4107');
    expect(made.params.get('currency')).toBe('usd');
    expect(made.params.get('destination')).toBe((await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, paid.id)))[0]!.providerAccountId);
    expect(made.params.get('metadata[crate_payout_line_id]')).toBe(paidLine.id);
    const rows = await t.ctx.db.select().from(payoutLines).where(eq(payoutLines.payoutId, payout.id));
    const paidRow = rows.find((r) => r.id === paidLine.id)!;
    expect(paidRow.status).toBe('paid');
    expect(paidRow.providerTransferId).toMatch(/^tr_/);
    expect(rows.find((r) => r.id === refusedLine.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows.find((r) => r.id === refusedLine.id)!.failureReason).toMatch(/capabilities enabled: transfers/);
    expect((await t.ctx.db.select().from(monthlyPayouts).where(eq(monthlyPayouts.id, payout.id)))[0]!.status).toBe('approved');

    // The same key again (a retry after a lost answer) is answered with the first transfer, never a second.
    const again = await t.ctx.payouts.transfer({ amount: 4107, currency: 'usd', destinationAccountId: made.params.get('destination')!, idempotencyKey: `payout-line:${paidLine.id}:0`, description: 'again' });
    expect(again.transferId).toBe(paidRow.providerTransferId);
    expect([...stripe.objects.values()].filter((o) => o.object === 'transfer' && (o.metadata as Record<string, string>).crate_payout_line_id === paidLine.id)).toHaveLength(1);

    // Stripe turns the capability on; the admin retries the month: a new key for the refused line, the paid one untouched.
    Object.assign(stripe.objects.get((await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, refused.id)))[0]!.providerAccountId)!, { capabilities: { transfers: 'active' } });
    expect((await call(t, 'POST', `/api/admin/payouts/${payout.id}/pay`, undefined, { cookie: admin.cookie })).statusCode).toBe(202);
    await t.ctx.jobs.drain();
    expect((await t.ctx.db.select().from(monthlyPayouts).where(eq(monthlyPayouts.id, payout.id)))[0]!.status).toBe('paid');
    expect(requestsTo('POST', '/v1/transfers').filter((r) => r.idempotencyKey === `payout-line:${refusedLine.id}:1`)).toHaveLength(1);
    expect(requestsTo('POST', '/v1/transfers').filter((r) => r.idempotencyKey?.startsWith(`payout-line:${paidLine.id}:`) && r.params.get('description') !== 'again')).toHaveLength(1);
  });
});
