import { describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { trackingEvents } from '../apps/server/src/db/schema/index.ts';
import { addCredits } from '../apps/server/src/features/credits/credit-ledger-service.ts';
import { creatorFixture, packWithSounds, toneWav } from '../apps/server/test/pack-review-fixtures.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, signInContext } from './harness.ts';
import { currentPath, expectHeading, expectPage, navigateInApp, waitForPath } from './page-helpers.ts';

/** The shell's app-wide behaviour: consent and tracking, metadata, scrolling, chunk reloads, back, bottom sheet. */
describe.skipIf(!e2eEnabled())('app shell', () => {
  const env = e2eEnvironment();


  async function withContext<T>(run: (context: BrowserContext, page: Page) => Promise<T>, options: BrowserContextOptions = {}): Promise<T> {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() }, ...options });
    context.setDefaultTimeout(10_000);
    try {
      return await run(context, await context.newPage());
    } finally {
      await context.close();
    }
  }

  const fbcCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === '_fbc');
  const fbpCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === '_fbp');

  async function eventsFor(fbc: string) {
    const rows = await env.server.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.fbc, fbc));
    return rows.map((r) => `${r.eventType} ${r.route}${r.email ? ` ${r.email}` : ''}`).sort();
  }

  async function waitForEvents(fbc: string, count: number): Promise<string[]> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const events = await eventsFor(fbc);
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  describe('cookie consent and tracking', () => {
    test('fbclid before consent waits; "Accept all" sets _fbc; path changes then fire the callables', async () => {
      await withContext(async (context, page) => {
        await page.goto(`${env.server.baseUrl}/?fbclid=AbC_123`);
        await expectHeading(page, 'Discover');
        const banner = page.getByRole('region', { name: 'Cookie consent' });
        await banner.waitFor();
        expect(await fbcCookie(context)).toBeUndefined();
        expect(await fbpCookie(context)).toBeUndefined();
        expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();

        await banner.getByRole('button', { name: 'Accept all' }).click();
        await banner.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
        const cookie = await fbcCookie(context);
        expect(cookie?.value).toMatch(/^fb\.1\.\d{13}\.AbC_123$/);
        expect((await fbpCookie(context))?.value).toMatch(/^fb\.1\.\d{13}\.\d{10}$/);
        const expiresInDays = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
        expect(expiresInDays).toBeGreaterThan(89.9);
        expect(expiresInDays).toBeLessThanOrEqual(90);

        const fbc = cookie!.value;
        await navigateInApp(page, '/pack/demo');
        await expectHeading(page, 'Pack');
        expect(await waitForEvents(fbc, 2)).toEqual(['PageView /pack/demo', 'ViewContent /pack/demo']);

        await navigateInApp(page, '/faq');
        await expectHeading(page, 'FAQ');
        await navigateInApp(page, '/faq?q=licences#top');
        expect(await waitForEvents(fbc, 3)).toEqual(['PageView /faq', 'PageView /pack/demo', 'ViewContent /pack/demo']);
        // Only the query changed: no further event.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await eventsFor(fbc)).toHaveLength(3);
      });
    });

    test('"Essential only": no _fbc, no tracking', async () => {
      await withContext(async (context, page) => {
        await page.goto(`${env.server.baseUrl}/?fbclid=Essential_1`);
        await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Essential only' }).click();
        expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('essential');
        await navigateInApp(page, '/bundle/demo?fbclid=Essential_2');
        await expectHeading(page, 'Bundle');
        expect(await fbcCookie(context)).toBeUndefined();
        expect(await fbpCookie(context)).toBeUndefined();
      });
    });

    test('with consent given earlier, a signed-in landing is tracked at once with the e-mail', async () => {
      const user = await createUser(env.server.ctx);
      await withContext(async (context, page) => {
        await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
        await signInContext(context, env.server.baseUrl, user);
        await page.goto(`${env.server.baseUrl}/bundle/demo?fbclid=Signed_In_1`);
        await expectHeading(page, 'Bundle');
        expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
        const fbc = (await fbcCookie(context))!.value;
        expect(await waitForEvents(fbc, 2)).toEqual([`PageView /bundle/demo ${user.email}`, `ViewContent /bundle/demo ${user.email}`]);
      });
    });

    test('/metapassthrough fires the named event, then goes to the redirect path', async () => {
      await withContext(async (context, page) => {
        await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
        await page.goto(`${env.server.baseUrl}/metapassthrough?fbclid=Pass_1&event_type=ViewContent&redirect=${encodeURIComponent('/products/lofi-keys?ref=ad#tracks')}`);
        await expectPage(page, { path: '/products/lofi-keys?ref=ad#tracks', heading: 'Pack', title: 'Pack · Crate' });
        const fbc = (await fbcCookie(context))!.value;
        const events = await waitForEvents(fbc, 3);
        expect(events).toContain('ViewContent /products/lofi-keys');
        expect(events).toContain('PageView /products/lofi-keys');
        expect(events.some((e) => e.includes('/metapassthrough'))).toBe(false);
      });
    });

    test('the banner never covers the end of a long studio upload list, on a desktop and a phone', async () => {
      const owner = await creatorFixture(env.server);
      const sounds = Array.from({ length: 40 }, (_, i) => ({ name: `Hit ${String(i + 1).padStart(2, '0')}.wav`, body: toneWav(200 + 10 * i, 0.05) }));
      const { pack } = await packWithSounds(env.server, owner, sounds, PACK_STATUS.draft, 'Forty Hits');
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await withContext(
          async (context, page) => {
            await signInContext(context, env.server.baseUrl, owner.user);
            await page.goto(`${env.server.baseUrl}/packupload/${pack.id}`);
            await expectHeading(page, 'Forty Hits', 15_000);
            await page.getByRole('button', { name: /Files\s*Drop a folder/ }).click();
            const lastRow = page.getByRole('table', { name: 'Files in the pack' }).getByRole('row', { name: /Hit 40\.wav/ });
            await lastRow.waitFor();
            const banner = page.getByRole('region', { name: 'Cookie consent' });
            await banner.waitFor();

            // The list scrolls within itself to its last row; the page then scrolls that row whole onto the banner's top edge.
            await lastRow.scrollIntoViewIfNeeded();
            const rowRestsOnBanner = async () => {
              const bannerTop = (await banner.boundingBox())!.y;
              return lastRow.evaluate((tr, top) => {
                window.scrollBy(0, tr.getBoundingClientRect().bottom - top);
                const box = tr.getBoundingClientRect();
                return Math.abs(box.bottom - top) < 1 && tr.contains(document.elementFromPoint(Math.max(box.left, 0) + 8, box.top + box.height / 2));
              }, bannerTop);
            };
            await expect.poll(rowRestsOnBanner).toBe(true);
            if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/cookie-banner-${viewport.width}x${viewport.height}.png` });
            // Scrolled to its end, the whole page (its footer last) is above the banner: nothing stays underneath.
            const footerEndsAboveBanner = async () => {
              await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
              const [footer, over] = await Promise.all([page.locator('footer').boundingBox(), banner.boundingBox()]);
              return footer!.y + footer!.height <= over!.y;
            };
            await expect.poll(footerEndsAboveBanner).toBe(true);

            // Once answered, the room it kept goes: the footer ends at the bottom of the window again.
            await banner.getByRole('button', { name: 'Essential only' }).click();
            await banner.waitFor({ state: 'detached' });
            await expect
              .poll(async () => {
                await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
                const footer = (await page.locator('footer').boundingBox())!;
                return Math.round(footer.y + footer.height);
              })
              .toBe(viewport.height);
          },
          { viewport },
        );
      }
    });

    test.each(['//evil.com/x', '/.//evil.com', '/..//evil.com/x'])('/metapassthrough never leaves the site (redirect %s)', async (redirect) => {
      await withContext(async (_context, page) => {
        await page.goto(`${env.server.baseUrl}/metapassthrough?event_type=PageView&redirect=${encodeURIComponent(redirect)}`);
        await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });
      });
    });
  });

  test('per-page metadata: title, description and OpenGraph tags, with an image that exists', async () => {
    await withContext(async (_context, page) => {
      await page.goto(`${env.server.baseUrl}/pricing`);
      await expectPage(page, { path: '/pricing', heading: 'Pricing', title: 'Pricing · Crate' });
      const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute('content');
      expect(await meta('meta[name="description"]')).toBe('Plans and credits.');
      expect(await meta('meta[property="og:title"]')).toBe('Pricing · Crate');
      expect(await meta('meta[property="og:description"]')).toBe('Plans and credits.');
      const image = await meta('meta[property="og:image"]');
      expect(image).toBe(`${env.server.baseUrl}/og-image.png`);
      const response = await page.request.get(image!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(await page.locator('head title').count()).toBe(1);

      await navigateInApp(page, '/faq');
      await expectPage(page, { path: '/faq', heading: 'FAQ', title: 'FAQ · Crate' });
      expect(await meta('meta[property="og:title"]')).toBe('FAQ · Crate');
      expect(await page.locator('head meta[name="description"]').count()).toBe(1);
    });
  });

  test('the header keeps one line from where the links join it: every main link, a visitor’s buttons and the credits whole', async () => {
    const user = await createUser(env.server.ctx, { roles: ['subscriber'], name: 'Alexandria Montgomery-Beats' });
    await addCredits(env.server.ctx.db, { userId: user.id, kind: 'grant', amount: 100, reason: 'plan', idempotencyKey: `test:${randomUUID()}`, expiresAt: null });
    await withContext(async (context, page) => {
      // A visitor's "Create account" stays on screen beside the links.
      await page.setViewportSize({ width: 992, height: 600 });
      await page.goto(`${env.server.baseUrl}/discover`);
      await expectHeading(page, 'Discover');
      const register = await page.getByRole('banner').getByRole('link', { name: 'Create account' }).boundingBox();
      expect(register!.x + register!.width).toBeLessThanOrEqual(992 - 8);

      await signInContext(context, env.server.baseUrl, user);
      await page.goto(`${env.server.baseUrl}/discover`);
      await expectHeading(page, 'Discover');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const credits = page.getByRole('link', { name: '100 credits' });
      // 992 px is where the links join the header (below it they are in the menu); 1000 px cut "100 credits" to "1." once.
      for (const width of [992, 1000, 1100, 1280]) {
        await page.setViewportSize({ width, height: 600 });
        await credits.waitFor();
        const links = await nav.getByRole('link').evaluateAll((elements) => elements.map((el) => ({ text: el.textContent, lines: Math.round(el.getBoundingClientRect().height / 36) })));
        expect(links, `at ${width} px`).toEqual(['Discover', 'Staff picks', 'Bundles', 'Genres', 'Creators', 'Pricing'].map((text) => ({ text, lines: 1 })));
        const whole = await credits.evaluate((el) => [...el.querySelectorAll('*'), el].every((part) => part.scrollWidth <= part.clientWidth));
        expect(whole, `credits at ${width} px`).toBe(true);
        await page.getByTestId('account-menu').waitFor();
      }
    });
  });

  test('on a 390 px phone the header keeps the credit balance, as its number, and it opens the refill page', async () => {
    const user = await createUser(env.server.ctx, { roles: ['subscriber'] });
    await addCredits(env.server.ctx.db, { userId: user.id, kind: 'grant', amount: 100, reason: 'plan', idempotencyKey: `test:${randomUUID()}`, expiresAt: null });
    await withContext(
      async (context, page) => {
        await signInContext(context, env.server.baseUrl, user);
        await page.goto(`${env.server.baseUrl}/discover`);
        await expectHeading(page, 'Discover');
        const credits = page.getByRole('banner').getByRole('link', { name: '100 credits' });
        await credits.waitFor();
        expect(await credits.innerText()).toBe('100');
        const box = await credits.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
        if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/phone-header-credits.png` });
        await credits.click();
        await waitForPath(page, '/creditrefill');
      },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
  });

  test('a visitor’s pages ask nothing that answers 401; after logging in, a reload still knows the account', async () => {
    const user = await createUser(env.server.ctx);
    await withContext(async (_context, page) => {
      const unauthorised: string[] = [];
      const consoleErrors: string[] = [];
      page.on('response', (response) => void (response.status() === 401 && unauthorised.push(new URL(response.url()).pathname)));
      page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
      for (const path of ['/', '/discover', '/login']) {
        await page.goto(`${env.server.baseUrl}${path}`);
        await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
      }
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByTestId('account-menu').waitFor();
      const profileAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/profile');
      await page.reload();
      expect((await profileAsked).status()).toBe(200);
      await page.getByTestId('account-menu').waitFor();
      expect(unauthorised).toEqual([]);
      expect(consoleErrors.filter((text) => text.includes('401'))).toEqual([]);
    });
  });

  describe('scrolling', () => {
    /**
     * Discover opened, its content in, and scrolled halfway down; the position it is at. Halfway, not to
     * the end: a position restored before the page is tall enough is cut short, and at the end the content
     * arriving above then carries the view (scroll anchoring) to the right place anyway, hiding the fault.
     */
    async function discoverScrolledHalfway(page: Page): Promise<number> {
      await page.goto(`${env.server.baseUrl}/discover`);
      await expectHeading(page, 'Discover');
      // The heading shows before the content under it, which makes the page taller: with nothing published
      // in this file, the empty state, whose code loads once the answer is in. Measured before it arrives,
      // the position moves on, and the one the router keeps depends on whether the click came before or after.
      await page.getByText('The shelves are still empty').waitFor();
      const saved = await page.evaluate(() => {
        window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2);
        return window.scrollY;
      });
      expect(saved).toBeGreaterThan(100);
      return saved;
    }

    test('back restores the saved position; a new page starts at the top', async () => {
      await withContext(
        async (_context, page) => {
          const saved = await discoverScrolledHalfway(page);
          await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
          await expectHeading(page, 'FAQ');
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          await page.goBack();
          await expectHeading(page, 'Discover');
          await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, saved, { timeout: 5000 });
        },
        { viewport: { width: 1100, height: 420 } },
      );
    });

    test('an address opened anew starts at the top; a reload keeps its place', async () => {
      await withContext(
        async (_context, page) => {
          await discoverScrolledHalfway(page);
          // Typed into the address bar: a new document, whose first entry is not Discover's.
          await page.goto(`${env.server.baseUrl}/faq`);
          await expectHeading(page, 'FAQ');
          await page.waitForTimeout(300);
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          await page.evaluate(() => window.scrollTo(0, 250));
          await page.waitForTimeout(150);
          await page.reload();
          await expectHeading(page, 'FAQ');
          await page.waitForFunction(() => Math.abs(window.scrollY - 250) < 2, undefined, { timeout: 5000 });
          // Discover again, opened anew: the top, not where the tab once was on it.
          await page.goto(`${env.server.baseUrl}/discover`);
          await expectHeading(page, 'Discover');
          await page.waitForTimeout(300);
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
        },
        { viewport: { width: 1100, height: 420 } },
      );
    });

    test('a hash scrolls to its target, also on a guarded deep link', async () => {
      const user = await createUser(env.server.ctx);
      await withContext(
        async (context, page) => {
          await signInContext(context, env.server.baseUrl, user);
          await page.goto(`${env.server.baseUrl}/settings#deactivate`);
          await expectHeading(page, 'Settings');
          const inView = (id: string) =>
            page.waitForFunction(
              (target) => {
                const box = document.getElementById(target)?.getBoundingClientRect();
                return window.scrollY > 0 && box !== undefined && box.top >= 0 && box.top < window.innerHeight;
              },
              id,
              { timeout: 5000 },
            );
          await inView('deactivate');

          await navigateInApp(page, '/account');
          await expectHeading(page, 'Account');
          await page.getByRole('link', { name: 'Edit in settings' }).waitFor();
          await page.evaluate(() => window.scrollTo(0, 0));
          await navigateInApp(page, '/settings#content-agreement');
          await expectHeading(page, 'Settings');
          await inView('content-agreement');
        },
        { viewport: { width: 1100, height: 500 } },
      );
    });
  });

  describe('a screen chunk that fails to load', () => {
    test('triggers one full page load of the target path', async () => {
      await withContext(async (_context, page) => {
        await page.goto(`${env.server.baseUrl}/discover`);
        await expectHeading(page, 'Discover');
        await page.route(/\/assets\/faq-screen-[^/]+\.js$/, (route) => route.abort(), { times: 1 });
        await page.evaluate(() => Object.assign(window, { __beforeReload: true }));
        await navigateInApp(page, '/faq?from=nav#answers');
        await expectPage(page, { path: '/faq?from=nav#answers', heading: 'FAQ', title: 'FAQ · Crate' });
        expect(await page.evaluate(() => (window as { __beforeReload?: boolean }).__beforeReload)).toBeUndefined();
      });
    });

    test('does not reload in a loop when the chunk keeps failing', async () => {
      await withContext(async (_context, page) => {
        await page.goto(`${env.server.baseUrl}/discover`);
        await expectHeading(page, 'Discover');
        await page.route(/\/assets\/faq-screen-[^/]+\.js$/, (route) => route.abort());
        let documentLoads = 0;
        page.on('request', (request) => {
          if (request.resourceType() === 'document') documentLoads += 1;
        });
        await navigateInApp(page, '/faq');
        await expectHeading(page, 'Something went wrong');
        await page.getByText('This page could not be loaded.').waitFor();
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(documentLoads).toBe(1);
      });
    });
  });

  test('"Go back" on the forbidden page: back in history when there is one, else /', async () => {
    const user = await createUser(env.server.ctx, { roles: ['subscriber'] });
    await withContext(async (context, page) => {
      await signInContext(context, env.server.baseUrl, user);
      await page.goto(`${env.server.baseUrl}/faq`);
      await expectHeading(page, 'FAQ');
      await page.locator('header').getByRole('link', { name: 'Pricing' }).click();
      await expectHeading(page, 'Pricing');
      await page.getByRole('link', { name: 'Search' }).first().click();
      await expectHeading(page, 'Search');
      await page.goto(`${env.server.baseUrl}/admin`);
      await expectHeading(page, 'No access');
      await page.getByRole('button', { name: 'Go back' }).click();
      await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });

      await page.goto(`${env.server.baseUrl}/faq`);
      await expectHeading(page, 'FAQ');
      await page.locator('header').getByRole('link', { name: 'Pricing' }).click();
      await expectHeading(page, 'Pricing');
      await navigateInApp(page, '/archivedsearch');
      await expectHeading(page, 'No access');
      await page.getByRole('button', { name: 'Go back' }).click();
      await waitForPath(page, '/pricing');
    });
  });

  test('on a phone the navigation opens in the bottom sheet', async () => {
    await withContext(
      async (_context, page) => {
        await page.goto(`${env.server.baseUrl}/`);
        await expectHeading(page, 'Discover');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const sheet = page.getByRole('dialog', { name: 'Menu' });
        await sheet.waitFor();
        const box = await sheet.boundingBox();
        expect(box!.y + box!.height).toBeGreaterThan(800 - 2);
        await sheet.getByRole('link', { name: 'Staff picks' }).click();
        await expectHeading(page, 'Staff picks');
        await sheet.waitFor({ state: 'hidden' });
        expect(currentPath(page)).toBe('/staffpicks');
      },
      { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true },
    );
  });

  test('notifications appear at the bottom', async () => {
    const user = await createUser(env.server.ctx);
    await withContext(async (_context, page) => {
      await page.goto(`${env.server.baseUrl}/login`);
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const note = page.getByText(`Welcome back, ${user.email}.`);
      await note.waitFor();
      const box = await note.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.y).toBeGreaterThan(viewport.height / 2);
    });
  });
});
