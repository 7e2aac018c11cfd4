import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, creatorCollaborators, creators, users } from '../src/db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_AFFILIATE_CODE, DEMO_PASSWORD } from '@crate/demo-catalogue/demo-accounts';
import { DemoAccountsInProductionError, formatDemoCredentials, seedDemoAccounts, seedDemoOnFirstStart } from '../src/seed/seed-demo.ts';
import { call, cookieFrom } from './auth-helpers.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const FLAG = { subscriber: 'is_sub', collaborator: 'is_collaborator', creator: 'is_creator', affiliate: 'is_affiliate', admin: 'is_admin' } as const;

describe(`demo seed on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one account of each kind on an empty database, once', async () => {
    expect(await seedDemoAccounts(t.ctx)).toBe(true);
    expect(await seedDemoAccounts(t.ctx)).toBe(false);
    expect(await t.ctx.db.select({ id: users.id }).from(users)).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.kind, a] as const))('the %s account signs in with the demo password and holds its role', async (kind, account) => {
    const res = await call(t, 'POST', '/api/auth/login', { email: account.email, password: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: account.email, display_name: account.name, roles: [kind], [FLAG[kind]]: true });
    expect(res.json().claims_updated_at).not.toBeNull();
    expect((await call(t, 'GET', '/api/profile', undefined, { cookie: cookieFrom(res) })).statusCode).toBe(200);
  });

  it('gives the subscriber a paid Starter plan with its credits, links the collaborator to the creator and the affiliate a code', async () => {
    const login = async (kind: string) => (await call(t, 'POST', '/api/auth/login', { email: DEMO_ACCOUNTS.find((a) => a.kind === kind)!.email, password: DEMO_PASSWORD })).json();
    const subscriberLogin = await call(t, 'POST', '/api/auth/login', { email: DEMO_ACCOUNTS.find((a) => a.kind === 'subscriber')!.email, password: DEMO_PASSWORD });
    // The plan's credits roll over while it lasts (decision 0074): no date of their own.
    expect(subscriberLogin.json()).toMatchObject({ credits: 100, credits_expire_at: null, can_search: true });
    const cookie = cookieFrom(subscriberLogin);
    const billing = (await call(t, 'GET', '/api/billing', undefined, { cookie })).json();
    expect(billing.subscription).toMatchObject({ status: 'active', grants_access: true, cancel_at_period_end: false, plan: { name: 'Starter', credits: 100 } });
    // Refills and plan changes are open to it, as to anyone with a plan: no dead end.
    expect(billing.refills).toMatchObject({ allowed: true });
    const receipts = (await call(t, 'GET', '/api/billing/receipts', undefined, { cookie })).json();
    expect(receipts.items).toEqual([expect.objectContaining({ description: 'Starter plan (monthly)', amount: 999, credits: 100, status: 'paid' })]);

    const creator = await login('creator');
    const collaborator = await login('collaborator');
    const [creatorRow] = await t.ctx.db.select().from(creators).where(eq(creators.userId, creator.uid));
    expect(creatorRow).toMatchObject({ name: 'Demo Creator', slug: 'demo-creator' });
    const links = await t.ctx.db.select().from(creatorCollaborators).where(eq(creatorCollaborators.creatorId, creatorRow!.id));
    expect(links.map((l) => l.userId)).toEqual([collaborator.uid]);

    const affiliate = await login('affiliate');
    const codes = await t.ctx.db.select().from(affiliateCodes).where(eq(affiliateCodes.affiliateUserId, affiliate.uid));
    expect(codes.map((c) => c.code)).toEqual([DEMO_AFFILIATE_CODE]);
  });

  it('prints every account with the password as a small table', () => {
    const table = formatDemoCredentials('http://localhost:3000');
    expect(table).toContain('http://localhost:3000/login');
    for (const account of DEMO_ACCOUNTS) expect(table).toMatch(new RegExp(`${account.kind}\\s+${account.email.replaceAll('.', '\\.')}\\s+${DEMO_PASSWORD}`));
  });
});

describe(`demo seed on a database that already has users (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates nothing', async () => {
    await createUser(t.ctx);
    expect(await seedDemoAccounts(t.ctx)).toBe(false);
    expect(await t.ctx.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });
});

describe(`demo seed with NODE_ENV=production (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true, seedDemo: true });
  });
  afterAll(() => t.close());

  it('refuses the demo accounts, however it is called, and the first start creates none', async () => {
    await expect(seedDemoAccounts(t.ctx)).rejects.toThrow(DemoAccountsInProductionError);
    await seedDemoOnFirstStart(t.ctx);
    expect(await t.ctx.db.select({ id: users.id }).from(users)).toHaveLength(0);
    const login = await call(t, 'POST', '/api/auth/login', { email: DEMO_ACCOUNTS.find((a) => a.kind === 'admin')!.email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it('`npm run seed` stops with a clear message before it opens the database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-seed-production-'));
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/seed/seed-cli.ts'), '--packs', '1'], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', LOG_LEVEL: 'silent' },
      });
      const failed = await run.then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('Refusing to create the demo accounts with NODE_ENV=production');
      expect(await readdir(dataDir)).not.toContain('pglite');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
