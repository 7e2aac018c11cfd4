import { describe, expect, it } from 'vitest';
import { collectionMoneyPrice, collectionPrice } from './collection-price.ts';

describe('the rest of a pack is priced pro rata (decision 0033)', () => {
  it('a 17-credit pack of sounds worth 21, after getting a 2-credit sound, costs 15 more', () => {
    expect(collectionPrice(17, 21, 21)).toBe(17);
    expect(collectionPrice(17, 21, 19)).toBe(15);
  });

  it('never charges more than the missing sounds on their own, nor nothing while a paid one is missing', () => {
    expect(collectionPrice(17, 21, 1)).toBe(1);
    expect(collectionPrice(5, 100, 1)).toBe(1);
    expect(collectionPrice(17, 21, 0)).toBe(0);
    // A pack priced above its sounds: each sound at its own price.
    expect(collectionPrice(30, 21, 19)).toBe(19);
  });

  it('no pack price: the missing sounds at their own prices; a free pack stays free', () => {
    expect(collectionPrice(null, 21, 19)).toBe(19);
    expect(collectionPrice(0, 21, 19)).toBe(0);
  });

  it('what is charged piece by piece never falls short of the pack price by more than rounding', () => {
    for (let owned = 0; owned <= 21; owned++) expect(owned + collectionPrice(17, 21, 21 - owned)).toBeGreaterThanOrEqual(17);
  });
});

describe('a pack bought for money charges its money price by the same rule (decision 0047)', () => {
  it('the whole price with nothing owned, the rest pro rata by the sounds’ credit prices', () => {
    expect(collectionMoneyPrice(2499, 21, 21)).toBe(2499);
    // $24.99 × 19 / 21 = $22.61; $10.00 × 1 / 3 = $3.33; $10.01 × 1 / 2 = $5.005, half up to $5.01.
    expect(collectionMoneyPrice(2499, 21, 19)).toBe(2261);
    expect(collectionMoneyPrice(1000, 3, 1)).toBe(333);
    expect(collectionMoneyPrice(1001, 2, 1)).toBe(501);
  });

  it('nothing when nothing paid is missing; never 0 while something paid is', () => {
    expect(collectionMoneyPrice(2499, 21, 0)).toBe(0);
    expect(collectionMoneyPrice(1, 1000, 1)).toBe(1);
    expect(collectionMoneyPrice(0, 21, 21)).toBe(0);
  });
});
