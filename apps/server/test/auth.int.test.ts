import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, signInFailures, users, verifications } from '../src/db/schema/index.ts';
import { call, cookieFrom, freshAddress, lastMailTo, mailsTo, tokenFromLink, withoutRequestId } from './auth-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'a-brand-new-passphrase';
let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.test`;

describe(`accounts on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function register(email = newEmail('user'), password = PASSWORD, extra: Record<string, unknown> = {}) {
    const res = await call(t, 'POST', '/api/auth/register', { email, password, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return { email, password, cookie: cookieFrom(res), res };
  }
  const login = (email: string, password: string, options: { cookie?: string; address?: string } = {}) => call(t, 'POST', '/api/auth/login', { email, password }, options);
  const profile = (cookie: string) => call(t, 'GET', '/api/profile', undefined, { cookie });

  describe('register', () => {
    it('creates the account, signs it in with an httpOnly SameSite=Lax session cookie and returns the profile', async () => {
      const email = newEmail('new');
      const res = await call(t, 'POST', '/api/auth/register', { email: `  ${email.toUpperCase()} `, password: PASSWORD, display_name: 'Beat Maker' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, display_name: 'Beat Maker', roles: [], credits: 0, is_sub: false, can_search: false });
      const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const session = setCookie.find((c) => c.startsWith('crate.session_token='));
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      // Beside it, the readable hint that tells the web app someone is signed in (it holds nothing secret).
      const hint = setCookie.find((c) => c.startsWith('crate.signed_in='));
      expect(hint).toMatch(/^crate\.signed_in=1;/);
      expect(hint).not.toMatch(/HttpOnly/i);
      const me = await profile(cookieFrom(res));
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(email);
      const mails = await mailsTo(t, email);
      // Beside the welcome, the link that confirms the address (docs/decisions/0069; email-verification.int.test.ts).
      expect(mails.map((m) => m.subject).sort()).toEqual(['Confirm your e-mail for Crate', 'Welcome to Crate']);
      const welcome = mails.find((m) => m.subject === 'Welcome to Crate');
      expect(welcome?.text).toContain('Hi Beat Maker,');
      expect(welcome?.text).toContain('http://localhost:3000/discover');
    });

    it('answers an e-mail that already has an account neutrally, without a session, and tells its owner by e-mail', async () => {
      const { email } = await register();
      const res = await call(t, 'POST', '/api/auth/register', { email, password: 'another-password-1' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Check your inbox: we sent a message to that address to continue.' });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).not.toMatch(/exist|in use|taken/i);
      const mail = await lastMailTo(t, email);
      expect(mail?.subject).toBe('Someone tried to create a Crate account with your e-mail');
      expect(mail?.text).toContain('http://localhost:3000/resetpassword');
      // The attempt changed nothing: the owner's password still signs in, the new one does not.
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      expect((await login(email, 'another-password-1')).statusCode).toBe(401);
    });

    it.each([
      [{ email: 'not-an-email', password: PASSWORD }, 'email'],
      [{ email: 'short@example.test', password: 'short' }, 'password'],
      [{ email: 'long@example.test', password: 'x'.repeat(129) }, 'password'],
      [{ password: PASSWORD }, 'email'],
      [{ email: 'extra@example.test', password: PASSWORD, role: 'admin' }, 'role'],
    ])('answers %j with 400 naming the field %s', async (body, field) => {
      const res = await call(t, 'POST', '/api/auth/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });
  });

  describe('login and logout', () => {
    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const { email } = await register();
      const wrong = await login(email, 'wrong-password-123');
      const unknown = await login(newEmail('nobody'), 'wrong-password-123');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(withoutRequestId(wrong.body)).toEqual(withoutRequestId(unknown.body));
      expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('opens a new session at every login and ends the one the browser held', async () => {
      const { email, cookie: first } = await register();
      const res = await login(email, PASSWORD, { cookie: first });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email, display_name: email });
      const second = cookieFrom(res);
      expect(second).not.toBe(first);
      expect((await profile(second)).statusCode).toBe(200);
      expect((await profile(first)).statusCode).toBe(401);
    });

    it('logs out: the cookie is cleared and the session no longer works; logging out again is fine', async () => {
      const { cookie } = await register();
      const res = await call(t, 'POST', '/api/auth/logout', undefined, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => /^crate\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => /^crate\.signed_in=;.*Max-Age=0/i.test(c))).toBe(true);
      expect((await profile(cookie)).statusCode).toBe(401);
      expect((await call(t, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    });

    it('extends a session a day after its last extension and sends the browser the new cookie; an expired one is signed out', async () => {
      const { email, cookie } = await register();
      const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const day = 24 * 60 * 60 * 1000;
      // Fresh: answered without touching the session.
      const fresh = await profile(cookie);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['set-cookie']).toBeUndefined();
      // Last extended two days ago: 28 days left, so this request extends it back to 30.
      await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() + 28 * day) }).where(eq(sessions.userId, user!.id));
      const due = await profile(cookie);
      expect(due.statusCode).toBe(200);
      expect(([] as string[]).concat(due.headers['set-cookie'] ?? []).some((c) => /^crate\.session_token=.+Max-Age=2592000/i.test(c))).toBe(true);
      const [extended] = await t.ctx.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user!.id));
      expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
      // Expired: signed out.
      await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user!.id));
      expect((await profile(cookie)).statusCode).toBe(401);
    });

    it('treats a session cookie with a forged signature as signed out', async () => {
      const { cookie } = await register();
      const forged = cookie.replace(/(crate\.session_token=[^;]*?)(%3D|=)?(;|$)/, (_m, value: string, pad: string | undefined, end: string) => `${value.slice(0, -2)}AA${pad ?? ''}${end}`);
      expect(forged).not.toBe(cookie);
      expect((await profile(forged)).statusCode).toBe(401);
    });

    it('rate-limits login per client address: the 11th attempt in a minute gets 429', async () => {
      const address = freshAddress();
      for (let i = 0; i < 10; i += 1) expect((await login(newEmail('limit'), 'whatever-123', { address })).statusCode).toBe(401);
      const limited = await login(newEmail('limit'), 'whatever-123', { address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect((await login(newEmail('limit'), 'whatever-123')).statusCode).toBe(401);
    });

    it('rate-limits register and reset requests too', async () => {
      const address = freshAddress();
      for (let i = 0; i < 10; i += 1) await call(t, 'POST', '/api/auth/register', { email: 'bad' }, { address });
      expect((await call(t, 'POST', '/api/auth/register', { email: 'bad' }, { address })).statusCode).toBe(429);
      const resetAddress = freshAddress();
      for (let i = 0; i < 10; i += 1) await call(t, 'POST', '/api/auth/password-reset/confirm', { token: 'x', new_password: NEW_PASSWORD }, { address: resetAddress });
      expect((await call(t, 'POST', '/api/auth/password-reset/confirm', { token: 'x', new_password: NEW_PASSWORD }, { address: resetAddress })).statusCode).toBe(429);
    });
  });

  describe('password reset', () => {
    it('register → logout → reset via the e-mailed link → login with the new password, not the old', async () => {
      const { email, cookie } = await register();
      const otherDevice = cookieFrom(await login(email, PASSWORD));
      expect((await call(t, 'POST', '/api/auth/logout', undefined, { cookie })).statusCode).toBe(200);

      const asked = await call(t, 'POST', '/api/auth/password-reset/request', { email });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ message: 'If an account exists for that e-mail, we sent a link' });
      const mail = await lastMailTo(t, email);
      expect(mail?.subject).toBe('Reset your Crate password');
      const token = tokenFromLink(mail!, '/resetpassword');
      expect(mail!.text).toContain(`http://localhost:3000/resetpassword?token=`);

      const reset = await call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: NEW_PASSWORD });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ ok: true });

      expect((await profile(otherDevice)).statusCode).toBe(401);
      expect((await login(email, PASSWORD)).statusCode).toBe(401);
      const fresh = await login(email, NEW_PASSWORD);
      expect(fresh.statusCode).toBe(200);
      expect((await profile(cookieFrom(fresh))).statusCode).toBe(200);

      const again = await call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: 'yet-another-passphrase' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'token' });
      expect(again.json().error.message).toMatch(/expired|used/);
    });

    it('refuses an expired link with 400 on the token field', async () => {
      const { email } = await register();
      await call(t, 'POST', '/api/auth/password-reset/request', { email });
      const token = tokenFromLink((await lastMailTo(t, email))!, '/resetpassword');
      await t.ctx.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `reset-password:${token}`));
      const res = await call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('token');
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
    });

    it('validates the new password and names the field', async () => {
      const res = await call(t, 'POST', '/api/auth/password-reset/confirm', { token: 'abc', new_password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('new_password');
    });

    it('answers reset and recovery requests identically, after the same minimum time, whether or not the e-mail exists', async () => {
      const { email } = await register();
      for (const url of ['/api/auth/password-reset/request', '/api/auth/recovery/request']) {
        const startedKnown = performance.now();
        const known = await call(t, 'POST', url, { email });
        const knownMs = performance.now() - startedKnown;
        const startedUnknown = performance.now();
        const unknown = await call(t, 'POST', url, { email: newEmail('ghost') });
        const unknownMs = performance.now() - startedUnknown;
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(known.body).toBe(unknown.body);
        // Both wait out the same floor, well above the few queries the real work takes.
        expect(knownMs).toBeGreaterThanOrEqual(240);
        expect(unknownMs).toBeGreaterThanOrEqual(240);
      }
      expect(await mailsTo(t, 'ghost-')).toEqual([]);
    });
  });

  describe('update password', () => {
    it('needs the current password, names the field when it is wrong, and signs other devices out', async () => {
      const { email, cookie } = await register();
      const otherDevice = cookieFrom(await login(email, PASSWORD));
      const wrong = await call(t, 'POST', '/api/auth/password', { current_password: 'not-my-password', new_password: NEW_PASSWORD }, { cookie });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'current_password' });

      const res = await call(t, 'POST', '/api/auth/password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, { cookie });
      expect(res.statusCode).toBe(200);
      const renewed = cookieFrom(res);
      expect((await profile(renewed)).statusCode).toBe(200);
      expect((await profile(otherDevice)).statusCode).toBe(401);
      expect((await login(email, PASSWORD)).statusCode).toBe(401);
      expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('is for signed-in users only', async () => {
      const res = await call(t, 'POST', '/api/auth/password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('sign-in pauses and account recovery', () => {
    it('pauses password sign-in from the guessing address after 5 failures, even for the right password, and recovery by e-mail lifts it', async () => {
      const { email } = await register();
      const address = freshAddress();
      for (let i = 1; i <= 4; i += 1) expect((await login(email, `wrong-password-${i}`, { address })).statusCode).toBe(401);
      const fifth = await login(email, 'wrong-password-5', { address });
      expect(fifth.statusCode).toBe(423);
      expect(fifth.json().error.code).toBe('ACCOUNT_LOCKED');
      expect(fifth.json().error.message).toMatch(/^Too many failed sign-ins from this device or network\. Try again in (30|29) seconds/);
      expect(fifth.json().error.message).toContain('/accountrecovery');

      expect((await login(email, PASSWORD, { address })).statusCode).toBe(423);
      const [row] = await t.ctx.db.select({ pausedUntil: signInFailures.pausedUntil }).from(signInFailures).where(eq(signInFailures.email, email));
      expect(row!.pausedUntil!.getTime() - Date.now()).toBeGreaterThan(25_000);
      expect(row!.pausedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(30_000);

      const asked = await call(t, 'POST', '/api/auth/recovery/request', { email });
      expect(asked.json()).toEqual({ message: 'If an account exists for that e-mail, we sent instructions to recover it' });
      const mail = await lastMailTo(t, email);
      expect(mail?.subject).toBe('Recover your Crate account');
      const token = tokenFromLink(mail!, '/accountrecovery');
      const done = await call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: NEW_PASSWORD });
      expect(done.statusCode).toBe(200);

      expect((await login(email, NEW_PASSWORD, { address })).statusCode).toBe(200);
      expect(await t.ctx.db.select().from(signInFailures).where(eq(signInFailures.email, email))).toEqual([]);
      const audit = await t.ctx.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.targetId, (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id));
      expect(audit).toEqual(expect.arrayContaining([{ action: 'account.password_reset', details: { sign_in_places_cleared: 1, reactivated: false } }]));
    });

    it('counts only consecutive failures: a successful login starts the count again', async () => {
      const { email } = await register();
      const address = freshAddress();
      for (let i = 0; i < 4; i += 1) expect((await login(email, 'wrong-password-x', { address })).statusCode).toBe(401);
      expect((await login(email, PASSWORD, { address })).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) expect((await login(email, 'wrong-password-y', { address })).statusCode).toBe(401);
      expect((await login(email, PASSWORD, { address })).statusCode).toBe(200);
    });

    it('deactivating ends every session; login is refused until recovery reactivates the account', async () => {
      const { email, cookie } = await register();
      const otherDevice = cookieFrom(await login(email, PASSWORD));
      const res = await call(t, 'POST', '/api/profile/deactivate', undefined, { cookie });
      expect(res.statusCode).toBe(200);
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => /^crate\.session_token=;/.test(c))).toBe(true);
      expect((await profile(cookie)).statusCode).toBe(401);
      expect((await profile(otherDevice)).statusCode).toBe(401);

      const refused = await login(email, PASSWORD);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'ACCOUNT_DISABLED' });
      expect(refused.json().error.message).toMatch(/deactivated.*\/accountrecovery/);
      expect((await login(email, 'wrong-password-1')).statusCode).toBe(401);

      await call(t, 'POST', '/api/auth/recovery/request', { email });
      const token = tokenFromLink((await lastMailTo(t, email))!, '/accountrecovery');
      expect((await call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
      const back = await login(email, NEW_PASSWORD);
      expect(back.statusCode).toBe(200);
      expect((await profile(cookieFrom(back))).statusCode).toBe(200);
    });

    it('does not recover an account disabled by staff: the e-mail says to contact support, and no session opens', async () => {
      const { email, cookie } = await register();
      await t.ctx.db.update(users).set({ disabledAt: new Date(), disabledReason: 'fraud' }).where(eq(users.email, email));
      expect((await profile(cookie)).statusCode).toBe(401);

      const refused = await login(email, PASSWORD);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('ACCOUNT_DISABLED');
      expect(refused.json().error.message).toMatch(/support/);

      const asked = await call(t, 'POST', '/api/auth/recovery/request', { email });
      expect(asked.json()).toEqual({ message: 'If an account exists for that e-mail, we sent instructions to recover it' });
      const mail = await lastMailTo(t, email);
      expect(mail?.subject).toBe('About your Crate account');
      expect(mail!.text).toMatch(/contact Crate support/);
      expect(mail!.text).not.toMatch(/token=/);

      // A plain password reset still works on the password, but does not lift a staff disable.
      await call(t, 'POST', '/api/auth/password-reset/request', { email });
      const token = tokenFromLink((await lastMailTo(t, email))!, '/resetpassword');
      expect((await call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
      expect((await login(email, NEW_PASSWORD)).statusCode).toBe(403);
    });
  });
});
