import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { auditLog, creditLedger, emailVerificationLinks, users } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call, cookieFrom, mailsTo, tokenFromLink } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { seedPaymentCatalogue, startCheckout } from './payment-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const PASSWORD = 'correct-horse-battery';
const HOUR = 60 * 60 * 1000;
const NOT_VERIFIED = { code: 'EMAIL_NOT_VERIFIED', message: 'Confirm your e-mail address first: open the link we e-mailed you, or send a new link.', requestId: expect.any(String) };

/** Every endpoint that needs a confirmed e-mail (docs/decisions/0069), as the contract marks them. */
const GUARDED = Object.entries(API as Record<string, Endpoint>).filter(([, endpoint]) => endpoint.verifiedEmail);

describe(`e-mail verification on ${TEST_DB}`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    clock = new ManualClock(new Date());
    t.ctx.clock = clock;
    admin = await createUser(t.ctx, { roles: ['admin'] });
    await seedPaymentCatalogue(t.ctx);
  });
  afterAll(() => t.close());

  const newEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const profile = async (cookie: string) => (await call(t, 'GET', '/api/profile', undefined, { cookie })).json();
  const verify = (token: unknown, cookie?: string) => call(t, 'POST', '/api/auth/verify-email', { token }, cookie ? { cookie } : {});
  const resend = (cookie: string, address?: string) => call(t, 'POST', '/api/auth/verify-email/resend', undefined, { cookie, ...(address ? { address } : {}) });
  const verifiedInDb = async (email: string) => (await t.ctx.db.select({ v: users.emailVerified }).from(users).where(eq(users.email, email)))[0]!.v;
  /** The token of the newest verification link mailed to the address. */
  const linkToken = async (email: string) => tokenFromLink((await mailsTo(t, email)).filter((m) => m.subject === 'Confirm your e-mail for Crate').at(-1)!, '/verifyemail');

  async function signUp(label = 'new'): Promise<{ id: string; email: string; cookie: string }> {
    const email = newEmail(label);
    const res = await call(t, 'POST', '/api/auth/register', { email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().uid, email, cookie: cookieFrom(res) };
  }

  it('signing up mails a one-time link; following it confirms the address, and the link does not work twice', async () => {
    const user = await signUp();
    const before = await profile(user.cookie);
    expect(before).toMatchObject({ email_verified: false, email_verification_sent_at: clock.now().toISOString() });
    const mails = await mailsTo(t, user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Confirm your e-mail for Crate', 'Welcome to Crate']);
    const mail = mails.find((m) => m.subject === 'Confirm your e-mail for Crate')!;
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/verifyemail\?token=[A-Za-z0-9_-]{43}$/m);
    expect(mail.text).toContain('24 hours');
    const token = tokenFromLink(mail, '/verifyemail');
    // Only the token's hash is kept.
    const stored = await t.ctx.db.select().from(emailVerificationLinks).where(eq(emailVerificationLinks.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Opened from a phone's mail app: no session needed, and none is made.
    const res = await verify(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: user.email, email_verified: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await profile(user.cookie)).toMatchObject({ email_verified: true, email_verification_sent_at: null });
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'account.email_verified')));
    expect(audit).toHaveLength(1);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'VALIDATION_FAILED', field: 'token', message: 'This link is not valid or was already used. If your e-mail is not confirmed yet, send a new link.', requestId: expect.any(String) });
    expect(await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'account.email_verified')))).toHaveLength(1);
  });

  it.each([
    ['a made-up token', 'A'.repeat(43)],
    ['an empty token', ''],
    ['an oversized token', 'x'.repeat(201)],
    ['a number', 42],
  ])('refuses %s and changes nothing', async (_label, token) => {
    const user = await signUp('forged');
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'token' });
    expect(await verifiedInDb(user.email)).toBe(false);
    expect(await t.ctx.db.select().from(emailVerificationLinks).where(eq(emailVerificationLinks.userId, user.id))).toHaveLength(1);
  });

  it('refuses a link after its 24 hours, changes nothing, and a new link works', async () => {
    const user = await signUp('late');
    const old = await linkToken(user.email);
    clock.advance(24 * HOUR + 1000);
    const late = await verify(old);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'token', message: 'This link has expired (links work for 24 hours). Send a new link.' });
    expect(await verifiedInDb(user.email)).toBe(false);
    // Refused, not spent: it says the same the second time.
    expect((await verify(old)).json().error.message).toContain('expired');

    const sent = await resend(user.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ email: user.email, sent_at: clock.now().toISOString() });
    expect((await profile(user.cookie)).email_verification_sent_at).toBe(clock.now().toISOString());
    const fresh = await linkToken(user.email);
    expect(fresh).not.toBe(old);
    expect((await verify(fresh)).statusCode).toBe(200);
    expect(await verifiedInDb(user.email)).toBe(true);
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const user = await signUp('moved');
    const token = await linkToken(user.email);
    await t.ctx.db.update(users).set({ email: newEmail('moved-to') }).where(eq(users.id, user.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This link was sent to an address the account no longer uses. Send a new link to the current one.');
    expect((await t.ctx.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, user.id)))[0]!.v).toBe(false);
  });

  it('"send a new link" goes to the account\'s own address, at most 3 times an hour per user', async () => {
    const user = await signUp('resend');
    for (let i = 0; i < 3; i += 1) expect((await resend(user.cookie)).statusCode).toBe(200);
    // From a fresh address each time: the budget is the user's, not the network's.
    const refused = await resend(user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const links = (await mailsTo(t, user.email)).filter((m) => m.subject === 'Confirm your e-mail for Crate');
    expect(links).toHaveLength(4);
    // Each of them works until one is followed; then the others are gone.
    expect((await verify(tokenFromLink(links[1]!, '/verifyemail'))).statusCode).toBe(200);
    expect((await verify(tokenFromLink(links[3]!, '/verifyemail'))).statusCode).toBe(400);
  });

  it('a confirmed account is told so instead of getting a link; a visitor must sign in', async () => {
    const res = await resend(admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: 'Your e-mail is already confirmed.' });
    expect((await call(t, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(401);
  });

  it('nobody confirms someone else: a link confirms only its own account, whoever opens it, and an admin has no way to', async () => {
    const ana = await signUp('ana');
    const bo = await signUp('bo');
    const boToken = await linkToken(bo.email);
    // Bo's link, opened in Ana's browser, confirms Bo, not Ana.
    expect((await verify(boToken, ana.cookie)).json()).toEqual({ email: bo.email, email_verified: true });
    expect(await verifiedInDb(ana.email)).toBe(false);
    expect(await verifiedInDb(bo.email)).toBe(true);
    // Naming an account is not part of the request.
    const named = await call(t, 'POST', '/api/auth/verify-email', { token: boToken, user_id: ana.id }, { cookie: admin.cookie });
    expect(named.statusCode).toBe(400);
    // Ana's "send a new link" from Bo's session mails Bo nothing new and Ana nothing at all.
    const mailsToAna = (await mailsTo(t, ana.email)).length;
    expect((await resend(bo.cookie)).statusCode).toBe(409);
    expect((await mailsTo(t, ana.email)).length).toBe(mailsToAna);
    // The admin's own resend concerns the admin only.
    expect((await resend(admin.cookie)).statusCode).toBe(409);
    expect(await verifiedInDb(ana.email)).toBe(false);
  });

  describe.each(GUARDED)('%s', (name, endpoint) => {
    const claimsOf = (e: Endpoint) => (e.access.kind === 'claims' ? [e.access.claims[0]!] : []);
    it(`is refused to an unconfirmed account with EMAIL_NOT_VERIFIED, before its budget or its body are looked at, and not to a confirmed one`, async () => {
      const newcomer = await createUser(t.ctx, { roles: claimsOf(endpoint), emailVerified: false });
      const refused = await call(t, endpoint.method, endpoint.path, {}, { cookie: newcomer.cookie });
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json()).toEqual({ error: NOT_VERIFIED });
      const confirmed = await createUser(t.ctx, { roles: claimsOf(endpoint) });
      const allowed = await call(t, endpoint.method, endpoint.path, {}, { cookie: confirmed.cookie });
      // An empty body is not a valid request: the confirmed account reaches validation (or the handler), never this refusal.
      expect(allowed.json().error?.code, allowed.body).not.toBe('EMAIL_NOT_VERIFIED');
      expect(allowed.statusCode).not.toBe(403);
    });
  });

  it('a newcomer cannot spend credits until the link is followed; then the same request goes through', async () => {
    const user = await signUp('spender');
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 10, reason: 'plan', idempotencyKey: `test-grant:${randomUUID()}`, expiresAt: null });
    const maker = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, maker.id, { name: `Maker ${randomUUID().slice(0, 6)}` });
    const pack = await createPack(t.ctx, creator.id, {});
    const [sound] = await createItems(t.ctx, pack, 1, { creditCost: 3 });
    const body = { target: 'item', id: sound!.id, idempotency_key: randomUUID() };

    const refused = await call(t, 'POST', '/api/acquisitions', body, { cookie: user.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NOT_VERIFIED });
    expect(await t.ctx.db.select().from(creditLedger).where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'spend')))).toHaveLength(0);

    expect((await verify(await linkToken(user.email))).statusCode).toBe(200);
    const got = await call(t, 'POST', '/api/acquisitions', body, { cookie: user.cookie });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({ charged: 3, credits: 7 });
  });

  it('a newcomer cannot start a checkout until the link is followed; then it starts', async () => {
    const user = await signUp('payer');
    const asUser = { id: user.id, email: user.email, password: PASSWORD, cookie: user.cookie };
    const refused = await startCheckout(t, asUser, { price: 'price_starter' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NOT_VERIFIED });
    expect((await verify(await linkToken(user.email))).statusCode).toBe(200);
    const started = await startCheckout(t, asUser, { price: 'price_starter' });
    expect(started.statusCode, started.body).toBe(201);
  });

  it('browsing, the profile and signing in keep working for a newcomer', async () => {
    const user = await signUp('browser');
    expect((await call(t, 'GET', '/api/discover', undefined, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/credits', undefined, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', '/api/profile', { display_name: 'New Person' }, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });
});
