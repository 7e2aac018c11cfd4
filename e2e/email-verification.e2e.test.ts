import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { seedPaymentCatalogue } from '../apps/server/test/payment-catalogue-fixture.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { linkTo, newestMailTo } from './harness.ts';
import { expectPage, withPage } from './page-helpers.ts';

/**
 * A newcomer confirms their e-mail (docs/decisions/0069), in Chromium against the real server: the banner asks for it,
 * paying is refused with a way to a new link, the e-mailed link confirms it, and then the same action goes through.
 */
describe.skipIf(!e2eEnabled())('confirming the e-mail', () => {
  const env = e2eEnvironment();

  beforeAll(async () => {
    await seedPaymentCatalogue(env.server.ctx);
  });

  const main = (page: Page) => page.locator('#main-content');
  const banner = (page: Page) => page.getByTestId('verify-email-banner');
  const starter = (page: Page) => main(page).getByRole('region', { name: 'Starter plan' });

  test('sign up → banner → paying refused with "Send a new link" → the e-mailed link confirms → banner gone → paying opens the checkout', async () => {
    await withPage(
      env,
      null,
      async (page) => {
        const email = `newcomer-${Date.now()}@example.test`;
        await page.goto(`${env.server.baseUrl}/register`);
        await page.getByLabel('E-mail').fill(email);
        await page.getByLabel(/^Password/).fill('first-password-123');
        await page.getByLabel('Display name').fill('Nia Loops');
        await page.getByRole('button', { name: 'Create account' }).click();
        await expectPage(page, { path: '/account', heading: 'Account', title: 'Account · Crate' });
        await banner(page).getByText('Confirm your e-mail').waitFor();
        await banner(page).getByText(email).waitFor();

        // Browsing works; paying is refused, with the words and the way to a new link where it was refused.
        await page.goto(`${env.server.baseUrl}/pricing`);
        await starter(page).getByRole('button', { name: 'Subscribe' }).click();
        const refused = starter(page).getByRole('alert');
        await refused.getByText('Confirm your e-mail address first', { exact: false }).waitFor();
        await refused.getByRole('button', { name: 'Send a new link' }).click();
        await refused.getByRole('status').getByText(`Sent a new link to ${email} at`, { exact: false }).waitFor();
        expect(page.url()).toContain('/pricing');

        const mail = await newestMailTo(env.server, email, '/verifyemail?token=');
        await page.goto(`${env.server.baseUrl}${linkTo(mail, '/verifyemail')}`);
        await main(page).getByText('E-mail confirmed', { exact: true }).waitFor();
        await main(page).getByText(`${email} is confirmed.`, { exact: false }).waitFor();
        await banner(page).waitFor({ state: 'detached' });

        await page.goto(`${env.server.baseUrl}/pricing`);
        await starter(page).getByRole('button', { name: 'Subscribe' }).click();
        await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
        await page.getByRole('heading', { name: 'Pay Crate' }).waitFor();
      },
      15_000,
    );
  });

  test('a used link says so and offers a new one to a visitor after logging in', async () => {
    await withPage(env, null, async (page) => {
      await page.goto(`${env.server.baseUrl}/verifyemail?token=${'A'.repeat(43)}`);
      await main(page).getByText('This link did not work.').waitFor();
      await main(page).getByText('This link is not valid or was already used.', { exact: false }).waitFor();
      await main(page).getByRole('link', { name: 'Log in to send a new link' }).waitFor();
    });
  });
});
