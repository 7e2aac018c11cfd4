import { describe, expect, test } from 'vitest';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, signInContext } from './harness.ts';
import { expectPage } from './page-helpers.ts';

describe.skipIf(!e2eEnabled())('admin user management', () => {
  const env = e2eEnvironment();

  test("an admin finds a user from /admin and disables them: the user's open session stops at once and sign-in says the account is disabled", async () => {
    const admin = await createUser(env.server.ctx, { roles: ['admin'], name: 'Ada Admin' });
    const user = await createUser(env.server.ctx, { roles: ['subscriber'], name: 'Mallory Loops', email: `mallory-${Date.now()}@example.test` });

    const adminContext = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    const userContext = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    adminContext.setDefaultTimeout(10_000);
    userContext.setDefaultTimeout(10_000);
    try {
      // The user's browser is open on their account.
      await signInContext(userContext, env.server.baseUrl, user);
      const userPage = await userContext.newPage();
      await userPage.goto(`${env.server.baseUrl}/account`);
      await expectPage(userPage, { path: '/account', heading: 'Account', title: 'Account · Crate' });
      await userPage.getByText(user.email).first().waitFor();

      // The admin searches from /admin, opens the account and disables it with a reason.
      await signInContext(adminContext, env.server.baseUrl, admin);
      const page = await adminContext.newPage();
      await page.goto(`${env.server.baseUrl}/admin`);
      await expectPage(page, { path: '/admin', heading: 'Admin', title: 'Admin · Crate' });
      await page.getByRole('heading', { name: 'Needs attention' }).waitFor();
      await page.getByRole('search', { name: 'User search' }).getByRole('textbox', { name: 'Find a user' }).fill('mallory');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL('**/manageuser?q=mallory');
      await page.getByRole('table', { name: 'Accounts' }).getByRole('link', { name: 'Mallory Loops' }).click();
      await page.waitForURL(`**/manageuser/${user.id}`);
      const status = page.getByRole('region', { name: 'Status' });
      await status.getByText('Active').waitFor();
      // No reason, no disabling.
      expect(await status.getByRole('button', { name: 'Disable account' }).isDisabled()).toBe(true);
      await status.getByLabel('Why disable it').fill('Chargebacks on three cards');
      await status.getByRole('button', { name: 'Disable account' }).click();
      await status.getByText('Disabled', { exact: true }).waitFor();
      await status.getByText(/Chargebacks on three cards/).waitFor();

      // The user's open session stops working at once: their next request is signed out, and the page follows.
      const refused = await userPage.request.get(`${env.server.baseUrl}/api/profile`);
      expect(refused.status()).toBe(401);
      await userPage.reload();
      await userPage.getByRole('link', { name: 'Log in' }).first().waitFor();
      // The header may say "Log in" a moment before the account screen's guard leaves /account: wait for the move.
      await userPage.waitForURL((url) => url.pathname !== '/account', { timeout: 10_000 });

      // Signing in again is refused with SPEC's "user disabled" message.
      await userPage.goto(`${env.server.baseUrl}/login`);
      await userPage.getByLabel('E-mail').fill(user.email);
      await userPage.getByLabel(/^Password/).fill(user.password);
      await userPage.getByRole('button', { name: 'Log in' }).click();
      await userPage.getByText('This account has been disabled by Crate staff.', { exact: false }).waitFor();
      expect(new URL(userPage.url()).pathname).toBe('/login');

      // The account's audit trail shows who did it.
      await page.getByRole('tab', { name: 'Audit trail' }).click();
      const trail = page.getByRole('table', { name: 'Audit trail' });
      await trail.getByText('user.disabled').waitFor();
      await trail.getByRole('link', { name: 'Ada Admin' }).waitFor();
    } finally {
      await adminContext.close();
      await userContext.close();
    }
  });
});
