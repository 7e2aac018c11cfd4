import { proRata } from '../../money/pro-rata.ts';

/**
 * What an upgrade charges (decision 0073), by Stripe's arithmetic for `billing_cycle_anchor: now` with
 * `proration_behavior: always_invoice`: the new plan's full price for a new period starting now, less the
 * unused part of the period paid for (what it cost × the seconds left / the period's seconds, rounded half
 * up), less any credit the account carries. Credit beyond what is due is carried to the next payments, as
 * Stripe keeps it on the customer's balance. The sandbox charges this; Stripe mode shows Stripe's own preview.
 */
export interface UpgradeCharge {
  /** The new plan's price for its first period. */
  fullPrice: number;
  /** The unused part of the current period, credited. */
  unusedCredit: number;
  /** Charged now. */
  amountDue: number;
  /** Credit left over after this charge, taken off the next payments. */
  carriedCredit: number;
}

/** A price less the credit held against it: what is charged, and the credit left over for later. */
export function chargeAfterCredit(price: number, credit: number): { amountDue: number; carriedCredit: number } {
  return { amountDue: Math.max(0, price - credit), carriedCredit: Math.max(0, credit - price) };
}

export function upgradeCharge(input: { paidForPeriod: number; periodStart: Date; periodEnd: Date; at: Date; newPrice: number; balance: number }): UpgradeCharge {
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const whole = seconds(input.periodEnd) - seconds(input.periodStart);
  const left = Math.min(whole, Math.max(0, seconds(input.periodEnd) - seconds(input.at)));
  const unusedCredit = whole > 0 ? proRata(input.paidForPeriod, left, whole) : 0;
  return { fullPrice: input.newPrice, unusedCredit, ...chargeAfterCredit(input.newPrice, unusedCredit + input.balance) };
}
