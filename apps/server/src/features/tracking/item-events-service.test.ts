import { describe, expect, it } from 'vitest';
import { listenerKey, shareCredits } from './item-events-service.ts';

describe("a get's credits shared over the items it gave", () => {
  it('follows each item’s own price and adds up to exactly what was charged', () => {
    expect(shareCredits(6, [2, 2, 2])).toEqual([2, 2, 2]);
    // A pack capped at 10 credits whose sounds would cost 4 + 4 + 4: remainders go to the largest fractions, then the first.
    expect(shareCredits(10, [4, 4, 4])).toEqual([4, 3, 3]);
    expect(shareCredits(5, [1, 3, 0])).toEqual([1, 4, 0]);
    for (const [charged, prices] of [[7, [3, 5, 1, 1]], [1, [2, 2, 2, 2]], [13, [5, 0, 9]]] as const) {
      expect(shareCredits(charged, prices).reduce((a, b) => a + b, 0)).toBe(charged);
    }
  });

  it('gives nothing when nothing was charged or nothing had a price', () => {
    expect(shareCredits(0, [2, 3])).toEqual([0, 0]);
    expect(shareCredits(4, [0, 0])).toEqual([0, 0]);
  });
});

describe('who is listening', () => {
  const viewer = { userId: 'u1', email: 'a@b.c', roles: [], creatorId: null, collaboratorOf: [] } as unknown as Parameters<typeof listenerKey>[0];
  it('is the account when signed in, else a hash of address and browser that holds neither', () => {
    expect(listenerKey(viewer, '10.0.0.1', 'Firefox')).toBe('u:u1');
    const visitor = listenerKey(null, '10.0.0.1', 'Firefox');
    expect(visitor).toMatch(/^a:[\w-]{32}$/);
    expect(visitor).not.toContain('10.0.0.1');
    expect(listenerKey(null, '10.0.0.1', 'Firefox')).toBe(visitor);
    expect(listenerKey(null, '10.0.0.2', 'Firefox')).not.toBe(visitor);
    expect(listenerKey(null, '10.0.0.1', 'Chrome')).not.toBe(visitor);
  });
});
