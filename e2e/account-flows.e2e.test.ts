import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, linkTo, newestMailTo } from './harness.ts';
import { currentPath, expectHeading, expectPage, waitForPath } from './page-helpers.ts';

/** What a person does with their account, through the UI, against the real server. */
describe.skipIf(!e2eEnabled())('account flows', () => {
  const env = e2eEnvironment();


  async function withPage<T>(run: (page: Page) => Promise<T>): Promise<T> {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(10_000);
    try {
      return await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  test('register → log out → reset the password from the outbox link → log in with the new password', async () => {
    await withPage(async (page) => {
      const email = `reset-${Date.now()}@example.test`;
      await page.goto(`${env.server.baseUrl}/register`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel(/^Password/).fill('first-password-123');
      await page.getByLabel('Display name').fill('Dana Beats');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectPage(page, { path: '/account', heading: 'Account', title: 'Account · Crate' });
      await page.getByText('Dana Beats').first().waitFor();
      // A new account has no role: the account page says what it is in plain words.
      await page.getByText('Account type').waitFor();
      await page.getByText('Member: you can browse, play and buy sounds.').waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('crate.profile') ?? 'null'));
      expect(stored).toMatchObject({ email, display_name: 'Dana Beats', credits: 0 });

      await page.goto(`${env.server.baseUrl}/logout`);
      await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      const reset = await page.evaluate(() => JSON.parse(localStorage.getItem('crate.profile') ?? 'null'));
      expect(reset).toMatchObject({ uid: '', email: '', credits: 0, roles: [], is_admin: false });

      await page.goto(`${env.server.baseUrl}/resetpassword`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('E-mail on its way').waitFor();

      const mail = await newestMailTo(env.server, email, '/resetpassword?token=');
      await page.goto(env.server.baseUrl + linkTo(mail, '/resetpassword'));
      await page.getByLabel('New password').fill('second-password-456');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await waitForPath(page, '/login');
      await page.getByRole('status').filter({ hasText: 'Your password was changed. Log in with your new password.' }).waitFor();

      await logIn(page, email, 'first-password-123');
      await page.getByText('Wrong e-mail or password.').waitFor();
      await page.getByLabel(/^Password/).fill('second-password-456');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });
      await page.getByTestId('account-menu').waitFor();
    });
  });

  test('registering with a used e-mail says only "check your inbox", stays signed out, and the owner is told by e-mail', async () => {
    const user = await createUser(env.server.ctx);
    await withPage(async (page) => {
      await page.goto(`${env.server.baseUrl}/register`);
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel(/^Password/).fill('another-password-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('status').getByText('Check your inbox').waitFor();
      expect(await page.getByText(/already exists/).count()).toBe(0);
      expect(currentPath(page)).toBe('/register');
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      const mail = await newestMailTo(env.server, user.email, '/resetpassword');
      expect(mail).toContain('Subject: Someone tried to create a Crate account with your e-mail');
    });
  });

  test('a guarded deep link → forbidden → log in → back on the original path, query and hash', async () => {
    const user = await createUser(env.server.ctx);
    await withPage(async (page) => {
      const original = '/settings?tab=prefs#email-preferences';
      await page.goto(env.server.baseUrl + original);
      await expectPage(page, { path: `/forbidden?redirect=${encodeURIComponent(original)}`, heading: 'Sign in required', title: 'Sign in required · Crate' });
      await page.getByRole('link', { name: 'Log in' }).last().click();
      await waitForPath(page, `/login?redirect=${encodeURIComponent(original)}`);
      await logIn(page, user.email, user.password);
      await expectPage(page, { path: original, heading: 'Settings', title: 'Settings · Crate' });
    });
  });

  test.each(['//evil.com', 'https:evil.com', '/\\evil.com', 'https://evil.com/phish', '/.//evil.com'])('login refuses the open redirect %s and lands on /', async (redirect) => {
    const user = await createUser(env.server.ctx);
    await withPage(async (page) => {
      await page.goto(`${env.server.baseUrl}/login?redirect=${encodeURIComponent(redirect)}`);
      await logIn(page, user.email, user.password);
      await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });
      expect(new URL(page.url()).origin).toBe(env.server.baseUrl);
    });
  });

  test('an unknown path shows Discover (and keeps the URL)', async () => {
    await withPage(async (page) => {
      await page.goto(`${env.server.baseUrl}/no/such/page?x=1`);
      await expectPage(page, { path: '/no/such/page?x=1', heading: 'Discover', title: 'Discover · Crate' });
    });
  });

  test('settings: profile saved, e-mail preference toggled, content agreement accepted for good', async () => {
    const user = await createUser(env.server.ctx);
    await withPage(async (page) => {
      await page.goto(`${env.server.baseUrl}/login?redirect=%2Fsettings`);
      await logIn(page, user.email, user.password);
      await expectHeading(page, 'Settings');

      await page.getByLabel('Display name').fill('Kai Loops');
      await page.getByLabel('Zip or postal code').fill('not a zip!');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Enter a valid zip or postal code').waitFor();
      await page.getByLabel('Zip or postal code').fill('10115');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile saved.').waitFor();

      const creatorNews = page.getByRole('switch', { name: 'Creator news' });
      const before = await creatorNews.isChecked();
      await creatorNews.click({ force: true });
      await page.getByText('E-mail preferences saved.').waitFor();
      expect(await creatorNews.isChecked()).toBe(!before);

      await page.getByLabel('I accept the Crate content agreement').check({ force: true });
      await page.getByRole('button', { name: 'Accept agreement' }).click();
      await page.getByText('Accepted. This cannot be withdrawn.').waitFor();
      expect(await page.getByLabel('I accept the Crate content agreement').isDisabled()).toBe(true);

      await page.reload();
      await expectHeading(page, 'Settings');
      expect(await page.getByLabel('Display name').inputValue()).toBe('Kai Loops');
      expect(await page.getByLabel('Zip or postal code').inputValue()).toBe('10115');
      expect(await page.getByLabel('I accept the Crate content agreement').isChecked()).toBe(true);

      await page.goto(`${env.server.baseUrl}/account`);
      await page.getByText('Kai Loops').first().waitFor();
    });
  });

  test('deactivate from settings (confirm dialog) → signed out → login refused with a way to recovery', async () => {
    const user = await createUser(env.server.ctx);
    await withPage(async (page) => {
      await page.goto(`${env.server.baseUrl}/login?redirect=%2Fsettings%23deactivate`);
      await logIn(page, user.email, user.password);
      await expectHeading(page, 'Settings');
      await page.getByRole('button', { name: 'Deactivate account…' }).click();
      await page.getByRole('dialog', { name: 'Deactivate your account?' }).waitFor();
      await page.getByRole('button', { name: 'Deactivate account', exact: true }).click();
      await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });

      await page.goto(`${env.server.baseUrl}/login`);
      await logIn(page, user.email, user.password);
      await page.getByRole('link', { name: 'Recover your account' }).click();
      await expectPage(page, { path: '/accountrecovery', heading: 'Account recovery', title: 'Account recovery · Crate' });
    });
  });

  test('update password while signed in', async () => {
    const user = await createUser(env.server.ctx);
    await withPage(async (page) => {
      await page.goto(`${env.server.baseUrl}/login?redirect=%2Fupdatepassword`);
      await logIn(page, user.email, user.password);
      await expectHeading(page, 'Update password');
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel('New password').fill('brand-new-password-1');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Your current password is not correct.').waitFor();
      await page.getByLabel('Current password').fill(user.password);
      await page.getByRole('button', { name: 'Update password' }).click();
      await expectPage(page, { path: '/account', heading: 'Account', title: 'Account · Crate' });
    });
  });

  test('too many log-in attempts from one address: told to wait', async () => {
    await withPage(async (page) => {
      await page.goto(`${env.server.baseUrl}/login`);
      // A different unknown e-mail each time: the limit per address shows, not the pause per e-mail (decision 0016).
      for (let attempt = 0; attempt < 10; attempt++) {
        await logIn(page, `nobody-${attempt}@example.test`, 'wrong-password-1');
        await page.getByText('Wrong e-mail or password.').waitFor();
        await page.getByRole('button', { name: 'Log in' }).and(page.locator(':not([data-loading])')).waitFor();
      }
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('Too many attempts. Wait a minute, then try again.').waitFor();
    });
  });
});
