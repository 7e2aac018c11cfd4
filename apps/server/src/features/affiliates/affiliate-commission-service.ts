/**
 * Commissions (decision 0056): a referred user's payment earns their affiliate `commission_bps` of what Crate keeps
 * of it (net of its own automatic refunds), while the referral is active and the payment falls in the
 * `commission_months` after their first one. Accrued by the fulfilment that records the payment, in its
 * transaction and keyed by the payment, so a replayed webhook adds nothing. Refunds and disputes reverse it through
 * the payment's status (payouts read it; an approved month takes it back as a negative adjustment).
 */
import { WHOLE_BPS } from '@crate/contract/payout-enums';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import * as repo from './affiliate-commission-repository.ts';

export interface PaidReceipt {
  id: string;
  userId: string;
  amount: number;
  currency: string;
  cardFingerprint: string | null;
  createdAt: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-01`;

/** `months` calendar months after `at` (the 31st into a shorter month lands on its last day). */
export function addMonths(at: Date, months: number): Date {
  const day = at.getUTCDate();
  const moved = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
  const last = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, last));
  return moved;
}

/** The commission on `netCents` at `bps`, rounded down (never an invented cent). */
export const commissionOf = (netCents: number, bps: number): number => Number((BigInt(Math.max(0, netCents)) * BigInt(bps)) / BigInt(WHOLE_BPS));

/**
 * Accrues the commission a paid receipt earns, if any. `netCents` is what the payment keeps after the refunds Crate
 * decided while fulfilling it. Returns the commission in cents (0: none).
 */
export async function accrueCommission(tx: Tx, receipt: PaidReceipt, netCents: number): Promise<number> {
  const found = await repo.findReferralOf(tx, receipt.userId);
  if (!found || found.referral.status !== 'active') return 0;
  const { referral } = found;
  // The affiliate's own card on a referred account: the affiliate referred themselves. Refused from here on.
  if (receipt.cardFingerprint && (await repo.affiliateUsedCard(tx, referral.affiliateUserId, receipt.cardFingerprint))) {
    await repo.refuseReferral(tx, referral.id, 'same_card');
    await recordAudit(tx, { actorUserId: null, action: 'affiliate.referral_refused', targetType: 'affiliate_referral', targetId: referral.id, details: { reason: 'same_card', receipt_id: receipt.id } });
    return 0;
  }
  let until = referral.commissionUntil;
  if (!referral.convertedAt) {
    until = addMonths(receipt.createdAt, found.commissionMonths);
    await repo.markConverted(tx, referral.id, receipt.createdAt, until);
  }
  if (!until || receipt.createdAt.getTime() >= until.getTime()) return 0;
  const amountCents = commissionOf(netCents, found.commissionBps);
  if (amountCents <= 0) return 0;
  const inserted = await repo.insertCommission(tx, {
    affiliateUserId: referral.affiliateUserId,
    referralId: referral.id,
    receiptId: receipt.id,
    month: monthOf(receipt.createdAt),
    bps: found.commissionBps,
    amountCents,
    currency: receipt.currency,
  });
  return inserted ? amountCents : 0;
}

/** Whether fulfilling this user's payment should ask the provider for the card's fingerprint. */
export async function wantsCardFingerprint(db: DbOrTx, userId: string | null): Promise<boolean> {
  return userId !== null && (await repo.paysWithCardThatMatters(db, userId));
}
