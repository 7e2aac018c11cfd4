import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { addCredits, takeCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call } from './auth-helpers.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`profile on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (cookie?: string) => call(t, 'GET', '/api/profile', undefined, cookie ? { cookie } : {});
  const patch = (cookie: string, body: unknown) => call(t, 'PATCH', '/api/profile', body, { cookie });

  it('needs a signed-in user', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect((await call(t, 'PATCH', '/api/profile', { zip_code: '12345' })).statusCode).toBe(401);
  });

  it('returns the docs/product-overview.md §3 profile with its defaults for a new account', async () => {
    const user = await createUser(t.ctx, { emailVerified: false });
    const res = await get(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uid: user.id,
      email: user.email,
      // Unconfirmed, and made by the auth library directly: no confirmation link sent yet (decision 0069).
      email_verified: false,
      email_verification_sent_at: null,
      display_name: user.email,
      zip_code: '',
      claims_updated_at: null,
      credits_expire_at: null,
      credits: 0,
      accepted_content_agreement: false,
      email_preferences: { product_updates: true, new_releases: true, creator_news: false },
      roles: [],
      is_admin: false,
      is_sub: false,
      is_collaborator: false,
      is_creator: false,
      is_affiliate: false,
      can_search: false,
    });
  });

  it('derives credits from the ledger and shows their expiry', async () => {
    const user = await createUser(t.ctx, { roles: ['subscriber'] });
    const expires = new Date('2031-05-01T12:00:00.000Z');
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 50, reason: 'plan', idempotencyKey: `grant-${user.id}`, expiresAt: expires });
    await t.ctx.db.transaction((tx) => takeCredits(tx, { userId: user.id, kind: 'spend', amount: 8, reason: 'a sound', idempotencyKey: `spend-${user.id}` }));
    const body = (await get(user.cookie)).json();
    expect(body.credits).toBe(42);
    expect(body.credits_expire_at).toBe(expires.toISOString());
  });

  it.each([
    [['subscriber'], { is_sub: true, can_search: true }],
    [['admin'], { is_admin: true, can_search: true }],
    [['creator'], { is_creator: true, can_search: false }],
    [['collaborator'], { is_collaborator: true, can_search: false }],
    [['affiliate'], { is_affiliate: true, can_search: false }],
    [['creator', 'subscriber'], { is_creator: true, is_sub: true, can_search: true }],
  ] as const)('turns roles %j into flags %j', async (roles, flags) => {
    const user = await createUser(t.ctx, { roles: [...roles] });
    const body = (await get(user.cookie)).json();
    expect(body).toMatchObject({ is_admin: false, is_sub: false, is_collaborator: false, is_creator: false, is_affiliate: false, ...flags });
    expect([...body.roles].sort()).toEqual([...roles].sort());
    expect(body.claims_updated_at).toEqual({ seconds: expect.any(Number), nanoseconds: expect.any(Number) });
  });

  it('updates display name, zip code and e-mail preferences (merged), and an empty name shows the e-mail', async () => {
    const user = await createUser(t.ctx);
    const res = await patch(user.cookie, { display_name: '  Loop Digga ', zip_code: 'SW1A 1AA', email_preferences: { creator_news: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ display_name: 'Loop Digga', zip_code: 'SW1A 1AA', email_preferences: { product_updates: true, new_releases: true, creator_news: true } });
    const second = await patch(user.cookie, { email_preferences: { product_updates: false } });
    expect(second.json().email_preferences).toEqual({ product_updates: false, new_releases: true, creator_news: true });
    expect(second.json().display_name).toBe('Loop Digga');
    const cleared = await patch(user.cookie, { display_name: '', zip_code: '' });
    expect(cleared.json()).toMatchObject({ display_name: user.email, zip_code: '' });
    expect((await get(user.cookie)).json()).toMatchObject({ display_name: user.email, email_preferences: { product_updates: false } });
  });

  it('accepts the content agreement once and never reverses it', async () => {
    const user = await createUser(t.ctx);
    const accepted = await patch(user.cookie, { accepted_content_agreement: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().accepted_content_agreement).toBe(true);
    const [first] = await t.ctx.db.select({ at: users.acceptedContentAgreementAt }).from(users).where(eq(users.id, user.id));

    const reverse = await patch(user.cookie, { accepted_content_agreement: false });
    expect(reverse.statusCode).toBe(400);
    expect(reverse.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'accepted_content_agreement' });
    expect((await patch(user.cookie, { accepted_content_agreement: null })).statusCode).toBe(400);

    expect((await patch(user.cookie, { accepted_content_agreement: true })).json().accepted_content_agreement).toBe(true);
    const [again] = await t.ctx.db.select({ at: users.acceptedContentAgreementAt }).from(users).where(eq(users.id, user.id));
    expect(again?.at?.getTime()).toBe(first?.at?.getTime());
    expect((await get(user.cookie)).json().accepted_content_agreement).toBe(true);
  });

  it.each([
    [{ zip_code: '!!' }, 'zip_code'],
    [{ display_name: 'x'.repeat(61) }, 'display_name'],
    [{ email_preferences: { creator_news: 'yes' } }, 'email_preferences.creator_news'],
    [{ credits: 1000 }, 'credits'],
    [{ is_admin: true }, 'is_admin'],
  ])('rejects %j with 400 naming %s', async (body, field) => {
    const user = await createUser(t.ctx);
    const res = await patch(user.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect((await get(user.cookie)).json()).toMatchObject({ credits: 0, is_admin: false, zip_code: '' });
  });

  it('rejects an unknown e-mail preference', async () => {
    const user = await createUser(t.ctx);
    const res = await patch(user.cookie, { email_preferences: { spam: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('spam');
  });
});
