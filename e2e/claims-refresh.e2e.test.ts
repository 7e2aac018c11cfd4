import { describe, expect, test } from 'vitest';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, setRolesInDb, signInContext } from './harness.ts';
import { expectPage } from './page-helpers.ts';

/**
 * docs/product-overview.md §4: when the server's claims_updated_at differs from the stored one, the client force-refreshes
 * claims, stores the new timestamp and re-evaluates guards.
 */
describe.skipIf(!e2eEnabled())('claims refresh when roles change', () => {
  const env = e2eEnvironment();


  test('a role granted or removed server-side opens or closes the guarded page on the next load', async () => {
    const user = await createUser(env.server.ctx);
    const context = await env.browser.newContext();
    context.setDefaultTimeout(10_000);
    try {
      await signInContext(context, env.server.baseUrl, user);
      const page = await context.newPage();
      const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('crate.profile') ?? 'null') as { roles: string[]; claims_updated_at: unknown });
      const dashboard = '/creator?tab=packs#recent';
      const refused = { path: `/forbidden?redirect=${encodeURIComponent(dashboard)}`, heading: 'No access', title: 'No access · Crate' };
      const allowed = { path: dashboard, heading: 'Creator dashboard', title: 'Creator dashboard · Crate' };

      await page.goto(env.server.baseUrl + dashboard);
      await expectPage(page, refused);
      const before = await stored();
      expect(before.roles).toEqual([]);

      await setRolesInDb(env.server.ctx, user.id, ['collaborator']);
      await page.goto(env.server.baseUrl + dashboard);
      await expectPage(page, allowed);
      const granted = await stored();
      expect(granted.roles).toEqual(['collaborator']);
      expect(granted.claims_updated_at).not.toEqual(before.claims_updated_at);

      // Removed while the stored profile still says collaborator: the server's answer wins.
      // (reload: a goto to the same URL with a hash would only scroll.)
      await setRolesInDb(env.server.ctx, user.id, []);
      await page.reload();
      await expectPage(page, refused);
      const removed = await stored();
      expect(removed.roles).toEqual([]);
      expect(removed.claims_updated_at).not.toEqual(granted.claims_updated_at);
    } finally {
      await context.close();
    }
  });

  test('the page that is open re-checks when the window regains focus', async () => {
    const user = await createUser(env.server.ctx, { roles: ['creator'] });
    const context = await env.browser.newContext();
    context.setDefaultTimeout(10_000);
    try {
      await signInContext(context, env.server.baseUrl, user);
      const page = await context.newPage();
      await page.goto(`${env.server.baseUrl}/packupload`);
      await expectPage(page, { path: '/packupload', heading: 'Upload a pack', title: 'Upload a pack · Crate' });
      await setRolesInDb(env.server.ctx, user.id, ['subscriber']);
      // The user comes back to the tab (TanStack Query's focus manager listens for visibilitychange).
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await expectPage(page, { path: `/forbidden?redirect=${encodeURIComponent('/packupload')}`, heading: 'No access', title: 'No access · Crate' });
    } finally {
      await context.close();
    }
  });
});
