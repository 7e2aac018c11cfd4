import { describe, expect, test } from 'vitest';
import { passthroughPlan } from './passthrough-plan.ts';

const fbp = 'fb.1.1700000000000.1234567890';
const fbc = 'fb.1.1700000000000.abc';
const consented = { fbp, fbc };
const eventId = '6f1c2a9e-5b7d-4c3e-9a1f-2b3c4d5e6f70';
const withPayload = (payload: string) => `?redirect=%2Fpack%2F7&event_type=ViewContent&payload=${encodeURIComponent(payload)}`;

describe('/metapassthrough', () => {
  test('fires the event named by event_type with an event id and the consent cookies, then goes to the redirect', () => {
    expect(passthroughPlan('?redirect=%2Fpack%2F7%3Fx%3D1&event_type=ViewContent', consented, 'a@b.co', eventId)).toEqual({
      to: '/pack/7?x=1',
      call: { name: 'trackViewContent', payload: { event_id: eventId, fbp, fbc, route: '/pack/7', email: 'a@b.co' } },
    });
    expect(passthroughPlan('?redirect=/faq&event_type=PageView', { fbp, fbc: null }, null).call?.name).toBe('trackPageView');
  });
  test('the JSON payload may name the tracked route', () => {
    expect(passthroughPlan('?redirect=/&event_type=PageView&payload=%7B%22route%22%3A%22%2Fbundle%2F3%22%7D', consented, null).call?.payload.route).toBe('/bundle/3');
    expect(passthroughPlan('?redirect=/&event_type=PageView&payload=not-json', consented, null).call?.payload.route).toBe('/');
  });
  test('the JSON payload may carry the event custom data, which rides with the event', () => {
    const customData = { content_ids: ['pack-7'], content_type: 'product', value: 19.99, currency: 'EUR' };
    const plan = passthroughPlan(withPayload(JSON.stringify({ route: '/pack/7', custom_data: customData })), consented, null, eventId);
    expect(plan).toEqual({ to: '/pack/7', call: { name: 'trackViewContent', payload: { event_id: eventId, fbp, fbc, route: '/pack/7', custom_data: customData } } });
  });
  test('custom data that does not fit the schema is dropped; the event and the route stay', () => {
    for (const bad of [{ value: -1 }, { currency: 'eur' }, { content_ids: [] }, { content_type: 'service' }, { value: 5, secret: 'x' }, 'text', [1]]) {
      const plan = passthroughPlan(withPayload(JSON.stringify({ route: '/bundle/3', custom_data: bad })), consented, null, eventId);
      expect(plan).toEqual({ to: '/pack/7', call: { name: 'trackViewContent', payload: { event_id: eventId, fbp, fbc, route: '/bundle/3' } } });
    }
  });
  test('a payload that is not a JSON object, or is oversized, is ignored whole', () => {
    for (const bad of ['[1,2]', 'null', '"x"', JSON.stringify({ route: '/x', custom_data: { content_ids: ['a'.repeat(100)] }, pad: 'y'.repeat(5000) })]) {
      expect(passthroughPlan(withPayload(bad), consented, null, eventId).call?.payload).toEqual({ event_id: eventId, fbp, fbc, route: '/pack/7' });
    }
  });
  test('no consent cookie, or an unknown event: no call, still redirected', () => {
    expect(passthroughPlan('?redirect=/faq&event_type=PageView', { fbp: null, fbc: null }, null)).toEqual({ to: '/faq', call: null });
    expect(passthroughPlan('?redirect=/faq&event_type=Purchase', consented, null)).toEqual({ to: '/faq', call: null });
  });
  test('never leaves the site, whatever the payload says', () => {
    expect(passthroughPlan('?redirect=//evil.com&event_type=PageView', consented, null).to).toBe('/');
    expect(passthroughPlan('?redirect=https://evil.com', consented, null).to).toBe('/');
    expect(passthroughPlan('', consented, null).to).toBe('/');
    const offsite = passthroughPlan(`?redirect=%2F%2Fevil.com&event_type=PageView&payload=${encodeURIComponent('{"route":"//evil.com"}')}`, consented, null);
    expect(offsite.to).toBe('/');
    expect(offsite.call?.payload.route).toBe('/');
  });
});
