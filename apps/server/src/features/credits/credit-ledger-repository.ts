import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { creditLedger, creditLotDraws, users } from '../../db/schema/index.ts';

/** The credit ledger's queries (the rules are in credit-ledger-service.ts, docs/decisions/0020). */

export interface OpenLot {
  id: string;
  expiresAt: Date | null;
  remaining: number;
}

export type LedgerEntry = typeof creditLedger.$inferInsert;

// Names the outer table literally: drizzle leaves columns unqualified in single-table selects.
const drawnSql = sql<number>`coalesce((select sum(d.amount) from credit_lot_draws d where d.lot_id = credit_ledger.id), 0)::int`;
const remainingSql = sql<number>`(${creditLedger.amount} - ${drawnSql})::int`;

/** Lots that still hold credits and have not expired, in the order credits are taken from them. */
export async function listOpenLots(db: DbOrTx, userId: string, at: Date = new Date()): Promise<OpenLot[]> {
  const rows = await db
    .select({ id: creditLedger.id, expiresAt: creditLedger.expiresAt, remaining: remainingSql })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), gt(creditLedger.amount, 0), or(isNull(creditLedger.expiresAt), gt(creditLedger.expiresAt, at)), sql`${remainingSql} > 0`))
    // Among lots without a date, those that end with the plan (decision 0074) before those that never end.
    .orderBy(sql`${creditLedger.expiresAt} asc nulls last`, sql`${creditLedger.subscriptionId} is null`, asc(creditLedger.createdAt), asc(creditLedger.id));
  return rows.map((r) => ({ ...r, remaining: Number(r.remaining) }));
}

/** Locks the user's row until the transaction ends; false when there is no such user. */
export async function lockUserRow(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** Inserts an entry; null when an entry with its idempotency key exists already (`ifNew`), else the insert fails on it. */
export async function insertEntry(db: DbOrTx, entry: LedgerEntry, ifNew: boolean): Promise<string | null> {
  const insert = db.insert(creditLedger).values(entry);
  const rows = await (ifNew ? insert.onConflictDoNothing({ target: creditLedger.idempotencyKey }) : insert).returning({ id: creditLedger.id });
  return rows[0]?.id ?? null;
}

export async function insertDraws(tx: Tx, draws: (typeof creditLotDraws.$inferInsert)[]): Promise<void> {
  await tx.insert(creditLotDraws).values(draws);
}

export async function findEntryByKey(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db.select({ id: creditLedger.id, userId: creditLedger.userId, amount: creditLedger.amount }).from(creditLedger).where(eq(creditLedger.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** The user's lots whose expiry is at or before `at` with credits left. */
export async function listExpiredLots(tx: Tx, userId: string, at: Date) {
  const rows = await tx
    .select({ id: creditLedger.id, remaining: remainingSql, expiresAt: creditLedger.expiresAt })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), gt(creditLedger.amount, 0), lte(creditLedger.expiresAt, at), sql`${remainingSql} > 0`));
  return rows.map((r) => ({ id: r.id, remaining: Number(r.remaining), expiresAt: r.expiresAt! }));
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

/** One of the user's lots (a row that added credits) with what is left of it, or null. */
export async function findLot(tx: Tx, userId: string, lotId: string) {
  const [lot] = await tx
    .select({ remaining: remainingSql, expiresAt: creditLedger.expiresAt })
    .from(creditLedger)
    .where(and(eq(creditLedger.id, lotId), eq(creditLedger.userId, userId), gt(creditLedger.amount, 0)));
  return lot ? { remaining: Number(lot.remaining), expiresAt: lot.expiresAt } : null;
}

/** The user's lots that last as long as a plan does (a subscription's, no date of their own) with credits left (decision 0074). */
export async function listOpenPlanLots(tx: Tx, userId: string): Promise<{ id: string; remaining: number }[]> {
  const rows = await tx
    .select({ id: creditLedger.id, remaining: remainingSql })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), gt(creditLedger.amount, 0), isNotNull(creditLedger.subscriptionId), isNull(creditLedger.expiresAt), sql`${remainingSql} > 0`));
  return rows.map((r) => ({ id: r.id, remaining: Number(r.remaining) }));
}

/** Open lots expiring within [from, to) with credits left: the "credits expire in 7 days" notice. */
export async function listLotsExpiringBetween(db: DbOrTx, from: Date, to: Date): Promise<{ userId: string; remaining: number; expiresAt: Date }[]> {
  const rows = await db
    .select({ userId: creditLedger.userId, remaining: remainingSql, expiresAt: creditLedger.expiresAt })
    .from(creditLedger)
    .where(and(gt(creditLedger.amount, 0), gt(creditLedger.expiresAt, from), lte(creditLedger.expiresAt, to), sql`${remainingSql} > 0`));
  return rows.map((r) => ({ userId: r.userId, remaining: Number(r.remaining), expiresAt: r.expiresAt! }));
}
