import type { CommissionStatus } from '@crate/contract/affiliates';
import type { MonthlyPayoutStatus } from '@crate/contract/payout-enums';
import type { ReceiptStatus } from '@crate/contract/commerce-enums';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An e-mail as the self-referral rule compares it: lower-case, a `+tag` removed, and for Gmail the dots of the local
 * part removed and googlemail.com read as gmail.com (both reach the same inbox).
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * How a commission reads (decision 0059): reversed when the payment behind it was refunded or disputed; paid when its
 * month is at or before the latest month whose affiliate payout line was paid (a carried line's money flows into the
 * next paid one); payable once its month is approved; else pending.
 */
export function commissionStatus(input: { month: string; receiptStatus: ReceiptStatus; monthStatus: MonthlyPayoutStatus | null; latestPaidMonth: string | null }): CommissionStatus {
  if (input.receiptStatus !== 'paid') return 'reversed';
  if (input.latestPaidMonth !== null && input.month <= input.latestPaidMonth) return 'paid';
  if (input.monthStatus !== null && input.monthStatus !== 'draft') return 'payable';
  return 'pending';
}

/** The base of a first code made from a name: lower-case letters and digits joined by dashes, 3–24 characters. */
export function codeBaseFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/@.*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : `crate-${slug || 'friend'}`.replace(/-+$/, '');
}
