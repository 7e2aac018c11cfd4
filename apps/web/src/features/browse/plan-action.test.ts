import { describe, expect, it } from 'vitest';
import type { Billing } from '@crate/contract/checkout';
import { planAction } from './plan-action.ts';

const price = (id: string, credits: number, interval: 'month' | 'year' = 'month') => ({ id, product_id: `prod_${id}`, currency: 'usd', unit_amount: 100, interval, interval_count: 1, credits });
const plan = (id: string, credits: number, interval: 'month' | 'year' = 'month') => ({ price_id: id, product_id: `prod_${id}`, name: id, interval, unit_amount: 100, currency: 'usd', credits });
const sub = (over: Partial<NonNullable<Billing['subscription']>> = {}): NonNullable<Billing['subscription']> => ({
  id: 's',
  status: 'active',
  plan: plan('starter', 100),
  renews_as: null,
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  cancel_at_period_end: false,
  grace_ends_at: null,
  grants_access: true,
  ...over,
});

describe('planAction', () => {
  it('offers to subscribe without a plan that grants access', () => {
    expect(planAction(price('starter', 100), null).kind).toBe('subscribe');
    expect(planAction(price('starter', 100), sub({ status: 'canceled', grants_access: false })).kind).toBe('subscribe');
  });

  it('marks the plan paid for, upgrades to more credits a month now and switches to fewer at renewal', () => {
    expect(planAction(price('starter', 100), sub())).toEqual({ kind: 'current', label: 'Your current plan' });
    expect(planAction(price('pro', 300), sub()).kind).toBe('upgrade');
    expect(planAction(price('mini', 50), sub()).kind).toBe('downgrade');
    // Yearly prices compare by credits per month: 1,200 a year is 100 a month, not more.
    expect(planAction(price('starter_year', 1200, 'year'), sub()).kind).toBe('downgrade');
    expect(planAction(price('pro_year', 3600, 'year'), sub()).kind).toBe('upgrade');
  });

  it('while a downgrade waits: the new plan starts at renewal, the paid one can be kept', () => {
    const waiting = sub({ plan: plan('pro', 300), renews_as: plan('starter', 100) });
    expect(planAction(price('starter', 100), waiting).kind).toBe('renews');
    expect(planAction(price('pro', 300), waiting)).toEqual({ kind: 'keep', label: 'Keep this plan' });
  });
});
