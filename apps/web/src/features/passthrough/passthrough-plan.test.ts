import { describe, expect, test } from 'vitest';
import { passthroughPlan } from './passthrough-plan.ts';

const fbc = 'fb.1.1700000000000.abc';

describe('/metapassthrough', () => {
  test('fires the event named by event_type, then goes to the redirect', () => {
    expect(passthroughPlan('?redirect=%2Fpack%2F7%3Fx%3D1&event_type=ViewContent', fbc, 'a@b.co')).toEqual({
      to: '/pack/7?x=1',
      call: { name: 'trackViewContent', payload: { fbc, route: '/pack/7', email: 'a@b.co' } },
    });
    expect(passthroughPlan('?redirect=/faq&event_type=PageView', fbc, null).call?.name).toBe('trackPageView');
  });
  test('the JSON payload may name the tracked route', () => {
    expect(passthroughPlan('?redirect=/&event_type=PageView&payload=%7B%22route%22%3A%22%2Fbundle%2F3%22%7D', fbc, null).call?.payload.route).toBe('/bundle/3');
    expect(passthroughPlan('?redirect=/&event_type=PageView&payload=not-json', fbc, null).call?.payload.route).toBe('/');
  });
  test('no _fbc cookie, or an unknown event: no call, still redirected', () => {
    expect(passthroughPlan('?redirect=/faq&event_type=PageView', null, null)).toEqual({ to: '/faq', call: null });
    expect(passthroughPlan('?redirect=/faq&event_type=Purchase', fbc, null)).toEqual({ to: '/faq', call: null });
  });
  test('never leaves the site', () => {
    expect(passthroughPlan('?redirect=//evil.com&event_type=PageView', fbc, null).to).toBe('/');
    expect(passthroughPlan('?redirect=https://evil.com', fbc, null).to).toBe('/');
    expect(passthroughPlan('', fbc, null).to).toBe('/');
  });
});
