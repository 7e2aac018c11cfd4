import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { affiliateCodes, affiliateReferrals, affiliates, users } from '../apps/server/src/db/schema/index.ts';
import { seedPaymentCatalogue } from '../apps/server/test/payment-catalogue-fixture.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, linkTo, newestMailTo } from './harness.ts';
import { expectHeading, expectPage, withPage } from './page-helpers.ts';

/**
 * Issue 29 (decisions 0056, 0059): a visitor arrives through an affiliate's link, accepts cookies, registers and
 * subscribes with the sandbox's test card; the affiliate signs in and finds one click, one sign-up, one paying
 * customer and the commission on /affiliate, and copies their link.
 */
describe.skipIf(!e2eEnabled())('affiliate links', () => {
  const env = e2eEnvironment();

  beforeAll(async () => {
    await seedPaymentCatalogue(env.server.ctx);
  });

  test('a visitor comes through /r/{code}, accepts cookies, registers and subscribes; the affiliate sees the click, the sign-up, the paying customer and the commission, and copies the link', async () => {
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
      // Paying waits for a confirmed e-mail (decision 0069): Rita follows the link of the e-mail she got.
      await page.goto(`${env.server.baseUrl}${linkTo(await newestMailTo(env.server, visitorEmail, '/verifyemail?token='), '/verifyemail')}`);
      await page.locator('#main-content').getByText('E-mail confirmed', { exact: true }).waitFor();

      // Subscribes to Starter ($9.99) with the sandbox's success card.
      await page.goto(`${env.server.baseUrl}/pricing`);
      await expectHeading(page, 'Pricing');
      await page.locator('#main-content').getByRole('region', { name: 'Starter plan' }).getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Subscribe \$9\.99$/ }).click();
      await page.waitForURL(/\/pricing\?checkout=/);
      await page.locator('#main-content').getByTestId('checkout-complete').waitFor({ timeout: 20_000 });
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
      await figure('Paying customers').getByText('1', { exact: true }).waitFor();
      const links = page.getByRole('table', { name: 'Your referral links' });
      const link = `${ctx.config.publicUrl}/r/${code}`;
      await links.getByText(link).waitFor();
      // Who registered is never shown to the affiliate.
      expect(await page.content()).not.toContain('Referred Rita');
      expect(await page.content()).not.toContain(visitorEmail);

      await links.getByRole('button', { name: `Copy the link of ${code}` }).click();
      await links.getByRole('button', { name: `Copied the link of ${code}` }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      // 25 % of $9.99 is 249.75 cents, rounded down: pending until its month is approved.
      const months = page.getByRole('table', { name: 'Commission by month' });
      const row = months.getByRole('row').nth(1);
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual([expect.any(String), '1', '$2.49', '$0', '$0', '$0']);
    });
  });
});
