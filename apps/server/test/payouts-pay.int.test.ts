import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, monthlyPayouts, payoutAccounts, payoutLines, sandboxObjects } from '../src/db/schema/index.ts';
import { PayoutRejectedError } from '../src/features/payments/payout-provider.ts';
import { call, mailsTo } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { auditActions, auditCount, connectSandboxAccount, insertMonth, sandboxTransfersByLine, submitOnboarding, uuid } from './payout-pay-fixtures.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Payout accounts in the sandbox (Crate's own onboarding page) and paying an approved month (decision 0053):
 * one transfer per line, never two, failures recorded with the provider's reason and retried by the same request.
 */
describe(`payout accounts and paying a month on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const pay = (id: string, who: TestUser = admin) => call(t, 'POST', `/api/admin/payouts/${id}/pay`, undefined, { cookie: who.cookie });
  const lineRows = async (payoutId: string) => t.ctx.db.select().from(payoutLines).where(eq(payoutLines.payoutId, payoutId)).orderBy(payoutLines.id);
  const monthRow = async (id: string) => (await t.ctx.db.select().from(monthlyPayouts).where(eq(monthlyPayouts.id, id)))[0]!;

  describe('payout accounts', () => {
    it('is none until started; creators and collaborators only', async () => {
      const creator = await createUser(t.ctx, { roles: ['creator'] });
      const subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
      expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: creator.cookie })).json()).toEqual({ status: 'none', provider: 'sandbox' });
      expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: subscriber.cookie })).statusCode).toBe(403);
      expect((await call(t, 'POST', '/api/payout-account/onboarding', {}, { cookie: subscriber.cookie })).statusCode).toBe(403);
    });

    it('makes the account once, links to it afresh each time, and turns active on return once the page was filled in', async () => {
      const collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
      const first = await call(t, 'POST', '/api/payout-account/onboarding', { return_url: '/creator?tab=earnings' }, { cookie: collaborator.cookie });
      const second = await call(t, 'POST', '/api/payout-account/onboarding', {}, { cookie: collaborator.cookie });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().url).toMatch(/^http:\/\/localhost:3000\/sandbox\/onboarding\/al_sbx_/);
      expect(second.json().url).not.toBe(first.json().url);
      const [account] = await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, collaborator.id));
      expect(account).toMatchObject({ provider: 'sandbox', status: 'onboarding' });
      const sandboxAccounts = await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.type, 'payout_account'));
      expect(sandboxAccounts.filter((o) => o.data.userId === collaborator.id)).toHaveLength(1);
      expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: collaborator.cookie })).json()).toEqual({ status: 'onboarding', provider: 'sandbox' });

      // The page: a form with labelled fields; a wrong routing number is said and nothing changes.
      const page = await t.app.inject({ method: 'GET', url: new URL(first.json().url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<label for="routing">');
      expect(page.body).toContain('transfers are rejected');
      const wrong = await submitOnboarding(t, first.json().url, { routing: '12' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('A routing number is 9 digits');
      expect(wrong.body).toContain('aria-invalid="true"');
      expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: collaborator.cookie })).json().status).toBe('onboarding');

      const done = await submitOnboarding(t, first.json().url);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost:3000/creator?tab=earnings');
      // A spent link sends the payee to the refresh URL, where the web app asks for a new one.
      const again = await t.app.inject({ method: 'GET', url: new URL(first.json().url).pathname });
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe('http://localhost:3000/creator?tab=earnings&payout_onboarding=refresh');

      expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: collaborator.cookie })).json()).toEqual({ status: 'active', provider: 'sandbox' });
      expect((await call(t, 'GET', '/api/payout-account', undefined, { cookie: collaborator.cookie })).json().status).toBe('active');
      expect(await auditActions(t, collaborator.id)).toEqual(expect.arrayContaining(['payout_account.created', 'payout_account.connected']));
      expect(await auditCount(t, 'payout_account.connected', collaborator.id)).toBe(1);
    });

    it('refuses a return URL off the site and answers 404 for a link that is not one', async () => {
      const creator = await createUser(t.ctx, { roles: ['creator'] });
      const offSite = await call(t, 'POST', '/api/payout-account/onboarding', { return_url: 'https://evil.example/steal' }, { cookie: creator.cookie });
      expect(offSite.statusCode).toBe(400);
      expect(offSite.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'return_url' });
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/onboarding/al_sbx_nope' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/onboarding/..%2F..%2Fapi' })).statusCode).toBe(404);
    });

    it('makes one sandbox transfer per idempotency key, and replays a refusal under its key', async () => {
      const creator = await createUser(t.ctx, { roles: ['creator'] });
      await connectSandboxAccount(t, creator);
      const [account] = await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, creator.id));
      const input = { amount: 1234, currency: 'usd', destinationAccountId: account!.providerAccountId, idempotencyKey: `test-${uuid()}`, description: 'test' };
      const [a, b] = await Promise.all([t.ctx.payouts.transfer(input), t.ctx.payouts.transfer(input)]);
      expect(a.transferId).toBe(b.transferId);
      const transfers = (await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.type, 'transfer'))).filter((o) => o.data.idempotencyKey === input.idempotencyKey);
      expect(transfers).toHaveLength(1);
      const missing = { ...input, destinationAccountId: 'acct_sbx_nope', idempotencyKey: `test-${uuid()}` };
      await expect(t.ctx.payouts.transfer(missing)).rejects.toBeInstanceOf(PayoutRejectedError);
      await expect(t.ctx.payouts.transfer(missing)).rejects.toThrow(/No such destination/);
    });
  });

  describe('paying a month', () => {
    it('refuses a draft, an unknown month and anyone but an admin', async () => {
      const creator = await createUser(t.ctx, { roles: ['creator'] });
      const { payout } = await insertMonth(t, { status: 'draft', lines: [{ payee: creator.id, amountCents: 5000 }] });
      const draft = await pay(payout.id);
      expect(draft.statusCode).toBe(409);
      expect(draft.json().error).toMatchObject({ code: 'CONFLICT', message: 'Approve the month before paying it.' });
      expect((await pay(uuid())).statusCode).toBe(404);
      expect((await pay('not-a-uuid')).statusCode).toBe(400);
      expect((await pay(payout.id, creator)).statusCode).toBe(403);
      expect((await monthRow(payout.id)).status).toBe('draft');
    });

    it('pays every line once from two admin tabs at once, e-mails each payee, and refuses a paid month', async () => {
      const a = await createUser(t.ctx, { roles: ['creator'] });
      const c = await createUser(t.ctx, { roles: ['collaborator'] });
      await connectSandboxAccount(t, a);
      await connectSandboxAccount(t, c);
      const { payout, lines, month } = await insertMonth(t, {
        status: 'approved',
        lines: [
          { payee: a.id, amountCents: 3244 },
          { payee: c.id, amountCents: 1391 },
        ],
      });
      const [one, two] = await Promise.all([pay(payout.id), pay(payout.id)]);
      expect(one.statusCode, one.body).toBe(202);
      expect(two.statusCode, two.body).toBe(202);
      expect(one.json()).toEqual({ id: payout.id, status: 'paying', lines: { pending: 2, paid: 0, failed: 0, carried: 0 } });
      expect(two.json().status).toBe('paying');
      const queued = (await t.ctx.db.select().from(jobs).where(eq(jobs.queue, 'payout-pay'))).filter((j) => (j.payload as { payoutId: string }).payoutId === payout.id);
      expect(queued).toHaveLength(1);

      await t.ctx.jobs.drain();
      const after = await monthRow(payout.id);
      expect(after.status).toBe('paid');
      expect(after.paidAt).toBeInstanceOf(Date);
      const paid = await lineRows(payout.id);
      expect(paid.map((l) => l.status)).toEqual(['paid', 'paid']);
      for (const line of paid) {
        expect(line.providerTransferId).toMatch(/^tr_sbx_/);
        expect(line.paidAt).toBeInstanceOf(Date);
        expect(line.attempts).toBe(0);
      }
      const byLine = await sandboxTransfersByLine(t);
      for (const line of lines) expect(byLine.get(line.id)).toEqual({ count: 1, amount: line.amountCents });
      expect(await auditActions(t, payout.id)).toEqual(['payout.pay_started', 'payout.paid']);
      for (const line of lines) expect(await auditActions(t, line.id)).toEqual(['payout.line_paid']);

      const monthName = new Date(`${month}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      const mailA = await mailsTo(t, a.email);
      expect(mailA.map((m) => m.subject)).toContain(`Your Crate payout for ${monthName}: $32.44`);
      expect(mailA.find((m) => m.subject.startsWith('Your Crate payout'))!.text).toContain('http://localhost:3000/creator');
      expect((await mailsTo(t, c.email)).map((m) => m.subject)).toContain(`Your Crate payout for ${monthName}: $13.91`);

      const again = await pay(payout.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toMatch(/paid already/);
      await t.ctx.jobs.drain();
      expect((await sandboxTransfersByLine(t)).get(lines[0]!.id)!.count).toBe(1);
    });

    it('records a rejected transfer and a payee without an account as failed, then pays them on retry once fixed', async () => {
      const rejecting = await createUser(t.ctx, { roles: ['creator'] });
      const unconnected = await createUser(t.ctx, { roles: ['collaborator'] });
      const fine = await createUser(t.ctx, { roles: ['creator'] });
      const carriedPayee = await createUser(t.ctx, { roles: ['creator'] });
      await connectSandboxAccount(t, rejecting, { reject: true });
      await connectSandboxAccount(t, fine);
      const { payout, lines } = await insertMonth(t, {
        status: 'approved',
        lines: [
          { payee: rejecting.id, amountCents: 2500 },
          { payee: unconnected.id, amountCents: 1800 },
          { payee: fine.id, amountCents: 4107 },
          { payee: carriedPayee.id, amountCents: 400, status: 'carried' },
        ],
      });
      const lineOf = async (user: TestUser) => (await lineRows(payout.id)).find((l) => l.payeeUserId === user.id)!;

      expect((await pay(payout.id)).statusCode).toBe(202);
      await t.ctx.jobs.drain();
      expect((await monthRow(payout.id)).status).toBe('approved');
      expect(await lineOf(rejecting)).toMatchObject({ status: 'failed', attempts: 1, providerTransferId: null });
      expect((await lineOf(rejecting)).failureReason).toMatch(/bank account ending 6789 was closed/);
      expect(await lineOf(unconnected)).toMatchObject({ status: 'failed', attempts: 1, failureReason: 'No payout account' });
      expect(await lineOf(fine)).toMatchObject({ status: 'paid', attempts: 0 });
      expect(await lineOf(carriedPayee)).toMatchObject({ status: 'carried', providerTransferId: null });
      expect(await auditActions(t, payout.id)).toEqual(['payout.pay_started', 'payout.pay_incomplete']);
      expect(await auditCount(t, 'payout.line_failed', (await lineOf(rejecting)).id)).toBe(1);
      expect((await call(t, 'POST', `/api/admin/payouts/${payout.id}/pay`, undefined, { cookie: admin.cookie })).json().lines).toEqual({ pending: 2, paid: 1, failed: 0, carried: 1 });
      // That second request started the retry round at once; with nothing fixed the same two fail again (attempt 2).
      await t.ctx.jobs.drain();
      expect(await lineOf(rejecting)).toMatchObject({ status: 'failed', attempts: 2 });
      expect((await monthRow(payout.id)).status).toBe('approved');

      // The payees fix it: a working bank account on the same payout account, and a first account.
      await connectSandboxAccount(t, rejecting);
      await connectSandboxAccount(t, unconnected);
      expect((await pay(payout.id)).statusCode).toBe(202);
      await t.ctx.jobs.drain();
      expect((await monthRow(payout.id)).status).toBe('paid');
      expect(await lineOf(rejecting)).toMatchObject({ status: 'paid', attempts: 2, failureReason: null });
      expect(await lineOf(unconnected)).toMatchObject({ status: 'paid', attempts: 2 });
      const byLine = await sandboxTransfersByLine(t);
      for (const line of lines.filter((l) => l.status === 'pending')) expect(byLine.get(line.id)).toEqual({ count: 1, amount: line.amountCents });
      expect(byLine.has(lines[3]!.id)).toBe(false);
      const [transfer] = (await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.id, (await lineOf(rejecting)).providerTransferId!)));
      expect(transfer!.data.idempotencyKey).toBe(`payout-line:${(await lineOf(rejecting)).id}:2`);
      expect((await mailsTo(t, rejecting.email)).filter((m) => m.subject.startsWith('Your Crate payout'))).toHaveLength(1);
    });
  });
});
