import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { PACK_STATUS } from '@crate/contract/pack-status';
import sharp from 'sharp';
import { LICENCE_TERMS_VERSION } from '@crate/contract/commerce';
import { recordOwnership } from '../src/features/ownership/acquisition-repository.ts';
import { call, freshAddress } from './auth-helpers.ts';
import { deliverInProcess, seedPaymentCatalogue, subscribe } from './payment-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { datesOf, HOSTILE_DATES, hostileRanges } from './date-fields.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Every loop bounded by its input: date ranges (issue 26, finding 1; docs/decisions/0035). A creator once
 * asked for a pack's analytics of 9999-12-01 to 9999-12-31: the day after 9999-12-31 is '+010000-01-01',
 * which sorts before '9999-12-31' as text, so the walk over the range never ended and the process died
 * of heap exhaustion; year 0 answered 500. Here every endpoint of the API table that takes a date is
 * called, on a real object by a caller it admits, with a far-future, a year-0, a reversed and an over-long
 * value: each answers 400 naming the field within a second, and the server stays healthy.
 */
const ENDPOINTS = Object.entries(API as Record<string, Endpoint>);
const DATE_TAKING = ENDPOINTS.filter(([, endpoint]) => {
  const { fields, ranges } = datesOf(endpoint);
  return fields.length + ranges.length > 0;
}).map(([name]) => name);

interface Fixture {
  owner: TestUser;
  /** A subscriber on Starter who owns a Dynamic Splits loop of the owner's pack. */
  producer: TestUser;
  loop: { id: string };
  admin: TestUser;
  pack: { id: string };
  draftPack: { id: string };
  item: { slug: string };
  /** An uploaded banner image, and a banner as last read (its id and updated_at). */
  bannerImageId: string;
  banner: { id: string; updated_at: string };
}
/** A request the endpoint answers 2xx: its date fields are then made hostile one at a time. */
interface ValidRequest {
  as: TestUser;
  url: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

const range = { from: '2026-01-01', to: '2026-03-31' };
/** A valid request for every endpoint that takes a date. An endpoint that takes one and is missing here fails the first test. */
const VALID: Record<string, (f: Fixture) => ValidRequest> = {
  getItemAnalytics: (f) => ({ as: f.owner, url: `/api/analytics/items/${f.item.slug}`, query: range }),
  exportItemAnalytics: (f) => ({ as: f.owner, url: `/api/analytics/items/${f.item.slug}/export.csv`, query: range }),
  getPackAnalytics: (f) => ({ as: f.owner, url: `/api/analytics/packs/${f.pack.id}`, query: range }),
  exportPackAnalytics: (f) => ({ as: f.owner, url: `/api/analytics/packs/${f.pack.id}/export.csv`, query: range }),
  adjustCredits: (f) => ({ as: f.admin, url: `/api/admin/users/${f.owner.id}/credits`, body: { amount: 5, reason: 'Thanks for the report', idempotency_key: randomUUID() } }),
  updateItem: (f) => ({ as: f.owner, url: `/api/studio/items/${f.item.slug}`, body: { name: 'Night Kick' } }),
  updateStudioPack: (f) => ({ as: f.owner, url: `/api/studio/packs/${f.draftPack.id}`, body: { title: 'Night Drums' } }),
  createBanner: (f) => ({ as: f.admin, url: '/api/admin/banners', body: bannerBody(f, { starts_at: '2026-12-01T00:00:00.000Z', ends_at: '2026-12-31T00:00:00.000Z' }) }),
  // Hostile dates are refused by the schema, before the banner's version is compared: the version read once serves them all.
  updateMyCreatorProfile: (f) => ({ as: f.owner, url: '/api/creator/profile', body: { name: 'Night Owl', bio: '', location: '', links: [], avatar_file_id: null, banner_file_id: null } }),
  changePlan: (f) => ({ as: f.producer, url: '/api/billing/plan', body: { price: 'price_pro', idempotency_key: randomUUID() } }),
  registerRelease: (f) => ({
    as: f.producer,
    url: '/api/releases',
    body: {
      title: 'Midnight Drive',
      artists: ['Paula Producer'],
      release_date: '2027-01-15',
      label: null,
      isrc: 'GB-XYZ-25-00012',
      upc: null,
      sounds: [{ item_id: f.loop.id, prominence: 'lead' }],
      shares: [
        { user_id: f.producer.id, bps: 5000 },
        { user_id: f.owner.id, bps: 5000 },
      ],
    },
  }),
  updateBanner: (f) => ({ as: f.admin, url: `/api/admin/banners/${f.banner.id}`, body: { ...bannerBody(f, { starts_at: '2026-12-01T00:00:00.000Z', ends_at: null }), expected_updated_at: f.banner.updated_at } }),
};

function bannerBody(f: Fixture, dates: { starts_at: string | null; ends_at: string | null }): Record<string, unknown> {
  return { title: 'Winter drums', subtitle: '', image_file_id: f.bannerImageId, position: 'Top-Left', link_url: null, active: true, ...dates };
}

const withQuery = (url: string, query: Record<string, string>) => `${url}?${new URLSearchParams(query).toString()}`;
/** The valid request with these dates put in its query or body (`replace`: instead of what it held there). */
const withDates = (valid: ValidRequest, where: 'query' | 'body', dates: Record<string, string>, replace = false): ValidRequest =>
  where === 'query' ? { ...valid, query: { ...(replace ? {} : valid.query), ...dates } } : { ...valid, body: { ...(replace ? {} : valid.body), ...dates } };

describe(`every loop bounded by its input: date ranges, on ${TEST_DB}`, () => {
  let t: TestApp;
  let fixture: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx, { roles: ['creator'] });
    const admin = await createUser(t.ctx, { roles: ['admin'] });
    const creator = await createCreator(t.ctx, owner.id);
    const pack = await createPack(t.ctx, creator.id);
    const [item] = await createItems(t.ctx, pack, 1);
    const draftPack = await createPack(t.ctx, creator.id, { status: PACK_STATUS.draft });
    const [loop] = await createItems(t.ctx, pack, 1, { name: 'Warm Keys Loop', kind: 'Loop', licenceType: 'Dynamic Splits' });
    const producer = await createUser(t.ctx, { roles: ['subscriber'], name: 'Paula Producer' });
    await seedPaymentCatalogue(t.ctx);
    deliverInProcess(t);
    await subscribe(t, producer, 'price_starter');
    await recordOwnership(t.ctx.db, {
      userId: producer.id,
      items: [{ id: loop!.id, cost: 1, licenceType: loop!.licenceType, creatorName: creator.name }],
      termsVersion: LICENCE_TERMS_VERSION,
      paid: { source: 'free' },
    });
    const picture = await sharp({ create: { width: 1632, height: 600, channels: 3, background: '#335577' } }).png().toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images?purpose=banner&name=winter.png&crop_x=0&crop_y=0&crop_width=1632&crop_height=600',
      payload: picture,
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'image/png', cookie: admin.cookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const bannerImageId = (uploaded.json() as { id: string }).id;
    const base = { owner, producer, loop: loop!, admin, pack, draftPack, item: item!, bannerImageId, banner: { id: '', updated_at: '' } };
    const created = await call(t, 'POST', '/api/admin/banners', bannerBody(base, { starts_at: null, ends_at: null }), { cookie: admin.cookie });
    expect(created.statusCode, created.body).toBe(201);
    fixture = { ...base, banner: created.json() as { id: string; updated_at: string } };
  });
  afterAll(() => t.close());

  const send = (endpoint: Endpoint, request: ValidRequest): Promise<LightMyRequestResponse> =>
    call(t, endpoint.method, request.query ? withQuery(request.url, request.query) : request.url, request.body, { cookie: request.as.cookie });

  /** Sends the request and expects a 400 naming `field` within a second. */
  const expectRefusedFast = async (label: string, endpoint: Endpoint, request: ValidRequest, field: string) => {
    const started = performance.now();
    const res = await send(endpoint, request);
    const elapsed = performance.now() - started;
    expect({ status: res.statusCode, field: res.json().error?.field }, `${label}: ${res.body.slice(0, 300)}`).toEqual({ status: 400, field });
    expect(elapsed, `${label} took ${Math.round(elapsed)} ms`).toBeLessThan(1000);
  };

  it('knows a valid request for every endpoint that takes a date', () => {
    expect(DATE_TAKING.sort()).toEqual(Object.keys(VALID).sort());
  });

  describe.each(DATE_TAKING)('%s', (name) => {
    const endpoint = (API as Record<string, Endpoint>)[name]!;
    const { fields, ranges } = datesOf(endpoint);

    it('answers a far-future, a year-0, a reversed and an over-long date with 400 within a second, and stays healthy', async () => {
      const valid = VALID[name]!(fixture);
      const ok = await send(endpoint, valid);
      expect(ok.statusCode, `the valid request: ${ok.body.slice(0, 300)}`).toBeLessThan(300);

      for (const field of fields) {
        const key = String(field.path.at(-1));
        for (const { label, value } of HOSTILE_DATES[field.kind]) {
          await expectRefusedFast(`${label} in ${field.where}.${key}`, endpoint, withDates(valid, field.where, { [key]: value }), key);
        }
      }
      for (const dayRange of ranges) {
        for (const { label, from, to } of hostileRanges(dayRange)) {
          await expectRefusedFast(label, endpoint, withDates(valid, dayRange.where, { [dayRange.from]: from, [dayRange.to]: to }), dayRange.from);
        }
        // One end alone is checked on its own too (the other defaults to 30 days from it).
        await expectRefusedFast('a far-future start alone', endpoint, withDates(valid, dayRange.where, { [dayRange.from]: '9999-12-31' }, true), dayRange.from);
        await expectRefusedFast('a year-0 end alone', endpoint, withDates(valid, dayRange.where, { [dayRange.to]: '0000-01-01' }, true), dayRange.to);
      }
      const health = await call(t, 'GET', '/api/health');
      expect(health.statusCode).toBe(200);
    });
  });

  it('still answers the longest range allowed, by day, with every day of it', async () => {
    const res = await call(t, 'GET', withQuery(`/api/analytics/packs/${fixture.pack.id}`, { from: '2096-01-01', to: '2100-12-31' }), undefined, { cookie: fixture.owner.cookie });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().series).toHaveLength(1826);
    const lastDays = await call(t, 'GET', withQuery(`/api/analytics/packs/${fixture.pack.id}`, { from: '2100-12-31' }), undefined, { cookie: fixture.owner.cookie });
    expect(lastDays.json().range).toMatchObject({ from: '2100-12-31', to: '2101-01-29' });
  });
});
