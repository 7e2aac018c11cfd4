import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottles } from '../src/db/schema/index.ts';
import { NEUTRAL_ANSWER_MS } from '../src/features/auth/neutral-timing.ts';
import { call, freshAddress, mailsTo } from './auth-helpers.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Failed sign-ins answer alike for known and unknown addresses, a lock is temporary and announced to
 * the owner once, and nobody can keep another user out (decision 0016).
 */
describe(`sign-in throttle on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => call(t, 'POST', '/api/auth/login', { email, password }, { address: freshAddress() });
  const lockMails = async (email: string) => (await mailsTo(t, email)).filter((m) => m.subject === 'Sign-ins to your Crate account are paused');
  const endLock = (email: string) => t.ctx.db.update(signInThrottles).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(signInThrottles.email, email));

  it('answers a known and an unknown address alike, attempt after attempt, no sooner than the neutral floor', async () => {
    const known = await createUser(t.ctx, { roles: ['admin'] });
    const unknown = `nobody-${Date.now()}@example.test`;
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const answers = [];
      for (const email of [known.email, unknown]) {
        const started = performance.now();
        const res = await login(email, `wrong-password-${attempt}`);
        answers.push({ status: res.statusCode, body: res.body, ms: performance.now() - started });
      }
      const [a, b] = answers as [(typeof answers)[0], (typeof answers)[0]];
      expect({ attempt, status: a.status, body: a.body }).toEqual({ attempt, status: b.status, body: b.body });
      expect(a.status).toBe(attempt < 10 ? 401 : 423);
      expect(a.ms).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 5);
      expect(b.ms).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 5);
    }
  });

  it('e-mails the owner once per lock, and attempts during the lock neither extend it nor mail again', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 10; i += 1) await login(user.email, 'wrong-password');
    const [locked] = await t.ctx.db.select().from(signInThrottles).where(eq(signInThrottles.email, user.email));
    for (let i = 0; i < 15; i += 1) expect((await login(user.email, i % 2 ? user.password : 'wrong-password')).statusCode).toBe(423);
    const [later] = await t.ctx.db.select().from(signInThrottles).where(eq(signInThrottles.email, user.email));
    expect(later!.lockedUntil).toEqual(locked!.lockedUntil);
    const mails = await lockMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://localhost:3000/accountrecovery');
  });

  it('a lock ends by itself: the owner signs in with the right password afterwards', async () => {
    const admin = await createUser(t.ctx, { roles: ['admin'] });
    for (let i = 0; i < 10; i += 1) await login(admin.email, 'guess');
    expect((await login(admin.email, admin.password)).statusCode).toBe(423);
    await endLock(admin.email);
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(signInThrottles).where(eq(signInThrottles.email, admin.email))).toEqual([]);
  });

  it('a new lock after the first one ends is announced again', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 10; i += 1) await login(user.email, 'guess');
    await endLock(user.email);
    for (let i = 0; i < 9; i += 1) expect((await login(user.email, 'guess')).statusCode).toBe(401);
    expect((await login(user.email, 'guess')).statusCode).toBe(423);
    expect(await lockMails(user.email)).toHaveLength(2);
  });

  it('an unknown address gets no e-mail, and its failures lock only itself', async () => {
    const unknown = `ghost-${Date.now()}@example.test`;
    const bystander = await createUser(t.ctx);
    for (let i = 0; i < 10; i += 1) await login(unknown, 'guess');
    expect(await mailsTo(t, unknown)).toEqual([]);
    expect((await login(bystander.email, bystander.password)).statusCode).toBe(200);
  });
});
