import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { TestUser } from '../apps/server/test/factories.ts';
import type { E2eEnvironment } from './e2e-environment.ts';
import { freshAddress, signInContext } from './harness.ts';

/** pathname + search + hash of the page, as the app sees it. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
}

/**
 * Lifts a SortableList entry from the keyboard (its handle focused, Space) and waits until the list hears arrow
 * keys: dnd-kit marks the handle pressed, and adds its keydown listener from a zero-delay timer after the lift,
 * so a timer of the page's own queued after it runs once that listener is there.
 */
export async function liftWithKeyboard(page: Page, handle: Locator): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await handle.and(page.locator('[aria-pressed="true"]')).waitFor();
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Waits until the page's h1 reads exactly `text`. */
export async function expectHeading(page: Page, text: string, timeout = 5000): Promise<void> {
  try {
    await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ state: 'visible', timeout });
  } catch (error) {
    const headings = await page.locator('h1').allTextContents().catch(() => []);
    throw new Error(`expected h1 "${text}" at ${currentPath(page)}, found [${headings.join(' | ')}]`, { cause: error });
  }
}

/** Waits until the app's URL (path, query, hash) equals `path`. */
export async function waitForPath(page: Page, path: string, timeout = 5000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname + url.search + url.hash === path, { timeout, waitUntil: 'commit' });
  } catch (error) {
    throw new Error(`expected to be at ${path}, still at ${currentPath(page)}`, { cause: error });
  }
}

/**
 * In-app navigation to `path` without reloading the app: a history entry shaped like React Router's
 * own (key, idx one past the current) and a popstate, as the browser's forward button delivers it.
 * The router, guards, scrolling and screens run as on a click.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
    window.history.pushState(state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
}

export interface PageExpectation {
  path: string;
  heading: string;
  title: string;
  /** Text that must appear inside a <code> element (the forbidden page shows the asked-for path). */
  code?: string;
}

/**
 * Waits, inside the page (one round trip, checked on every animation frame), until the URL, the h1,
 * the document title and optionally a <code> text all match; on timeout says what the page showed.
 */
export async function expectPage(page: Page, expected: PageExpectation, timeout = 5000): Promise<void> {
  try {
    await page.waitForFunction(
      (e) => {
        const here = location.pathname + location.search + location.hash;
        const h1 = document.querySelector('h1')?.textContent?.trim();
        const codeOk = e.code === undefined || [...document.querySelectorAll('code')].some((node) => node.textContent === e.code);
        return here === e.path && h1 === e.heading && document.title === e.title && codeOk;
      },
      expected,
      { timeout, polling: 'raf' },
    );
  } catch (error) {
    const seen = await page
      .evaluate(() => ({ path: location.pathname + location.search + location.hash, h1: document.querySelector('h1')?.textContent, title: document.title }))
      .catch(() => null);
    throw new Error(`expected ${JSON.stringify(expected)}, page showed ${JSON.stringify(seen)}`, { cause: error });
  }
}

/**
 * Runs `run` in a fresh browser context (its own address, so rate limits never meet; cookie consent
 * answered "essential", so no banner covers the page), signed in as `user` when one is given; closes it after.
 */
export async function withPage<T>(
  env: E2eEnvironment,
  user: TestUser | null,
  run: (page: Page, context: BrowserContext) => Promise<T>,
  timeout = 10_000,
): Promise<T> {
  const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
  context.setDefaultTimeout(timeout);
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
  if (user) await signInContext(context, env.server.baseUrl, user);
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Clicks `trigger` and returns the file the browser saved: its suggested name and bytes. */
export async function downloadFrom(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const saved = await download.path();
  if (!saved) throw new Error(`[e2e] the download ${download.suggestedFilename()} failed: ${await download.failure()}`);
  return { name: download.suggestedFilename(), bytes: await readFile(saved) };
}

/**
 * Gets a sound with credits from its row on the page (a pack page, search): presses "Get N credits: name" and waits
 * until the row says it is owned. Returns the row's "Owned: download" link.
 */
export async function getWithCredits(page: Page, item: { id: string; name: string; credit_cost: number }): Promise<Locator> {
  const row = page.locator('#main-content').locator(`[data-item-id="${item.id}"]`);
  await row.getByRole('button', { name: `Get ${item.credit_cost} ${item.credit_cost === 1 ? 'credit' : 'credits'}: ${item.name}` }).click();
  const owned = row.getByRole('link', { name: `Owned: download ${item.name}` });
  await owned.waitFor();
  return owned;
}
