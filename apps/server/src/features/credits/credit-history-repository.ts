import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/index.ts';

export interface CreditHistoryRow {
  id: string;
  kind: (typeof creditLedger.kind.enumValues)[number];
  amount: number;
  reason: string;
  createdAt: Date;
  expiresAt: Date | null;
  /** Lots only: credits not yet drawn. */
  remaining: number | null;
}

/** One user's ledger, newest first, keyset-paged on (created_at, id). */
export async function listCreditHistory(db: DbOrTx, userId: string, opts: { limit: number; after: { value: string; id: string } | null }): Promise<CreditHistoryRow[]> {
  const conditions = [eq(creditLedger.userId, userId)];
  if (opts.after) conditions.push(sql`(${creditLedger.createdAt}, ${creditLedger.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  const rows = await db
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      amount: creditLedger.amount,
      reason: creditLedger.reason,
      createdAt: creditLedger.createdAt,
      expiresAt: creditLedger.expiresAt,
      remaining: sql<number | null>`case when credit_ledger.amount > 0 then credit_ledger.amount - coalesce((select sum(d.amount) from credit_lot_draws d where d.lot_id = credit_ledger.id), 0) end::int`,
    })
    .from(creditLedger)
    .where(and(...conditions))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(opts.limit + 1);
  return rows.map((r) => ({ ...r, remaining: r.remaining === null ? null : Number(r.remaining) }));
}
