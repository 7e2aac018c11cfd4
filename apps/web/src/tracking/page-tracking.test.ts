import { describe, expect, test } from 'vitest';
import { trackingCalls, type TrackingInput } from './page-tracking.ts';

const base: TrackingInput = { previousPathname: '/', pathname: '/faq', fbc: 'fb.1.1700000000000.abc', email: null, contentTracked: false, excluded: false };

describe('trackingCalls (docs/product-overview.md §7)', () => {
  test('a change to a different path with _fbc: trackPageView with fbc and route', () => {
    expect(trackingCalls(base)).toEqual([{ name: 'trackPageView', payload: { fbc: base.fbc, route: '/faq' } }]);
  });
  test('the first page of a visit counts as a change', () => {
    expect(trackingCalls({ ...base, previousPathname: null })).toHaveLength(1);
  });
  test('no _fbc cookie: nothing', () => {
    expect(trackingCalls({ ...base, fbc: null })).toEqual([]);
  });
  test('same path (only the query or hash changed): nothing', () => {
    expect(trackingCalls({ ...base, previousPathname: '/faq' })).toEqual([]);
  });
  test('the signed-in user e-mail rides along', () => {
    expect(trackingCalls({ ...base, email: 'ada@example.test' })[0]!.payload.email).toBe('ada@example.test');
  });
  test('content-tracked routes fire trackViewContent as well, with the same payload', () => {
    const calls = trackingCalls({ ...base, pathname: '/pack/7', contentTracked: true });
    expect(calls.map((c) => c.name)).toEqual(['trackPageView', 'trackViewContent']);
    expect(calls[1]!.payload).toEqual(calls[0]!.payload);
  });
  test('redirect hops are not page views', () => {
    expect(trackingCalls({ ...base, excluded: true })).toEqual([]);
  });
});
