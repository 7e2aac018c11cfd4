import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieFrom, mailsTo, tokenFromLink } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** Any password change or completed reset voids every reset and recovery link still in a mailbox. */
describe(`password links after a password change on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const confirm = (token: string, password: string) => call(t, 'POST', '/api/auth/password-reset/confirm', { token, new_password: password });
  const login = (user: TestUser, password: string) => call(t, 'POST', '/api/auth/login', { email: user.email, password });

  /** Asks for a link on `page` and returns its token. */
  async function askLink(user: TestUser, page: '/resetpassword' | '/accountrecovery'): Promise<string> {
    const url = page === '/resetpassword' ? '/api/auth/password-reset/request' : '/api/auth/recovery/request';
    expect((await call(t, 'POST', url, { email: user.email })).statusCode).toBe(200);
    const mail = (await mailsTo(t, user.email)).filter((m) => m.text.includes(`${page}?token=`)).at(-1)!;
    return tokenFromLink(mail, page);
  }

  it('using one reset link voids the other reset and recovery links', async () => {
    const user = await createUser(t.ctx);
    const first = await askLink(user, '/resetpassword');
    const second = await askLink(user, '/resetpassword');
    const recovery = await askLink(user, '/accountrecovery');
    expect(new Set([first, second, recovery]).size).toBe(3);

    expect((await confirm(second, 'second-new-passphrase')).statusCode).toBe(200);
    for (const stale of [first, recovery]) {
      const res = await confirm(stale, 'attacker-passphrase');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('token');
    }
    expect((await login(user, 'attacker-passphrase')).statusCode).toBe(401);
    expect((await login(user, 'second-new-passphrase')).statusCode).toBe(200);
  });

  it('a signed-in password change voids links asked for before it', async () => {
    const user = await createUser(t.ctx);
    const reset = await askLink(user, '/resetpassword');
    const recovery = await askLink(user, '/accountrecovery');
    const changed = await call(t, 'POST', '/api/auth/password', { current_password: user.password, new_password: 'changed-passphrase' }, { cookie: user.cookie });
    expect(changed.statusCode).toBe(200);
    for (const stale of [reset, recovery]) expect((await confirm(stale, 'attacker-passphrase')).statusCode).toBe(400);
    const fresh = await login(user, 'changed-passphrase');
    expect(fresh.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/profile', undefined, { cookie: cookieFrom(fresh) })).statusCode).toBe(200);
  });

  it('a link asked for after the change works', async () => {
    const user = await createUser(t.ctx);
    await askLink(user, '/resetpassword');
    await call(t, 'POST', '/api/auth/password', { current_password: user.password, new_password: 'changed-passphrase' }, { cookie: user.cookie });
    const later = await askLink(user, '/resetpassword');
    expect((await confirm(later, 'later-passphrase')).statusCode).toBe(200);
  });

  it("voiding one user's links leaves another user's links working", async () => {
    const [alice, bob] = [await createUser(t.ctx), await createUser(t.ctx)];
    const bobs = await askLink(bob, '/resetpassword');
    await confirm(await askLink(alice, '/resetpassword'), 'alice-new-passphrase');
    expect((await confirm(bobs, 'bob-new-passphrase')).statusCode).toBe(200);
  });
});
