import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, monthlyPayouts, payoutAccounts, payoutLines, sandboxObjects, users } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { auditCount, insertMonth, sandboxTransfersByLine } from './payout-pay-fixtures.ts';
import { exited, spawnAppProcess } from './app-child-process.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const CHILD = path.join(import.meta.dirname, 'payout-pay-crash-child.ts');
/** A lock not renewed for this long is a dead worker's: short, so the rerun does not wait five minutes. */
const STALE_AFTER_MS = 1500;
const PAYEES = 80;
/** The child stops after this many transfers, the last one made at the provider but not yet recorded. */
const HANG_AFTER = 30;

/**
 * A real crash while paying a month (decision 0053): the job runs in a child process on a PostgreSQL database
 * shared with the test and is killed with SIGKILL between a transfer and its record. The rerun — the same job,
 * handed to the next worker once its lock goes stale — asks again with the same idempotency key, so every line is
 * paid exactly once and the transfers add up to the month. PGlite lives inside one process: PostgreSQL only.
 */
describe.skipIf(TEST_DB !== 'postgres')(`a payout job killed with -9 mid-month on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false, jobStaleAfterMs: STALE_AFTER_MS });
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t.close();
  });

  /** Payees with active sandbox accounts, written as rows (the onboarding page is tested elsewhere). */
  async function payeesWithAccounts(n: number): Promise<string[]> {
    const ids = Array.from({ length: n }, () => randomUUID());
    await t.ctx.db.insert(users).values(ids.map((id, i) => ({ id, email: `payee-${i}-${id.slice(0, 6)}@example.test`, name: `Payee ${i}` })));
    const accounts = ids.map((id) => ({ userId: id, accountId: `acct_sbx_${id.replaceAll('-', '')}` }));
    await t.ctx.db.insert(sandboxObjects).values(
      accounts.map((a) => ({ id: a.accountId, type: 'payout_account', data: { id: a.accountId, email: 'x@example.test', userId: a.userId, payoutsEnabled: true, detailsSubmitted: true, holderName: 'Payee', bankLast4: '6789', rejectTransfers: false } })),
    );
    await t.ctx.db.insert(payoutAccounts).values(accounts.map((a) => ({ userId: a.userId, provider: 'sandbox' as const, providerAccountId: a.accountId, status: 'active' as const })));
    return ids;
  }

  function startChild(): { child: ChildProcess; output: () => string } {
    const started = spawnAppProcess(t, CHILD, { JOB_STALE_AFTER_MS: String(STALE_AFTER_MS), HANG_AFTER_TRANSFERS: String(HANG_AFTER) });
    children.push(started.child);
    return started;
  }
  const countLines = async (payoutId: string, status: 'paid' | 'pending') =>
    (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(payoutLines).where(and(eq(payoutLines.payoutId, payoutId), eq(payoutLines.status, status))))[0]!.n;
  const countTransfers = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(sandboxObjects).where(eq(sandboxObjects.type, 'transfer')))[0]!.n;

  it('pays every line exactly once: the rerun repeats the unrecorded transfer with its key and finishes the month', { timeout: 180_000 }, async () => {
    const payees = await payeesWithAccounts(PAYEES);
    const { payout, lines } = await insertMonth(t, { status: 'approved', lines: payees.map((payee, i) => ({ payee, amountCents: 1000 + i * 37 })) });
    const started = await call(t, 'POST', `/api/admin/payouts/${payout.id}/pay`, undefined, { cookie: admin.cookie });
    expect(started.statusCode, started.body).toBe(202);
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.queue, 'payout-pay'));

    const first = startChild();
    // The event: the child made its HANG_AFTER-th transfer and recorded the ones before it.
    await expect
      .poll(async () => first.output().includes('hanging before it is recorded') && (await countLines(payout.id, 'paid')) === HANG_AFTER - 1, { timeout: 120_000, interval: 50 })
      .toBe(true);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    // Killed in the window: one transfer more at the provider than lines recorded paid, that line still pending and held by the job.
    expect(await countTransfers()).toBe(HANG_AFTER);
    expect(await countLines(payout.id, 'paid')).toBe(HANG_AFTER - 1);
    const held = await t.ctx.db.select().from(payoutLines).where(and(eq(payoutLines.payoutId, payout.id), eq(payoutLines.claimedByJob, job!.id)));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const [dead] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(dead!.status).toBe('running');

    // The rerun: this process's queue takes the job once its lock is stale and finishes the month.
    await expect
      .poll(
        async () => {
          await t.ctx.jobs.drain();
          return (await t.ctx.db.select().from(monthlyPayouts).where(eq(monthlyPayouts.id, payout.id)))[0]!.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe('paid');

    expect(await countLines(payout.id, 'paid')).toBe(PAYEES);
    const byLine = await sandboxTransfersByLine(t);
    expect(byLine.size).toBe(PAYEES);
    for (const line of lines) expect(byLine.get(line.id), line.id).toEqual({ count: 1, amount: line.amountCents });
    expect(await countTransfers()).toBe(PAYEES);
    const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
    expect([...byLine.values()].reduce((sum, v) => sum + v.amount, 0)).toBe(total);
    expect(total).toBe(payout.totalCents);
    // The held line was recorded with the transfer the provider had made before the crash.
    const [heldAfter] = await t.ctx.db.select().from(payoutLines).where(eq(payoutLines.id, held[0]!.id));
    expect(heldAfter).toMatchObject({ status: 'paid', attempts: 0, claimedByJob: null });
    expect(await auditCount(t, 'payout.line_paid')).toBe(PAYEES);
    expect(await auditCount(t, 'payout.paid', payout.id)).toBe(1);
    const [finished] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(finished).toMatchObject({ status: 'done', attempts: 2 });
  });
});
