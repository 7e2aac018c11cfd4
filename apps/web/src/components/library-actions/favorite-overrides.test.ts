import { describe, expect, it } from 'vitest';
import { getFavoriteOverride, setFavoriteOverride } from './favorite-overrides.ts';

describe('favorite overrides', () => {
  it('remember the last heart per account, kind and id', () => {
    setFavoriteOverride('u1', 'item', 'a', true);
    setFavoriteOverride('u1', 'item', 'a', false);
    expect(getFavoriteOverride('u1', 'item', 'a')).toBe(false);
    expect(getFavoriteOverride('u1', 'pack', 'a')).toBeUndefined();
  });

  it('never leak one account\'s hearts to the next one signing in on the same page', () => {
    setFavoriteOverride('u1', 'pack', 'p', true);
    expect(getFavoriteOverride('u2', 'pack', 'p')).toBeUndefined();
  });
});
