import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crate-config-'));
const env = (values: Record<string, string>) => ({ DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32), ...values }) as NodeJS.ProcessEnv;

describe('the sandbox never runs in production by accident (issue 26 finding 10)', () => {
  it('refuses to start with NODE_ENV=production and no Stripe keys, naming the keys and the opt-in', () => {
    expect(() => loadConfig(env({ NODE_ENV: 'production' }))).toThrow(
      /NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments .*set PAYMENTS_SANDBOX=true to run the sandbox on purpose/,
    );
  });

  it('runs Stripe in production with both keys, and the sandbox only when PAYMENTS_SANDBOX=true asks for it', () => {
    expect(loadConfig(env({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).payments.kind).toBe('stripe');
    expect(() => loadConfig(env({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' }))).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    expect(loadConfig(env({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' })).payments.kind).toBe('sandbox');
    expect(loadConfig(env({})).payments.kind).toBe('sandbox');
    expect(() => loadConfig(env({ PAYMENTS_SANDBOX: 'true', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toThrow(/choose the sandbox or Stripe/);
  });
});

describe("this site's origins (checkout's return pages)", () => {
  it('are every loopback name of the listening port when PUBLIC_URL is not set, and PUBLIC_URL alone when it is', () => {
    expect(loadConfig(env({ PORT: '8080' })).siteOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    expect(loadConfig(env({ PORT: '8080', PUBLIC_URL: 'https://crate.example/' })).siteOrigins).toEqual(['https://crate.example']);
  });
});

describe('the attribution forwarder (docs/decisions/0057)', () => {
  it('is off without ATTRIBUTION_ENDPOINT, on with it and its token, and refuses an endpoint that is not a URL', () => {
    expect(loadConfig(env({})).attribution).toEqual({ endpoint: null, token: null, timeoutMs: 10_000 });
    expect(loadConfig(env({ ATTRIBUTION_ENDPOINT: 'https://graph.example/v20.0/123/events', ATTRIBUTION_TOKEN: 'tok' })).attribution).toEqual({ endpoint: 'https://graph.example/v20.0/123/events', token: 'tok', timeoutMs: 10_000 });
    expect(() => loadConfig(env({ ATTRIBUTION_ENDPOINT: 'not a url' }))).toThrow(/ATTRIBUTION_ENDPOINT/);
  });
});
