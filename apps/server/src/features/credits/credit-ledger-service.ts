import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { creditLedger, creditLotDraws, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/**
 * The credit ledger (docs/decisions/0020). Lots are the rows that add credits; rows that take credits
 * draw from the open lots, soonest-expiring first (never-expiring last). Nothing stores a balance:
 * it is the sum of what is left in the lots that have not expired.
 *
 * Writers that take credits hold the user's row lock (lockCreditAccount) for the whole transaction, so
 * concurrent spends from many tabs or processes queue up one behind the other and each sees what the
 * previous one left: the balance can never go below zero.
 */

export interface CreditBalance {
  credits: number;
  /** When the soonest-expiring open credits expire; null when there are none or none expire. */
  creditsExpireAt: Date | null;
}

export interface OpenLot {
  id: string;
  expiresAt: Date | null;
  remaining: number;
}

// Names the outer table literally: drizzle leaves columns unqualified in single-table selects.
const drawnSql = sql<number>`coalesce((select sum(d.amount) from credit_lot_draws d where d.lot_id = credit_ledger.id), 0)::int`;
const remainingSql = sql<number>`(${creditLedger.amount} - ${drawnSql})::int`;

/** Lots that still hold credits and have not expired, in the order credits are taken from them. */
export async function listOpenLots(db: DbOrTx, userId: string, at: Date = new Date()): Promise<OpenLot[]> {
  const rows = await db
    .select({ id: creditLedger.id, expiresAt: creditLedger.expiresAt, remaining: remainingSql })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), gt(creditLedger.amount, 0), or(isNull(creditLedger.expiresAt), gt(creditLedger.expiresAt, at)), sql`${remainingSql} > 0`))
    .orderBy(sql`${creditLedger.expiresAt} asc nulls last`, asc(creditLedger.createdAt), asc(creditLedger.id));
  return rows.map((r) => ({ ...r, remaining: Number(r.remaining) }));
}

export async function creditBalance(db: DbOrTx, userId: string, at: Date = new Date()): Promise<CreditBalance> {
  const lots = await listOpenLots(db, userId, at);
  const expiring = lots.filter((lot) => lot.expiresAt !== null);
  return { credits: lots.reduce((sum, lot) => sum + lot.remaining, 0), creditsExpireAt: expiring[0]?.expiresAt ?? null };
}

/** Takes the user's row lock until the transaction ends: every writer that takes credits does this first. */
export async function lockCreditAccount(tx: Tx, userId: string): Promise<void> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (rows.length === 0) throw notFound('The account');
}

export interface CreditEntryInput {
  userId: string;
  reason: string;
  /** Unique across the ledger: a second write with the same key changes nothing. */
  idempotencyKey: string;
  createdBy?: string | null;
  subscriptionId?: string | null;
  checkoutSessionId?: string | null;
}

/**
 * Adds a lot. Returns its id, or null when an entry with this idempotency key exists already (the
 * credits were added before: a replayed webhook, a retried request).
 */
export async function addCredits(
  db: DbOrTx,
  entry: CreditEntryInput & { kind: 'grant' | 'refill' | 'adjust'; amount: number; expiresAt: Date | null },
): Promise<string | null> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0) throw new Error(`addCredits needs a positive whole amount, got ${entry.amount}`);
  const rows = await db
    .insert(creditLedger)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      amount: entry.amount,
      reason: entry.reason,
      idempotencyKey: entry.idempotencyKey,
      expiresAt: entry.expiresAt,
      createdBy: entry.createdBy ?? null,
      subscriptionId: entry.subscriptionId ?? null,
      checkoutSessionId: entry.checkoutSessionId ?? null,
    })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  return rows[0]?.id ?? null;
}

export async function findEntryByKey(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db.select({ id: creditLedger.id, userId: creditLedger.userId, amount: creditLedger.amount }).from(creditLedger).where(eq(creditLedger.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export function insufficientCredits(needed: number, available: number): AppError {
  return new AppError(
    'INSUFFICIENT_CREDITS',
    `This costs ${needed} ${needed === 1 ? 'credit' : 'credits'} and you have ${available}. Subscribe or buy a refill to get it.`,
  );
}

/**
 * Takes `amount` credits from the open lots, soonest-expiring first, as one entry. The caller must
 * hold lockCreditAccount in this transaction. Throws INSUFFICIENT_CREDITS, writing nothing, when the
 * open lots hold less. Returns the entry's id.
 */
export async function takeCredits(tx: Tx, entry: CreditEntryInput & { kind: 'spend' | 'adjust'; amount: number }): Promise<string> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0) throw new Error(`takeCredits needs a positive whole amount, got ${entry.amount}`);
  const lots = await listOpenLots(tx, entry.userId);
  const available = lots.reduce((sum, lot) => sum + lot.remaining, 0);
  if (available < entry.amount) throw insufficientCredits(entry.amount, available);
  const [row] = await tx
    .insert(creditLedger)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      amount: -entry.amount,
      reason: entry.reason,
      idempotencyKey: entry.idempotencyKey,
      createdBy: entry.createdBy ?? null,
      subscriptionId: entry.subscriptionId ?? null,
      checkoutSessionId: entry.checkoutSessionId ?? null,
    })
    .returning({ id: creditLedger.id });
  const draws: (typeof creditLotDraws.$inferInsert)[] = [];
  let left = entry.amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    draws.push({ entryId: row!.id, lotId: lot.id, amount: take });
    left -= take;
  }
  await tx.insert(creditLotDraws).values(draws);
  return row!.id;
}

/**
 * Writes an expiry entry for every lot of this user whose expiry has passed with credits left, each
 * drawing exactly what was left of its lot. Idempotent per lot (key `expire:<lot id>`).
 */
export async function expireLots(tx: Tx, userId: string, at: Date): Promise<number> {
  const due = await tx
    .select({ id: creditLedger.id, remaining: remainingSql, expiresAt: creditLedger.expiresAt })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), gt(creditLedger.amount, 0), lte(creditLedger.expiresAt, at), sql`${remainingSql} > 0`));
  let expired = 0;
  for (const lot of due) {
    const remaining = Number(lot.remaining);
    const [row] = await tx
      .insert(creditLedger)
      .values({ userId, kind: 'expire', amount: -remaining, reason: `Credits expired on ${lot.expiresAt!.toISOString().slice(0, 10)}`, idempotencyKey: `expire:${lot.id}` })
      .onConflictDoNothing({ target: creditLedger.idempotencyKey })
      .returning({ id: creditLedger.id });
    if (!row) continue;
    await tx.insert(creditLotDraws).values({ entryId: row.id, lotId: lot.id, amount: remaining });
    expired += remaining;
  }
  return expired;
}

/** Users holding at least one lot that has expired with credits left: the expiry sweep's work list. */
export async function listUsersWithExpiredLots(db: DbOrTx, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: creditLedger.userId })
    .from(creditLedger)
    .where(and(gt(creditLedger.amount, 0), lte(creditLedger.expiresAt, at), sql`${remainingSql} > 0`))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/**
 * Takes back what is left of one lot (a refunded or disputed payment's credits), as one `adjust` entry
 * drawing only from that lot. What was already spent stays spent. The caller must hold
 * lockCreditAccount. Returns the credits taken (0 when nothing was left or the key was used).
 */
export async function takeBackLot(tx: Tx, entry: Omit<CreditEntryInput, 'userId'> & { userId: string; lotId: string }): Promise<number> {
  const [lot] = await tx
    .select({ remaining: remainingSql, expiresAt: creditLedger.expiresAt })
    .from(creditLedger)
    .where(and(eq(creditLedger.id, entry.lotId), eq(creditLedger.userId, entry.userId), gt(creditLedger.amount, 0)));
  const remaining = Number(lot?.remaining ?? 0);
  if (!lot || remaining <= 0 || (lot.expiresAt !== null && lot.expiresAt <= new Date())) return 0;
  const [row] = await tx
    .insert(creditLedger)
    .values({ userId: entry.userId, kind: 'adjust', amount: -remaining, reason: entry.reason, idempotencyKey: entry.idempotencyKey, createdBy: entry.createdBy ?? null, subscriptionId: entry.subscriptionId ?? null, checkoutSessionId: entry.checkoutSessionId ?? null })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  if (!row) return 0;
  await tx.insert(creditLotDraws).values({ entryId: row.id, lotId: entry.lotId, amount: remaining });
  return remaining;
}

/** The latest expiry among the user's open plan-grant lots (refills expire with them, decision 0023). */
export async function latestGrantExpiry(db: DbOrTx, userId: string, at: Date = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sql<Date | null>`max(${creditLedger.expiresAt})` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'grant'), gt(creditLedger.expiresAt, at)));
  return row?.expiresAt ? new Date(row.expiresAt) : null;
}

/** Open lots expiring within [from, to) with credits left: the "credits expire in 7 days" notice. */
export async function listLotsExpiringBetween(db: DbOrTx, from: Date, to: Date): Promise<{ userId: string; remaining: number; expiresAt: Date }[]> {
  const rows = await db
    .select({ userId: creditLedger.userId, remaining: remainingSql, expiresAt: creditLedger.expiresAt })
    .from(creditLedger)
    .where(and(gt(creditLedger.amount, 0), gt(creditLedger.expiresAt, from), lte(creditLedger.expiresAt, to), sql`${remainingSql} > 0`));
  return rows.map((r) => ({ userId: r.userId, remaining: Number(r.remaining), expiresAt: r.expiresAt! }));
}
