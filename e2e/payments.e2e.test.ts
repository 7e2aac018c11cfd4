import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { paymentReceipts, subscriptions } from '../apps/server/src/db/schema/index.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { seedPaymentCatalogue } from '../apps/server/test/payment-catalogue-fixture.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress } from './harness.ts';
import { expectHeading, withPage as openPage } from './page-helpers.ts';

/**
 * Paying with the sandbox, in Chromium, against the real server: Pricing opens the sandbox's hosted card
 * page, its signed webhook events come back to our own endpoint through the job queue, and the page the
 * checkout started on shows the outcome — credits for the success card, a clear decline that charges
 * nothing, and a pending payment that completes by itself while the page is open.
 */
describe.skipIf(!e2eEnabled())('paying with the sandbox', () => {
  const env = e2eEnvironment();

  beforeAll(async () => {
    await seedPaymentCatalogue(env.server.ctx);
  });

  const withPage = <T,>(user: TestUser | null, run: (page: Page, context: BrowserContext) => Promise<T>) => openPage(env, user, run, 15_000);

  const main = (page: Page) => page.locator('#main-content');
  const balance = (page: Page) => page.locator('header').getByRole('link', { name: /credits?$/ });
  const starter = (page: Page) => main(page).getByRole('region', { name: 'Starter plan' });

  async function payWith(page: Page, card: string) {
    await page.goto(`${env.server.baseUrl}/pricing`);
    await expectHeading(page, 'Pricing');
    await starter(page).getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
    await page.getByRole('heading', { name: 'Pay Crate' }).waitFor();
    await page.getByLabel('Card number').fill(card);
    await page.getByRole('button', { name: /^Subscribe \$9\.99$/ }).click();
  }

  test('a new user subscribes with the success card and sees the plan and the credits', async () => {
    const user = await createUser(env.server.ctx, {});
    await withPage(user, async (page) => {
      await payWith(page, '4242 4242 4242 4242');
      await page.waitForURL(/\/pricing\?checkout=/);
      await main(page).getByTestId('checkout-complete').waitFor({ timeout: 20_000 });
      await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('100 credits');
      await starter(page).getByText('Your plan').waitFor();
      expect(await starter(page).getByRole('button', { name: 'Your current plan' }).isDisabled()).toBe(true);
      await main(page).getByRole('region', { name: 'Pro plan' }).getByRole('button', { name: 'Upgrade now' }).waitFor();

      // Account: the plan with its renewal date, the credits with their expiry, the receipt.
      await page.goto(`${env.server.baseUrl}/account`);
      await expectHeading(page, 'Account');
      const plan = main(page).getByTestId('plan-card');
      await plan.getByText('Starter · $9.99 / month').waitFor();
      await plan.getByText('Active').waitFor();
      await main(page).getByTestId('credits').getByText('100').waitFor();
      const history = main(page).getByRole('table', { name: 'Credit history' });
      await history.getByText('Plan credits').waitFor();
      await history.getByText('With your plan').waitFor();
      await history.getByText('· 100 left').waitFor();
      await main(page).getByRole('table', { name: 'Receipts' }).getByText('Starter plan (monthly)').waitFor();

      // Cancelling is confirmed with the date it ends; it keeps the plan until then; keeping it undoes that.
      await plan.getByRole('button', { name: 'Cancel at renewal' }).click();
      const confirmCancel = page.getByRole('dialog', { name: 'Cancel your plan?' });
      await confirmCancel.getByText(/Starter stays on until .+, then ends: the \$9\.99 renewal on .+ is not charged/).waitFor();
      await confirmCancel.getByText('Your 100 unused credits can be spent until then; they end with the plan.', { exact: false }).waitFor();
      await confirmCancel.getByRole('button', { name: 'Cancel at renewal' }).click();
      await plan.getByText('Cancelled, active until renewal date').waitFor();
      await plan.getByText('Ends').waitFor();
      await plan.getByRole('button', { name: 'Keep my plan' }).click();
      await plan.getByText('Active').waitFor();
      await plan.getByText('Renews').waitFor();

      // A refill, bought the same way, adds its credits.
      await page.goto(`${env.server.baseUrl}/creditrefill`);
      await expectHeading(page, 'Refill credits');
      await main(page).getByRole('region', { name: '50 credit refill' }).getByRole('button', { name: /^Buy 50 credits/ }).click();
      await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Pay \$5\.99$/ }).click();
      await page.waitForURL(/\/creditrefill\?checkout=/);
      await main(page).getByTestId('checkout-complete').waitFor({ timeout: 20_000 });
      await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('150 credits');
    });
  }, 60_000);

  test('an upgrade is confirmed with the amount charged today and the dates, and charges exactly that', async () => {
    const user = await createUser(env.server.ctx, {});
    await withPage(user, async (page) => {
      await payWith(page, '4242 4242 4242 4242');
      await main(page).getByTestId('checkout-complete').waitFor({ timeout: 20_000 });
      const pro = main(page).getByRole('region', { name: 'Pro plan' });
      await pro.getByRole('button', { name: 'Upgrade now' }).click();

      // Nothing has changed yet: the dialog says what the click will do, to the cent and the day.
      const today = await page.evaluate(() => new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }));
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro now?' });
      const summary = dialog.getByTestId('plan-change-summary');
      await summary.getByText(`Pro starts today, ${today}, with 300 new credits.`, { exact: false }).waitFor();
      await summary.getByText(new RegExp(`^Pro, ${today} – `)).waitFor();
      await summary.getByText('$19.99', { exact: true }).waitFor();
      // Subscribed seconds ago: almost all of Starter's $9.99 is unused, and credited.
      await summary.getByText('Unused time on Starter').waitFor();
      await summary.getByText('−$9.99').waitFor();
      await summary.getByText('Charged today').waitFor();
      await summary.getByText('$10', { exact: true }).waitFor();
      await summary.getByText(/^Then \$19\.99 on .+, and \$19\.99 every month after, until you cancel\.$/).waitFor();
      if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/plan-upgrade-confirmation.png` });
      expect(await env.server.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id))).toHaveLength(1);

      await dialog.getByRole('button', { name: 'Pay $10 and upgrade' }).click();
      await pro.getByRole('status').getByText(/^Upgraded/).waitFor();
      await expect.poll(() => balance(page).textContent(), { timeout: 15_000 }).toBe('400 credits');
      await pro.getByText('Your plan').waitFor();

      await page.goto(`${env.server.baseUrl}/account`);
      const receipts = main(page).getByRole('table', { name: 'Receipts' });
      const upgrade = receipts.getByRole('row').filter({ hasText: 'Pro plan (monthly), upgrade: unused time of the previous plan credited' });
      await upgrade.getByText('$10').waitFor();
    });
    const receipts = await env.server.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id));
    expect(receipts.map((r) => r.amount).sort()).toEqual([1000, 999]);
  }, 60_000);

  test('a visitor who clicks Subscribe is told to sign in, in SPEC words', async () => {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
    try {
      const page = await context.newPage();
      await page.goto(`${env.server.baseUrl}/pricing`);
      await expectHeading(page, 'Pricing');
      await starter(page).getByRole('button', { name: 'Subscribe' }).click();
      await starter(page).getByText('Failed to determine currently signed in user. User not signed in.').waitFor();
      expect(await starter(page).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fpricing');
    } finally {
      await context.close();
    }
  });

  test('the declined card says so clearly and charges nothing', async () => {
    const user = await createUser(env.server.ctx, {});
    await withPage(user, async (page) => {
      await payWith(page, '4000 0000 0000 0002');
      await page.getByRole('alert').getByText('Your card was declined. Nothing was charged; try another card.').waitFor();
      expect(page.url()).toMatch(/\/sandbox\/checkout\/cs_sbx_.*\/pay$/);
      await env.server.ctx.jobs.drain();
      expect(await env.server.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id))).toHaveLength(0);
      expect(await env.server.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
      // Leaving the page returns to Pricing, which says nothing was charged.
      await page.getByRole('link', { name: /Cancel and return to Crate/ }).click();
      await main(page).getByTestId('checkout-cancelled').waitFor();
      await expect.poll(() => balance(page).textContent()).toBe('0 credits');
    });
  });

  test('a pending payment shows as pending, then completes later and the page updates by itself', async () => {
    const user = await createUser(env.server.ctx, {});
    await withPage(user, async (page) => {
      await payWith(page, '4000 0000 0000 0101');
      await page.waitForURL(/\/pricing\?checkout=/);
      await main(page).getByTestId('checkout-pending').waitFor({ timeout: 20_000 });
      expect(await balance(page).textContent()).toBe('0 credits');
      // The sandbox settles it a few seconds later (SANDBOX_PENDING_SECONDS); nobody reloads the page.
      await main(page).getByTestId('checkout-complete').waitFor({ timeout: 40_000 });
      await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('100 credits');
    });
  }, 90_000);
});
