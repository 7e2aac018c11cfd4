import { describe, expect, it } from 'vitest';
import { upgradeCharge } from './plan-proration.ts';

const start = new Date('2026-11-01T00:00:00Z');
const end = new Date('2026-12-01T00:00:00Z');

describe('upgradeCharge', () => {
  it('credits the unused half of a 30-day month against the new full price', () => {
    expect(upgradeCharge({ paidForPeriod: 999, periodStart: start, periodEnd: end, at: new Date('2026-11-16T00:00:00Z'), newPrice: 1999, balance: 0 })).toEqual({
      fullPrice: 1999,
      unusedCredit: 500, // 999 × 15/30 = 499.5, rounded half up
      amountDue: 1499,
      carriedCredit: 0,
    });
  });

  it('credits the whole price at the start of the period and nothing at its end', () => {
    expect(upgradeCharge({ paidForPeriod: 999, periodStart: start, periodEnd: end, at: start, newPrice: 1999, balance: 0 }).amountDue).toBe(1000);
    expect(upgradeCharge({ paidForPeriod: 999, periodStart: start, periodEnd: end, at: end, newPrice: 1999, balance: 0 }).amountDue).toBe(1999);
    expect(upgradeCharge({ paidForPeriod: 999, periodStart: start, periodEnd: end, at: new Date('2027-01-01T00:00:00Z'), newPrice: 1999, balance: 0 }).unusedCredit).toBe(0);
  });

  it('carries credit beyond the new price to the next payments, and uses credit carried before', () => {
    const yearStart = new Date('2026-01-01T00:00:00Z');
    const yearEnd = new Date('2027-01-01T00:00:00Z');
    const charge = upgradeCharge({ paidForPeriod: 19_900, periodStart: yearStart, periodEnd: yearEnd, at: new Date('2026-07-02T12:00:00Z'), newPrice: 3999, balance: 0 });
    expect(charge.amountDue).toBe(0);
    expect(charge.unusedCredit).toBe(9950); // 182.5 of 365 days left
    expect(charge.carriedCredit).toBe(9950 - 3999);
    expect(upgradeCharge({ paidForPeriod: 999, periodStart: start, periodEnd: end, at: end, newPrice: 1999, balance: 300 })).toMatchObject({ amountDue: 1699, carriedCredit: 0 });
  });
});
