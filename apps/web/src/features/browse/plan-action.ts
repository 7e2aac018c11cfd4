import type { Product } from '@crate/contract/catalogue';
import type { Billing } from '@crate/contract/checkout';

type Price = Product['prices'][number];
type Subscription = NonNullable<Billing['subscription']>;

/**
 * What the button of one plan's price does for this visitor (decision 0023): subscribe without an active
 * plan; with one, more credits a month is an upgrade now, fewer a switch at renewal; the plan paid for is
 * the current one, or "keep" while a downgrade waits.
 */
export function planAction(price: Price, sub: Subscription | null): { kind: 'subscribe' | 'current' | 'upgrade' | 'downgrade' | 'renews' | 'keep'; label: string } {
  if (!sub || !sub.grants_access) return { kind: 'subscribe', label: 'Subscribe' };
  if (sub.plan.price_id === price.id) return sub.renews_as ? { kind: 'keep', label: 'Keep this plan' } : { kind: 'current', label: 'Your current plan' };
  if (sub.renews_as?.price_id === price.id) return { kind: 'renews', label: 'Starts at your renewal' };
  const monthly = (p: { credits: number; interval: string | null }) => (p.interval === 'year' ? p.credits / 12 : p.credits);
  return monthly(price) > monthly(sub.plan) ? { kind: 'upgrade', label: 'Upgrade now' } : { kind: 'downgrade', label: 'Switch at renewal' };
}

