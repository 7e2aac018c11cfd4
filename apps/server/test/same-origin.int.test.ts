import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { freshAddress } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * The CSRF rule on the routed request: a page on another origin cannot change anything, whatever the
 * spelling of the path, the body type or the headers it adds. The witness is the account a
 * cross-site deactivation would close: it must still be signed in afterwards.
 */
const OWN = 'http://localhost:3000';
const DEACTIVATE_SPELLINGS = [
  '/api/profile/deactivate',
  '/%61pi/profile/deactivate',
  '/%41PI/profile/deactivate',
  '/api/%70rofile/deactivate',
  '/API/profile/deactivate',
  '//api/profile/deactivate',
  '/api//profile/deactivate',
  '/api/profile/deactivate/',
  '/api/profile/deactivate.',
  '/api/profile/./deactivate',
  '/api/profile/deactivate?redirect=/',
  '/api/profile/deactivate;x',
];
const FOREIGN_ORIGINS = ['https://evil.example', 'http://localhost:4000', 'https://localhost:3000', 'http://localhost.evil.example:3000', 'null', 'not a url', 'file:///etc/passwd'];

describe(`same-origin check on ${TEST_DB}`, () => {
  let t: TestApp;
  let victim: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    victim = await createUser(t.ctx);
  });
  afterAll(() => t.close());

  const stillSignedIn = async () => (await t.app.inject({ url: '/api/profile', headers: { cookie: victim.cookie } })).statusCode === 200;

  describe.each(FOREIGN_ORIGINS)('Origin %s', (origin) => {
    it.each(DEACTIVATE_SPELLINGS)('POST %s with a text/plain body → 403 CSRF_REJECTED, account untouched', async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: freshAddress(),
        headers: { host: 'localhost:3000', origin, cookie: victim.cookie, 'content-type': 'text/plain' },
        payload: 'x=1',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'CSRF_REJECTED', message: 'Cross-site requests are not allowed', requestId: expect.any(String) } });
      expect(await stillSignedIn()).toBe(true);
    });
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses a cross-site %s on any path', async (method) => {
    const res = await t.app.inject({ method, url: '/%61pi/profile', remoteAddress: freshAddress(), headers: { origin: 'https://evil.example', cookie: victim.cookie }, payload: { display_name: 'pwned' } });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: victim.cookie } })).json().display_name).not.toBe('pwned');
  });

  it('falls back on Referer when a browser sent no Origin, comparing scheme, host and port', async () => {
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/profile', remoteAddress: freshAddress(), headers: { host: 'localhost:3000', referer: 'https://localhost:3000/account', cookie: victim.cookie }, payload: { zip_code: '66666' } });
    expect(refused.statusCode).toBe(403);
    const allowed = await t.app.inject({ method: 'PATCH', url: '/api/profile', remoteAddress: freshAddress(), headers: { host: 'localhost:3000', referer: `${OWN}/account`, cookie: victim.cookie }, payload: { zip_code: '12345' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().zip_code).toBe('12345');
  });

  it('accepts our own origin (the addressed host or PUBLIC_URL) and clients that send neither header', async () => {
    for (const headers of [{ host: 'localhost:3000', origin: OWN }, { host: 'crate.internal:8080', origin: OWN }, { host: 'localhost:8080', origin: 'http://LOCALHOST:8080' }, {}]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', remoteAddress: freshAddress(), headers: { ...headers, cookie: victim.cookie }, payload: { zip_code: '54321' } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('believes X-Forwarded-Host and -Proto only from a TRUST_PROXY address', async () => {
    const proxied = await buildApp({ ...t.ctx, config: { ...t.ctx.config, publicUrl: 'https://crate.example', trustProxy: ['10.250.0.1'] } });
    try {
      const forwarded = { 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https', origin: 'https://shop.example', host: 'app:3000', cookie: victim.cookie };
      const fromProxy = await proxied.inject({ method: 'PATCH', url: '/api/profile', remoteAddress: '10.250.0.1', headers: forwarded, payload: { zip_code: '11111' } });
      expect(fromProxy.statusCode).toBe(200);
      const fromAnyone = await proxied.inject({ method: 'PATCH', url: '/api/profile', remoteAddress: '10.250.0.2', headers: forwarded, payload: { zip_code: '22222' } });
      expect(fromAnyone.statusCode).toBe(403);
      const plainHttpFromProxy = await proxied.inject({ method: 'PATCH', url: '/api/profile', remoteAddress: '10.250.0.1', headers: { ...forwarded, 'x-forwarded-proto': 'http' }, payload: { zip_code: '33333' } });
      expect(plainHttpFromProxy.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
