import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInFailures } from '../src/db/schema/index.ts';
import { NEUTRAL_ANSWER_MS } from '../src/features/auth/neutral-timing.ts';
import { SIGN_IN_SCOPE_RULES } from '../src/features/auth/sign-in-throttle.ts';
import { call, freshAddress, lastMailTo, mailsTo, tokenFromLink, withoutRequestId } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const PAIR_FREE = SIGN_IN_SCOPE_RULES.pair.free;
const NETWORK_FREE = SIGN_IN_SCOPE_RULES.network.free;

/** The `crate.device` cookie a response set, as a Cookie header (the trusted-device cookie of decision 0036). */
function deviceCookieFrom(res: LightMyRequestResponse): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('crate.device='));
  if (!set) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return set.split(';')[0]!;
}

/**
 * Sign-in pauses stop only the place that earned them (decision 0036): an attacker's wrong passwords
 * slow the attacker's network (per e-mail, and across e-mails) with a growing pause, while the owner
 * signs in from another network, or from a browser that signed in before, as if nothing happened. Known
 * and unknown e-mails answer alike, no sooner than the neutral floor.
 */
describe(`sign-in pauses stop only the place that earned them, on ${TEST_DB}`, () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    // Many attempts from one address are the point here: the per-route limit is tested in rate-limits.
    t = await createTestApp({ rateLimits: false });
  });
  beforeEach(() => {
    clock = new ManualClock(new Date());
    t.ctx.clock = clock;
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, from: { address: string; cookie?: string }) =>
    call(t, 'POST', '/api/auth/login', { email, password }, { address: from.address, ...(from.cookie ? { cookie: from.cookie } : {}) });
  const failuresMails = async (email: string) => (await mailsTo(t, email)).filter((m) => m.subject === 'Failed sign-ins to your Crate account');

  it("an attacker's wrong passwords from one address never stop the owner signing in from another address or their own browser", async () => {
    const owner = await createUser(t.ctx);
    const ownersBrowser = deviceCookieFrom(await login(owner.email, owner.password, { address: freshAddress() }));
    const attacker = { address: freshAddress() };

    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) answers.push((await login(owner.email, `guess-${i}`, attacker)).statusCode);
    // Five free guesses, the fifth starts a pause; during it nothing is even checked.
    expect(answers).toEqual([401, 401, 401, 401, 423, 423, 423, 423, 423, 423, 423, 423]);
    expect((await login(owner.email, owner.password, attacker)).statusCode).toBe(423);

    // The owner elsewhere, and the owner's own browser on the attacker's very network, are not paused.
    expect((await login(owner.email, owner.password, { address: freshAddress() })).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, { address: attacker.address, cookie: ownersBrowser })).statusCode).toBe(200);
    // The attacker still is: the owner's success elsewhere forgot nothing of the attacker's place.
    expect((await login(owner.email, 'guess-again', attacker)).statusCode).toBe(423);
    // Staff see that sign-in to the account is paused somewhere.
    const admin = await createUser(t.ctx, { roles: ['admin'] });
    const seen = await call(t, 'PUT', `/api/admin/users/${owner.id}/roles`, { roles: ['subscriber'] }, { cookie: admin.cookie });
    expect(seen.json()).toMatchObject({ status: 'locked' });
  }, 60_000);

  it('slows the attacker down more with every failure past the free ones: 30 s, 1 min, 2 min … up to an hour', async () => {
    const victim = await createUser(t.ctx);
    const attacker = { address: freshAddress() };
    for (let i = 1; i < PAIR_FREE; i += 1) expect((await login(victim.email, 'guess', attacker)).statusCode).toBe(401);
    const first = await login(victim.email, 'guess', attacker);
    expect(first.statusCode).toBe(423);
    expect(first.json().error).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(first.json().error.message).toBe(
      'Too many failed sign-ins from this device or network. Try again in 30 seconds, or set a new password with an e-mailed link at /accountrecovery.',
    );

    const waits = [];
    for (let pause = 30; pause <= 3600; pause = Math.min(3600, pause * 2)) {
      clock.advance((pause - 1) * 1000);
      expect((await login(victim.email, 'guess', attacker)).statusCode).toBe(423); // not yet
      clock.advance(1000);
      const next = await login(victim.email, 'guess', attacker); // counted, and paused for twice as long
      expect(next.statusCode).toBe(423);
      waits.push(/Try again in ([^,]+),/.exec(next.json().error.message)![1]);
      if (pause === 3600) break;
    }
    expect(waits).toEqual(['1 minute', '2 minutes', '4 minutes', '8 minutes', '16 minutes', '32 minutes', '60 minutes', '60 minutes']);
    // Attempts during a pause do not lengthen it.
    const [row] = await t.ctx.db.select().from(signInFailures).where(eq(signInFailures.email, victim.email));
    for (let i = 0; i < 5; i += 1) await login(victim.email, 'guess', attacker);
    const [later] = await t.ctx.db.select().from(signInFailures).where(eq(signInFailures.email, victim.email));
    expect(later).toEqual(row);
  }, 60_000);

  it('pauses an address that tries many e-mails for all of them, yet not their owners elsewhere or on their own browsers', async () => {
    const owner = await createUser(t.ctx);
    const ownersBrowser = deviceCookieFrom(await login(owner.email, owner.password, { address: freshAddress() }));
    const sprayer = { address: freshAddress() };
    for (let i = 1; i < NETWORK_FREE; i += 1) expect((await login(`sprayed-${i}-${Date.now()}@example.test`, 'Summer2026!', sprayer)).statusCode).toBe(401);
    expect((await login(`sprayed-last-${Date.now()}@example.test`, 'Summer2026!', sprayer)).statusCode).toBe(423);
    expect((await login(owner.email, 'Summer2026!', sprayer)).statusCode).toBe(423);
    expect((await login(owner.email, owner.password, sprayer)).statusCode).toBe(423);
    expect((await login(owner.email, owner.password, { address: sprayer.address, cookie: ownersBrowser })).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, { address: freshAddress() })).statusCode).toBe(200);
  }, 90_000);

  it('answers a known and an unknown e-mail alike, attempt after attempt, no sooner than the neutral floor', async () => {
    const known = await createUser(t.ctx, { roles: ['admin'] });
    const unknown = `nobody-${Date.now()}@example.test`;
    const places = { [known.email]: { address: freshAddress() }, [unknown]: { address: freshAddress() } };
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const answers = [];
      for (const email of [known.email, unknown]) {
        const started = performance.now();
        const res = await login(email, `wrong-password-${attempt}`, places[email]!);
        answers.push({ status: res.statusCode, body: withoutRequestId(res.body), ms: performance.now() - started });
      }
      const [a, b] = answers as [(typeof answers)[0], (typeof answers)[0]];
      expect({ attempt, status: a.status, body: a.body }).toEqual({ attempt, status: b.status, body: b.body });
      expect(a.status).toBe(attempt < PAIR_FREE ? 401 : 423);
      expect(a.ms).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 5);
      expect(b.ms).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 5);
    }
  }, 60_000);

  it('tells the owner once a day of a run of failures, and an unknown e-mail gets nothing', async () => {
    const owner: TestUser = await createUser(t.ctx);
    const unknown = `ghost-${Date.now()}@example.test`;
    // Ten failures from each of two places (ten from one for the unknown e-mail), the pauses waited out.
    for (const [email, places] of [[owner.email, 2], [unknown, 1]] as const) {
      for (let p = 0; p < places; p += 1) {
        const place = { address: freshAddress() };
        for (let i = 0; i < 10; i += 1) {
          await login(email, 'guess', place);
          clock.advance(3600_000);
        }
      }
    }
    const mails = await failuresMails(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://localhost:3000/accountrecovery');
    expect(mails[0]!.text).toContain('not slowed for you on your own devices');
    expect(await mailsTo(t, unknown)).toEqual([]);
  }, 120_000);

  it('a success at a place starts its count again; a new device that gets in is trusted from then on', async () => {
    const user = await createUser(t.ctx);
    const place = { address: freshAddress() };
    for (let i = 1; i < PAIR_FREE; i += 1) expect((await login(user.email, 'typo', place)).statusCode).toBe(401);
    const signedIn = await login(user.email, user.password, place);
    expect(signedIn.statusCode).toBe(200);
    for (let i = 1; i < PAIR_FREE; i += 1) expect((await login(user.email, 'typo', place)).statusCode).toBe(401);

    // Trusted for this e-mail only: the same cookie does not vouch for another account.
    const other = await createUser(t.ctx);
    const cookie = deviceCookieFrom(signedIn);
    const attacker = { address: freshAddress() };
    for (let i = 0; i < PAIR_FREE; i += 1) await login(other.email, 'guess', attacker);
    expect((await login(other.email, other.password, { ...attacker, cookie })).statusCode).toBe(423);
    expect((await login(user.email, user.password, { ...attacker, cookie })).statusCode).toBe(200);
  }, 60_000);

  it('a completed reset lifts the pause at its place and trusts the browser that completed it', async () => {
    const user = await createUser(t.ctx);
    const place = { address: freshAddress() };
    for (let i = 0; i < NETWORK_FREE; i += 1) await login(`someone-${i}-${Date.now()}@example.test`, 'guess', place);
    expect((await login(user.email, user.password, place)).statusCode).toBe(423);

    await call(t, 'POST', '/api/auth/recovery/request', { email: user.email });
    const token = tokenFromLink((await lastMailTo(t, user.email))!, '/accountrecovery');
    const reset = await call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: 'a-brand-new-password' }, place);
    expect(reset.statusCode).toBe(200);
    // The network stays paused for everyone else; the browser that proved the mailbox is trusted.
    expect((await login(`someone-else-${Date.now()}@example.test`, 'guess', place)).statusCode).toBe(423);
    expect((await login(user.email, 'a-brand-new-password', { ...place, cookie: deviceCookieFrom(reset) })).statusCode).toBe(200);
  }, 90_000);
});
