import { describe, expect, test } from 'vitest';
import { trackingCalls, type TrackingInput } from './page-tracking.ts';

const fbp = 'fb.1.1700000000000.1234567890';
const fbc = 'fb.1.1700000000000.abc';
const base: TrackingInput = { previousPathname: '/', pathname: '/faq', fbp, fbc: null, email: null, contentTracked: false, excluded: false };

/** Event ids in the order they are asked for. */
const ids = () => {
  let n = 0;
  return () => `00000000-0000-4000-8000-00000000000${++n}`;
};

describe('trackingCalls (docs/product-overview.md §7, docs/decisions/0057)', () => {
  test('a change to a different path of a consenting visitor (_fbp): trackPageView with an event id, fbp and route', () => {
    expect(trackingCalls(base, ids())).toEqual([{ name: 'trackPageView', payload: { event_id: '00000000-0000-4000-8000-000000000001', fbp, route: '/faq' } }]);
  });
  test('_fbc rides along when the visitor came through an ad click', () => {
    expect(trackingCalls({ ...base, fbc }, ids())[0]!.payload).toEqual({ event_id: '00000000-0000-4000-8000-000000000001', fbp, fbc, route: '/faq' });
    expect(trackingCalls({ ...base, fbp: null, fbc }, ids())[0]!.payload).toEqual({ event_id: '00000000-0000-4000-8000-000000000001', fbc, route: '/faq' });
  });
  test('the first page of a visit counts as a change', () => {
    expect(trackingCalls({ ...base, previousPathname: null })).toHaveLength(1);
  });
  test('no consent (neither _fbp nor _fbc): nothing', () => {
    expect(trackingCalls({ ...base, fbp: null, fbc: null })).toEqual([]);
  });
  test('same path (only the query or hash changed): nothing', () => {
    expect(trackingCalls({ ...base, previousPathname: '/faq' })).toEqual([]);
  });
  test('the signed-in user e-mail rides along', () => {
    expect(trackingCalls({ ...base, email: 'ada@example.test' })[0]!.payload.email).toBe('ada@example.test');
  });
  test('content-tracked routes fire trackViewContent as well, as an event of its own', () => {
    const calls = trackingCalls({ ...base, pathname: '/pack/7', contentTracked: true }, ids());
    expect(calls.map((c) => c.name)).toEqual(['trackPageView', 'trackViewContent']);
    expect(calls[1]!.payload).toEqual({ ...calls[0]!.payload, event_id: '00000000-0000-4000-8000-000000000002' });
  });
  test('without a given generator every event gets a fresh UUID', () => {
    const calls = trackingCalls({ ...base, pathname: '/pack/7', contentTracked: true });
    expect(calls[0]!.payload.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]!.payload.event_id).not.toBe(calls[1]!.payload.event_id);
  });
  test('redirect hops are not page views', () => {
    expect(trackingCalls({ ...base, excluded: true })).toEqual([]);
  });
});
