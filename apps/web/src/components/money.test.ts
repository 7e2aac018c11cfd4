import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('reads minor units in the currency', () => {
    expect(formatMoney(2499, 'usd')).toMatch(/24\.99/);
    expect(formatMoney(900, 'EUR')).toMatch(/€\s?9(?![.,]\d)/);
  });

  it('knows currencies without minor units', () => {
    expect(formatMoney(1200, 'JPY')).toMatch(/1,?200/);
  });

  it('survives an unknown currency code', () => {
    expect(formatMoney(150, 'XXXX')).toBe('1.50 XXXX');
  });
});
