/**
 * What a visitor feels, in headless Chromium on localhost against the built product:
 *  - Discover's first load: the JavaScript fetched before any interaction (counted in gzipped bytes,
 *    from the .gz files the build writes beside each asset) and the Largest Contentful Paint;
 *  - preview start: click on a row's play button → the shared audio element's `playing` event, over
 *    the items of a seeded pack with real synthesized audio and derived MP3 previews;
 *  - search keystroke → results painted: a subscriber on /search has the results of a word's prefix on
 *    screen and types its last letter; from that keydown to the frame that shows the new results (the
 *    list no longer marked stale, the count naming the new text). Commit, request, check and render.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { items, packs } from '../../apps/server/src/db/schema/index.ts';
import { seedCatalogue } from '../../apps/server/src/seed/seed-catalogue.ts';
import { launchChromium } from '../../e2e/chromium.ts';
import { createUser, signInContext } from '../../e2e/harness.ts';
import { listenOnLoopback, median } from '../lib/http-load.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

export interface BrowserLoadResult {
  discover: { js_gzip_kb: number; js_files: number; lcp_ms: number };
  preview_start: { samples: number; median_ms: number; all_ms: number[] };
  search_keystroke: { samples: number; median_ms: number; p95_ms: number; all_ms: number[] };
}

export async function measureInBrowser(options: { previews: number; searches?: number; log: (line: string) => void }): Promise<BrowserLoadResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-web-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false' } as NodeJS.ProcessEnv, {
    database: { kind: 'pglite', dir: null },
    webDist: WEB_DIST,
  });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  ctx.jobs.handleWith(ctx);
  options.log('  seeding a small catalogue with real audio and deriving its previews');
  await seedCatalogue({ db: ctx.db, storage: ctx.storage, jobs: ctx.jobs }, { packs: 3 });
  await ctx.jobs.drain();
  // The published pack with the most items, so the preview samples come from one list.
  const [pack] = await ctx.db
    .select({ id: packs.id })
    .from(packs)
    .where(eq(packs.status, 4))
    .orderBy(desc(sql`(select count(*) from items i where i.pack_id = packs.id)`))
    .limit(1);
  if (!pack) throw new Error('the seeded catalogue has no published pack');

  // Words that occur in the seeded sound names: each search below finds something.
  const names = await ctx.db.select({ name: items.name }).from(items);
  const words = [...new Set(names.flatMap(({ name }) => name.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 4))].slice(0, options.searches ?? 20);
  const subscriber = await createUser(ctx, { roles: ['subscriber'] });

  const app = await buildApp(ctx);
  const base = await listenOnLoopback(app);
  const browser = await launchChromium();
  try {
    // Discover, cold: a fresh context has an empty cache.
    const discoverContext = await browser.newContext();
    const page = await discoverContext.newPage();
    await page.addInitScript(() => {
      (window as unknown as { __lcp: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    let gzipBytes = 0;
    for (const script of scripts) gzipBytes += (await stat(path.join(WEB_DIST, `${script}.gz`)).catch(() => stat(path.join(WEB_DIST, script)))).size;
    await discoverContext.close();

    // Preview start, warm: the pack page is open, as when a producer auditions row after row.
    const packContext = await browser.newContext();
    const packPage = await packContext.newPage();
    await packPage.goto(`${base}/pack/${pack.id}`, { waitUntil: 'networkidle' });
    await packPage.waitForSelector('[data-item-id] button[aria-label^="Play"]');
    const rows = await packPage.locator('[data-item-id]').count();
    const samples = Math.min(options.previews, rows);
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const ms = await packPage.evaluate(
        (index) =>
          new Promise<number>((resolve, reject) => {
            const audio = document.getElementById('crate-player-audio') as HTMLAudioElement | null;
            const row = document.querySelectorAll('[data-item-id]')[index];
            const button = row?.querySelector<HTMLButtonElement>('button[aria-label^="Play"], button[aria-label^="Pause"]');
            if (!audio || !button) return reject(new Error(`no audio element or play button for row ${index}`));
            const timer = setTimeout(() => reject(new Error(`row ${index} did not start playing within 10 s`)), 10_000);
            const started = performance.now();
            audio.addEventListener('playing', () => (clearTimeout(timer), resolve(performance.now() - started)), { once: true });
            button.click();
          }),
        i,
      );
      times.push(Math.round(ms * 10) / 10);
      await packPage.evaluate(() => (document.getElementById('crate-player-audio') as HTMLAudioElement | null)?.pause());
    }
    await packContext.close();

    // Search keystroke → results painted, warm: the search page is open with a prefix's results shown.
    const keystrokes = await measureKeystrokes(browser, base, subscriber, words);

    return {
      discover: { js_gzip_kb: Math.round((gzipBytes / 1024) * 10) / 10, js_files: scripts.size, lcp_ms: Math.round(lcp) },
      preview_start: { samples: times.length, median_ms: median(times), all_ms: times },
      search_keystroke: keystrokeSummary(keystrokes),
    };
  } finally {
    await browser.close();
    await app.close();
    await ctx.database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type Browser = Awaited<ReturnType<typeof launchChromium>>;

/**
 * Search keystroke → results painted, warm: a subscriber's /search page shows the results of each word's
 * prefix; the time from the keydown of its last letter to the frame that shows that word's results.
 */
export async function measureKeystrokes(browser: Browser, base: string, subscriber: Awaited<ReturnType<typeof createUser>>, words: string[]): Promise<number[]> {
  const searchContext = await browser.newContext();
  await signInContext(searchContext, base, subscriber);
  const searchPage = await searchContext.newPage();
  await searchPage.goto(`${base}/search`, { waitUntil: 'networkidle' });
  const box = searchPage.getByRole('searchbox', { name: 'Search sounds' });
  const settled = (q: string) =>
    searchPage.waitForFunction(
      (text) => {
        const total = document.querySelector('[data-testid="search-total"]')?.textContent ?? '';
        const busy = document.querySelector('[data-stale], [aria-busy="true"]');
        return !busy && (text ? total.includes(`“${text}”`) : !total.includes('“'));
      },
      q,
      { timeout: 10_000 },
    );
  const keystrokes: number[] = [];
  for (const word of words) {
    await box.fill('');
    await box.press('Escape');
    await settled('');
    await box.pressSequentially(word.slice(0, -1));
    await settled(word.slice(0, -1));
    await searchPage.evaluate((text) => {
      const page = window as unknown as { __keystroke: Promise<number> };
      // (No named helpers in here: the bench runs through tsx, whose __name wrapper does not exist in the page.)
      page.__keystroke = new Promise<number>((resolve, reject) => {
        let start = 0;
        document.addEventListener('keydown', (event) => (start = event.timeStamp), { once: true, capture: true });
        const observer = new MutationObserver(() => {
          const total = document.querySelector('[data-testid="search-total"]')?.textContent ?? '';
          if (start === 0 || !total.includes(`“${text}”`) || document.querySelector('[data-stale], [aria-busy="true"]')) return;
          observer.disconnect();
          clearTimeout(timer);
          // The frame that paints the change: its requestAnimationFrame runs just before that paint.
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        const timer = setTimeout(() => (observer.disconnect(), reject(new Error(`no results for “${text}” within 10 s`))), 10_000);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    }, word);
    await box.press(word.slice(-1));
    const ms = await searchPage.evaluate(() => (window as unknown as { __keystroke: Promise<number> }).__keystroke);
    keystrokes.push(Math.round(ms * 10) / 10);
  }
  await searchContext.close();
  return keystrokes;
}

export function keystrokeSummary(keystrokes: number[]): BrowserLoadResult['search_keystroke'] {
  const sorted = [...keystrokes].sort((a, b) => a - b);
  return {
    samples: keystrokes.length,
    median_ms: median(keystrokes),
    p95_ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    all_ms: keystrokes,
  };
}
