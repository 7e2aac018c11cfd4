/** The rows commissions are accrued from and into (decision 0056). */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { affiliateCommissions, affiliateReferrals, affiliates, paymentReceipts } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-rows.ts';

export type ReferralRow = typeof affiliateReferrals.$inferSelect;

/** The referral of a user with its affiliate's terms, locked (one payment of theirs at a time converts it). */
export async function findReferralOf(db: DbOrTx, referredUserId: string): Promise<{ referral: ReferralRow; commissionBps: number; commissionMonths: number } | null> {
  const [row] = await db
    .select({ referral: affiliateReferrals, commissionBps: affiliates.commissionBps, commissionMonths: affiliates.commissionMonths })
    .from(affiliateReferrals)
    .innerJoin(affiliates, eq(affiliates.userId, affiliateReferrals.affiliateUserId))
    .where(eq(affiliateReferrals.referredUserId, referredUserId))
    .for('update', { of: affiliateReferrals });
  return row ?? null;
}

/** Whether a user's payments need their card's fingerprint: they were referred (and not refused), or they refer others. */
export async function paysWithCardThatMatters(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ matters: boolean }>(
    await db.execute(sql`
      select exists (select 1 from affiliate_referrals where referred_user_id = ${userId} and status = 'active')
        or exists (select 1 from affiliates where user_id = ${userId}) as matters`),
  );
  return row?.matters === true;
}

/** Whether the affiliate ever paid with this card. */
export async function affiliateUsedCard(db: DbOrTx, affiliateUserId: string, cardFingerprint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentReceipts.id })
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.userId, affiliateUserId), eq(paymentReceipts.cardFingerprint, cardFingerprint)))
    .limit(1);
  return row !== undefined;
}

/** A referral that turned out to be the affiliate themselves: kept with the reason, earns nothing from now on. */
export async function refuseReferral(db: DbOrTx, referralId: string, reason: 'same_card'): Promise<void> {
  await db.update(affiliateReferrals).set({ status: 'refused', refusedReason: reason }).where(eq(affiliateReferrals.id, referralId));
}

export async function markConverted(db: DbOrTx, referralId: string, at: Date, until: Date): Promise<void> {
  await db.update(affiliateReferrals).set({ convertedAt: at, commissionUntil: until }).where(and(eq(affiliateReferrals.id, referralId), sql`${affiliateReferrals.convertedAt} is null`));
}

/** One commission per payment: a replayed fulfilment finds it there and adds nothing. */
export async function insertCommission(db: DbOrTx, row: typeof affiliateCommissions.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(affiliateCommissions).values(row).onConflictDoNothing({ target: affiliateCommissions.receiptId }).returning({ id: affiliateCommissions.id });
  return inserted.length > 0;
}

