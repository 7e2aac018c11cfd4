import { describe, expect, test } from 'vitest';
import { FBC_PATTERN } from '@crate/contract/attribution';
import { FBP_PATTERN } from '@crate/contract/attribution';
import { attributionCookieAssignment, buildFbc, buildFbp, FBC_MAX_AGE_SECONDS, fbclidOf, isValidFbclid, nextFbc, readCookie } from './fbc-cookie.ts';

describe('_fbc value (docs/product-overview.md §9)', () => {
  test('fb.1.{ms timestamp}.{fbclid}, which the server accepts', () => {
    const value = buildFbc('IwAR2xyz_-.9', 1_700_000_000_123);
    expect(value).toBe('fb.1.1700000000123.IwAR2xyz_-.9');
    expect(FBC_PATTERN.test(value)).toBe(true);
    expect(fbclidOf(value)).toBe('IwAR2xyz_-.9');
    expect(fbclidOf('fb.1.12.abc')).toBeNull();
    expect(fbclidOf('nonsense')).toBeNull();
  });
  test('only plausible click ids are taken', () => {
    expect(isValidFbclid('IwAR2xyz')).toBe(true);
    expect(isValidFbclid('')).toBe(false);
    expect(isValidFbclid('a b')).toBe(false);
    expect(isValidFbclid('<script>')).toBe(false);
    expect(isValidFbclid(null)).toBe(false);
  });
  test('the same click id keeps its first timestamp; a new one replaces it', () => {
    const first = buildFbc('abc', 1_000_000_000_000);
    expect(nextFbc(null, 'abc', 1_000_000_000_000)).toBe(first);
    expect(nextFbc(first, 'abc', 1_999_999_999_999)).toBeNull();
    expect(nextFbc(first, 'def', 1_999_999_999_999)).toBe('fb.1.1999999999999.def');
    expect(nextFbc(first, null, 1)).toBeNull();
  });
  test('lives 90 days on the whole site', () => {
    expect(FBC_MAX_AGE_SECONDS).toBe(7_776_000);
    expect(attributionCookieAssignment('_fbc', 'fb.1.1.a', false)).toBe('_fbc=fb.1.1.a; Max-Age=7776000; Path=/; SameSite=Lax');
    expect(attributionCookieAssignment('_fbp', 'fb.1.1.2', true)).toBe('_fbp=fb.1.1.2; Max-Age=7776000; Path=/; SameSite=Lax; Secure');
  });
  test('_fbp is fb.1.{ms timestamp}.{ten-digit random number}, which the server accepts', () => {
    expect(buildFbp(1_700_000_000_123, 0)).toBe('fb.1.1700000000123.1000000000');
    expect(buildFbp(1_700_000_000_123, 0.999_999_999_99)).toBe('fb.1.1700000000123.9999999999');
    expect(FBP_PATTERN.test(buildFbp(1_700_000_000_123, 0.5))).toBe(true);
  });
  test('reads one cookie out of document.cookie', () => {
    expect(readCookie('a=1; _fbc=fb.1.2.x; b=2', '_fbc')).toBe('fb.1.2.x');
    expect(readCookie('a_fbc=1', '_fbc')).toBeNull();
    expect(readCookie('', '_fbc')).toBeNull();
  });
});
