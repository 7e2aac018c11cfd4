import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, monthlyPayouts, payoutLines, sandboxObjects } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import type { TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** Months for fixtures, one per test so the unique month never collides (Jan 2020 onwards). */
let monthCounter = 0;
function nextMonth(): string {
  const d = new Date(Date.UTC(2020, monthCounter++, 1));
  return d.toISOString().slice(0, 10);
}

/** A month as the lead's computation leaves it (decision 0051): its lines inserted as they are, amounts fixed. */
export async function insertMonth(t: TestApp, input: { status: 'draft' | 'approved' | 'paid'; lines: { payee: string; amountCents: number; status?: 'pending' | 'carried' }[] }) {
  const month = nextMonth();
  const total = input.lines.filter((l) => (l.status ?? 'pending') === 'pending').reduce((sum, l) => sum + l.amountCents, 0);
  const [payout] = await t.ctx.db.insert(monthlyPayouts).values({ month, status: input.status, currency: 'usd', totalCents: total }).returning();
  const lines = input.lines.length
    ? await t.ctx.db
        .insert(payoutLines)
        .values(input.lines.map((l) => ({ payoutId: payout!.id, payeeUserId: l.payee, amountCents: l.amountCents, poolCents: l.amountCents, status: l.status ?? 'pending', carryReason: l.status === 'carried' ? ('below_minimum' as const) : null })))
        .returning()
    : [];
  return { payout: payout!, lines, month };
}

/** The payee connects a sandbox account end to end: the API's link, Crate's onboarding page, the return re-check. */
export async function connectSandboxAccount(t: TestApp, user: TestUser, options: { reject?: boolean } = {}): Promise<void> {
  const started = await call(t, 'POST', '/api/payout-account/onboarding', { return_url: '/creator' }, { cookie: user.cookie });
  expect(started.statusCode, started.body).toBe(200);
  const submitted = await submitOnboarding(t, started.json().url, { reject: options.reject ?? false });
  expect(submitted.statusCode, submitted.body).toBe(303);
  const account = await call(t, 'GET', '/api/payout-account', undefined, { cookie: user.cookie });
  expect(account.json()).toEqual({ status: 'active', provider: 'sandbox' });
}

export function submitOnboarding(t: TestApp, url: string, fields: { name?: string; routing?: string; account?: string; reject?: boolean } = {}) {
  const form = new URLSearchParams({ name: fields.name ?? 'Ada Lovelace', routing: fields.routing ?? '110000000', account: fields.account ?? '000123456789' });
  if (fields.reject) form.set('reject', '1');
  return t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.ctx.config.publicUrl }, payload: form.toString() });
}

/** The sandbox's transfers per idempotency-key line id: `payout-line:<line>:<attempt>` → line. */
export async function sandboxTransfersByLine(t: TestApp): Promise<Map<string, { count: number; amount: number }>> {
  const rows = await t.ctx.db.select({ data: sandboxObjects.data }).from(sandboxObjects).where(eq(sandboxObjects.type, 'transfer'));
  const byLine = new Map<string, { count: number; amount: number }>();
  for (const { data } of rows) {
    const key = String(data.idempotencyKey);
    if (!key.startsWith('payout-line:')) continue;
    const line = key.split(':')[1]!;
    const entry = byLine.get(line) ?? { count: 0, amount: 0 };
    entry.count += 1;
    entry.amount += Number(data.amount);
    byLine.set(line, entry);
  }
  return byLine;
}

export async function auditActions(t: TestApp, targetId: string): Promise<string[]> {
  const rows = await t.ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

export async function auditCount(t: TestApp, action: string, targetId?: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(targetId ? and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)) : eq(auditLog.action, action));
  return row!.n;
}

export const uuid = () => randomUUID();
