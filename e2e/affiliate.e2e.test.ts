import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { affiliateCodes, affiliateReferrals, affiliates, users } from '../apps/server/src/db/schema/index.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress } from './harness.ts';
import { expectHeading, expectPage, withPage } from './page-helpers.ts';

/**
 * Issue 29 (decision 0059): a visitor arrives through an affiliate's link, accepts cookies and registers; the
 * affiliate signs in and finds one click and one sign-up on /affiliate, and copies their link.
 */
describe.skipIf(!e2eEnabled())('affiliate links', () => {
  const env = e2eEnvironment();

  test('a visitor comes through /r/{code}, accepts cookies and registers; the affiliate sees the click and the sign-up and copies the link', async () => {
    const { ctx } = env.server;
    const affiliate = await createUser(ctx, { roles: ['affiliate'], name: 'Ada Referrer' });
    const code = `ada-${randomUUID().slice(0, 8)}`;
    await ctx.db.insert(affiliates).values({ userId: affiliate.id, commissionBps: 2500, commissionMonths: 12 });
    await ctx.db.insert(affiliateCodes).values({ code, affiliateUserId: affiliate.id, label: 'Newsletter' });

    const visitorEmail = `referred-${Date.now()}@example.test`;
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      await page.goto(`${env.server.baseUrl}/r/${code}`);
      await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      expect((await context.cookies()).find((c) => c.name === 'crate_ref')).toBeUndefined();
      await banner.getByRole('button', { name: 'Accept all' }).click();
      await banner.waitFor({ state: 'detached' });
      const cookie = (await context.cookies()).find((c) => c.name === 'crate_ref');
      expect(cookie?.value).toMatch(new RegExp(`^${code}\\.\\d{13}\\.[\\w-]+$`));
      const expiresInDays = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(expiresInDays).toBeGreaterThan(29.9);
      expect(expiresInDays).toBeLessThanOrEqual(30);

      await page.goto(`${env.server.baseUrl}/register`);
      await page.getByLabel('E-mail').fill(visitorEmail);
      await page.getByLabel(/^Password/).fill('referred-password-123');
      await page.getByLabel('Display name').fill('Referred Rita');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectPage(page, { path: '/account', heading: 'Account', title: 'Account · Crate' });
    } finally {
      await context.close();
    }
    const [referred] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, visitorEmail));
    const [referral] = await ctx.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.referredUserId, referred!.id));
    expect(referral).toMatchObject({ affiliateUserId: affiliate.id, code, status: 'active' });

    await withPage(env, affiliate, async (page, affiliateContext) => {
      await affiliateContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.baseUrl });
      await page.goto(`${env.server.baseUrl}/affiliate`);
      await expectHeading(page, 'Affiliate');
      const figure = (label: string) => page.getByRole('group', { name: label });
      await figure('Clicks, all time').getByText('1', { exact: true }).waitFor();
      await figure('Clicks, last 30 days').getByText('1', { exact: true }).waitFor();
      await figure('Sign-ups').getByText('1', { exact: true }).waitFor();
      await figure('Paying customers').getByText('0', { exact: true }).waitFor();
      const links = page.getByRole('table', { name: 'Your referral links' });
      const link = `${ctx.config.publicUrl}/r/${code}`;
      await links.getByText(link).waitFor();
      // Who registered is never shown to the affiliate.
      expect(await page.content()).not.toContain('Referred Rita');
      expect(await page.content()).not.toContain(visitorEmail);

      await links.getByRole('button', { name: `Copy the link of ${code}` }).click();
      await links.getByRole('button', { name: `Copied the link of ${code}` }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByText('No commission yet').waitFor();
    });
  });
});
