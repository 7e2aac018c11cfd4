import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { packs, type items } from '../apps/server/src/db/schema/index.ts';
import { createCreator, createItems, createPack } from '../apps/server/test/catalogue-factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, signInContext } from './harness.ts';
import { currentPath, expectHeading } from './page-helpers.ts';

/**
 * Search as a producer uses it (issue 4): type, see matching sounds, narrow with filters whose counts
 * say what is left, share or reload the URL, walk back and forward through earlier searches; visitors
 * are offered a subscription on /search and the free sounds on /freesearch; an admin brings a sound
 * back from the archive.
 */
describe.skipIf(!e2eEnabled())('search screens', () => {
  const env = e2eEnvironment();
  let subscriber: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;

  const KICKS = ['Thunder Kick', 'Dusty Kick 1', 'Dusty Kick 2', 'Dusty Kick 3', 'Kick Groove Loop', 'Kick Roll Loop', 'Free Kick'];
  const HATS = 20;
  /** As long as many catalogue names: ~230 px, where the rows beside the filters once left ~90. */
  const LONG_NAME = 'Warm Rhodes Chord Stab Cm';
  /** Every listed sound: the kicks, 2 snares, the hats, 3 keys sounds and the free clap. */
  const LISTED = KICKS.length + 2 + HATS + 3 + 1;

  beforeAll(async () => {
    const ctx = env.server.ctx;
    subscriber = await createUser(ctx, { roles: ['subscriber'] });
    admin = await createUser(ctx, { roles: ['admin'] });
    const owner = await createUser(ctx, { roles: ['creator'] });
    const nova = await createCreator(ctx, owner.id, { name: 'Nova Kits', slug: 'nova-kits' });

    const drums = await createPack(ctx, nova.id, { title: 'Midnight Drums', slug: 'midnight-drums', genres: ['trap'] });
    const keys = await createPack(ctx, nova.id, { title: 'Velvet Keys', slug: 'velvet-keys', genres: ['lo-fi-hip-hop'] });
    const freebies = await createPack(ctx, nova.id, { title: 'Free Vibes', slug: 'free-vibes', isFree: true });
    const vault = await createPack(ctx, nova.id, { title: 'Old Vault', slug: 'old-vault' });

    // Audio features as the media pipeline computes them: kicks near one point, snares near another.
    const kick = (n: number) => [1, 0.1 * n, 0, 0, 0.2, 0];
    const snare = (n: number) => [0, 0.1 * n, 1, 0, 0.2, 0];
    const add = (pack: { id: string; creatorId: string }, name: string, o: Partial<typeof items.$inferInsert> = {}) =>
      createItems(ctx, pack, 1, { name, slug: name.toLowerCase().replaceAll(' ', '-'), genres: ['trap'], durationMs: 500, ...o });

    await add(drums, 'Thunder Kick', { instruments: ['kick'], audioFeatures: kick(0) });
    for (const n of [1, 2, 3]) await add(drums, `Dusty Kick ${n}`, { instruments: ['kick'], tags: ['dusty'], audioFeatures: kick(n) });
    for (const n of [1, 2]) await add(drums, `Crisp Snare ${n}`, { instruments: ['snare'], audioFeatures: snare(n) });
    await add(drums, 'Kick Groove Loop', { kind: 'Loop', key: 'C minor', bpm: 90, timeSignature: '4/4', feel: 'swing', instruments: ['kick'], durationMs: 8000 });
    await add(drums, 'Kick Roll Loop', { kind: 'Loop', key: 'F minor', bpm: 140, timeSignature: '4/4', feel: 'straight', instruments: ['kick'], durationMs: 6000 });
    await createItems(ctx, drums, HATS, { instruments: ['hi-hat'], genres: ['trap'], name: 'Tight Hat', durationMs: 200 });
    await add(keys, 'Dark Piano Loop', { kind: 'Loop', key: 'C minor', bpm: 90, timeSignature: '4/4', instruments: ['piano'], genres: ['lo-fi-hip-hop'], hasMidi: true, durationMs: 8000 });
    await add(keys, LONG_NAME, { key: 'C minor', bpm: 92, instruments: ['piano'], genres: ['lo-fi-hip-hop'], tags: ['rhodes', 'warm'], durationMs: 2500 });
    await add(keys, 'Waltz Strings', { kind: 'Composition', key: 'D major', bpm: 72, timeSignature: '3/4', instruments: ['string-section'], genres: ['lo-fi-hip-hop'], durationMs: 20000 });
    // Free Kick sounds like the paid kicks; on free search its similar sounds are the free ones only.
    await add(freebies, 'Free Kick', { instruments: ['kick'], isFree: true, audioFeatures: kick(5) });
    await add(freebies, 'Free Clap', { instruments: ['clap'], isFree: true, audioFeatures: snare(9) });
    await add(drums, 'Stolen Vocal', { instruments: ['vocal-chops'], takedownReason: "Creator doesn't own rights", takenDownAt: new Date() });
    await add(vault, 'Vault Bass', { instruments: ['808'] });
    await ctx.db.update(packs).set({ status: PACK_STATUS.archived, takedownReason: 'Technical Issue' }).where(eq(packs.id, vault.id));
  });

  async function open(user: typeof subscriber | null, path: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(10_000);
    if (user) await signInContext(context, env.server.baseUrl, user);
    const page = await context.newPage();
    await page.goto(env.server.baseUrl + path);
    return { context, page };
  }

  /** The names of the result rows once the list has settled (no answer on its way, no stale rows). */
  async function resultNames(page: Page): Promise<string[]> {
    await page.waitForFunction(() => {
      const results = document.querySelector('section[aria-label="Results"]');
      return !!results && !results.querySelector('[data-stale], [aria-busy="true"], [data-testid="item-list-skeleton"]');
    });
    const alert = page.locator('section[aria-label="Results"] [role="alert"]');
    if (await alert.count()) throw new Error(`the results show an error: ${await alert.first().innerText()}`);
    return page.locator('section[aria-label="Results"] [data-item-id] a[href^="/item/"]').allTextContents();
  }

  /** Retries until it holds; generous, the machine running this may be loaded (vitest's default is 1 s). */
  const eventually = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
  const totalText = (page: Page) => page.getByTestId('search-total').textContent();
  const searchBox = (page: Page, name = 'Search sounds') => page.getByRole('searchbox', { name });
  /** The count an option shows (drawn by CSS after its label, so not in its text). */
  const shownCount = (option: Locator) => option.locator('[data-facet-count]').evaluate((count) => getComputedStyle(count, '::after').content.replace(/^"|"$/g, ''));
  const facetCount = async (page: Page, value: string) => Number(await page.locator(`[data-facet-value="${value}"] [data-facet-count]`).first().getAttribute('data-facet-count'));

  test('the sort menu reorders the results, keeps the order in the URL, and offers best match only with text', async () => {
    const { context, page } = await open(subscriber, '/search?kind=Loop');
    try {
      await eventually(() => resultNames(page).then((names) => names.length)).toBe(3);
      await page.getByRole('textbox', { name: 'Sort by' }).click();
      expect(await page.getByRole('option', { name: 'Best match' }).getAttribute('data-combobox-disabled')).toBe('true');
      await page.getByRole('option', { name: 'BPM, slowest first' }).click();
      await eventually(() => currentPath(page)).toBe('/search?kind=Loop&sort=bpm');
      // 90, 90, then 140 BPM.
      await eventually(() => resultNames(page).then((names) => names[2])).toBe('Kick Roll Loop');
      // The menu's label follows its value one render after the rows (Mantine sets it in an effect).
      await eventually(() => page.getByRole('textbox', { name: 'Sort by' }).inputValue()).toBe('BPM, slowest first');
    } finally {
      await context.close();
    }
  });

  test('a subscriber types, filters by the counts shown, reloads and walks back and forward', async () => {
    const { context, page } = await open(subscriber, '/search');
    try {
      await expectHeading(page, 'Search');
      await eventually(() => totalText(page)).toBe(`${LISTED} sounds`);

      // Typing: matching rows, and the URL says what was searched.
      await searchBox(page).pressSequentially('kick', { delay: 40 });
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual([...KICKS].sort());
      await eventually(() => currentPath(page)).toBe('/search?q=kick');
      expect(await totalText(page)).toBe(`${KICKS.length} sounds for “kick”`);
      expect(await page.title()).toBe('“kick” – Search · Crate');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Samples and presets on Crate matching “kick”.');

      // The kind counts add up to the results, and picking one leaves exactly its count.
      const oneShots = await facetCount(page, 'One-Shot');
      const loops = await facetCount(page, 'Loop');
      expect(oneShots + loops).toBe(KICKS.length);
      expect(loops).toBe(2);
      await page.getByRole('button', { name: /^Loop, 2 sounds$/ }).click();
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual(['Kick Groove Loop', 'Kick Roll Loop']);
      await eventually(() => currentPath(page)).toBe('/search?q=kick&kind=Loop');
      expect(await page.getByRole('button', { name: /^Loop/ }).getAttribute('aria-pressed')).toBe('true');
      await eventually(() => page.locator('[data-filter-chip]').allTextContents()).toEqual(['Kind: Loop']);

      // A key narrows further, to its count.
      const cMinor = await facetCount(page, 'C minor');
      expect(cMinor).toBe(1);
      await page.getByRole('button', { name: 'C minor, 1 sound' }).click();
      await eventually(() => resultNames(page)).toEqual(['Kick Groove Loop']);
      expect(currentPath(page)).toBe('/search?q=kick&kind=Loop&key=C+minor');

      // The URL is the search: a reload shows the same text, filters and rows.
      await page.reload();
      await eventually(() => resultNames(page)).toEqual(['Kick Groove Loop']);
      expect(await searchBox(page).inputValue()).toBe('kick');
      expect(await page.getByRole('button', { name: /^C minor/ }).getAttribute('aria-pressed')).toBe('true');

      // Back: one filter less, then the typed search, then the empty search (typing made one entry, not four).
      await page.goBack();
      await eventually(() => resultNames(page).then((names) => names.length)).toBe(2);
      expect(currentPath(page)).toBe('/search?q=kick&kind=Loop');
      expect(await page.getByRole('button', { name: /^C minor/ }).getAttribute('aria-pressed')).toBe('false');
      await page.goBack();
      await eventually(() => resultNames(page).then((names) => names.length)).toBe(KICKS.length);
      expect(currentPath(page)).toBe('/search?q=kick');
      expect(await page.getByRole('button', { name: /^Loop/ }).getAttribute('aria-pressed')).toBe('false');
      await page.goBack();
      await eventually(() => searchBox(page).inputValue()).toBe('');
      expect(currentPath(page)).toBe('/search');

      // Forward restores them again.
      await page.goForward();
      await eventually(() => searchBox(page).inputValue()).toBe('kick');
      await page.goForward();
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual(['Kick Groove Loop', 'Kick Roll Loop']);
      expect(currentPath(page)).toBe('/search?q=kick&kind=Loop');

      // Clearing every filter keeps the text.
      await page.getByRole('button', { name: 'Clear all' }).first().click();
      await eventually(() => currentPath(page)).toBe('/search?q=kick');
    } finally {
      await context.close();
    }
  });

  test('a genre is picked from its checklist by its count, with the mouse or the keyboard', async () => {
    const { context, page } = await open(subscriber, '/search');
    try {
      await eventually(() => totalText(page)).toBe(`${LISTED} sounds`);
      const lofi = page.getByRole('checkbox', { name: 'Lo-Fi Hip Hop, 3 sounds' });
      expect(await lofi.isChecked()).toBe(false);
      // Under its family's heading, with the count a producer reads.
      const option = page.locator('[data-facet-value="lo-fi-hip-hop"]');
      expect(await option.innerText()).toBe('Lo-Fi Hip Hop');
      expect(await shownCount(option)).toBe('3');

      await option.getByText('Lo-Fi Hip Hop').click();
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual(['Dark Piano Loop', LONG_NAME, 'Waltz Strings'].sort());
      expect(currentPath(page)).toBe('/search?genre=lo-fi-hip-hop');
      await eventually(() => page.getByRole('checkbox', { name: /^Lo-Fi Hip Hop/ }).isChecked()).toBe(true);
      expect(await page.locator('[data-filter-chip]').allTextContents()).toEqual(['Genre: Lo-Fi Hip Hop']);

      // Space on the focused box takes the genre off again.
      await page.getByRole('checkbox', { name: /^Lo-Fi Hip Hop/ }).focus();
      await page.keyboard.press('Space');
      await eventually(() => totalText(page)).toBe(`${LISTED} sounds`);
      expect(currentPath(page)).toBe('/search');
      expect(await page.getByRole('checkbox', { name: /^Lo-Fi Hip Hop/ }).isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });

  test('every row’s buttons line up, whatever the sound costs and once it is owned', async () => {
    const buyer = await createUser(env.server.ctx, { roles: ['subscriber'] });
    const { context, page } = await open(buyer, '/search?q=kick');
    try {
      await eventually(() => resultNames(page).then((names) => names.length)).toBe(KICKS.length);
      // Signed in on the page too (until the account loads, Get offers to log in).
      await page.getByTestId('account-menu').waitFor();
      const heartsAt = () => page.locator('section[aria-label="Results"] [data-item-id]').evaluateAll((rows) => rows.map((row) => Math.round(row.querySelector('button[aria-label$="to favorites"]')!.getBoundingClientRect().x)));
      const getFree = page.getByRole('button', { name: 'Get free: Free Kick' });
      expect(await getFree.textContent()).toBe('Get free');
      expect(new Set(await heartsAt()).size).toBe(1);

      await getFree.click();
      await page.getByRole('link', { name: 'Owned: download Free Kick' }).waitFor();
      expect(new Set(await heartsAt()).size).toBe(1);
    } finally {
      await context.close();
    }
  });

  test('a sound’s whole name shows in its row, beside the filter column and on a phone; the toolbar fits the smallest phone', async () => {
    const { context, page } = await open(subscriber, '/search?q=rhodes');
    try {
      await eventually(() => resultNames(page)).toEqual([LONG_NAME]);
      expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(true);
      const row = page.locator('section[aria-label="Results"] li[data-item-id]').first();
      const name = row.getByRole('link', { name: LONG_NAME });
      // Neither cut at the side nor clamped below: every character is on screen.
      const shown = () => name.evaluate((el) => ({ whole: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight, lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)) }));
      // At 1440 px beside the filters, on one line, with its key and BPM in their columns.
      expect(await shown()).toEqual({ whole: true, lines: 1 });
      expect(await row.getByText('Key: C minor', { exact: true }).isVisible()).toBe(true);

      // A phone: the name still whole, the play button and the actions on screen beside it or under it.
      await page.setViewportSize({ width: 390, height: 844 });
      await eventually(() => page.getByRole('complementary', { name: 'Filters' }).count()).toBe(0);
      await eventually(() => shown().then((s) => s.whole)).toBe(true);
      const onScreen = async (locator: ReturnType<Page['locator']>) => {
        const box = await locator.boundingBox();
        return !!box && (await locator.isVisible()) && box.x >= 0 && box.x + box.width <= 390;
      };
      expect(await onScreen(row.getByRole('button', { name: `Play ${LONG_NAME}` }))).toBe(true);
      expect(await onScreen(name)).toBe(true);
      expect(await onScreen(row.getByRole('button', { name: `Add ${LONG_NAME} to favorites` }))).toBe(true);
      expect(await onScreen(row.getByRole('button', { name: `Get 1 credit: ${LONG_NAME}` }))).toBe(true);

      // The smallest phone, in random order: Filters, the sort and the reshuffle share one line inside the screen,
      // the Filters button's label whole.
      await page.setViewportSize({ width: 320, height: 700 });
      await page.getByRole('textbox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Random' }).click();
      const inside = async (locator: ReturnType<Page['locator']>) => {
        const box = (await locator.boundingBox())!;
        return box.x >= 16 && box.x + box.width <= 320 - 16;
      };
      const filters = page.getByRole('button', { name: /^Filters/ });
      await eventually(() => inside(page.getByRole('button', { name: 'Shuffle again' }))).toBe(true);
      expect(await inside(page.getByRole('textbox', { name: 'Sort by' }))).toBe(true);
      expect(await inside(filters)).toBe(true);
      expect(await filters.locator('.mantine-Button-label').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('results load page by page as the list scrolls, and a typo is corrected out loud', async () => {
    const { context, page } = await open(subscriber, '/search');
    try {
      await eventually(() => resultNames(page).then((names) => names.length)).toBe(24);
      expect(await totalText(page)).toBe(`${LISTED} sounds`);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await eventually(() => resultNames(page).then((names) => names.length)).toBe(LISTED);

      await page.keyboard.press('/');
      await page.keyboard.type('thunder kcik');
      await eventually(() => resultNames(page).then((names) => names[0])).toBe('Thunder Kick');
      await eventually(() => page.getByTestId('search-corrected').textContent()).toContain('No “kcik” found: showing results for');
    } finally {
      await context.close();
    }
  });

  test('similar sounds open beside the results: a kick’s nearest sounds are kicks', async () => {
    const { context, page } = await open(subscriber, '/search?q=thunder');
    try {
      await eventually(() => resultNames(page)).toEqual(['Thunder Kick']);
      await page.getByRole('button', { name: 'Sounds like Thunder Kick' }).click();
      const drawer = page.getByRole('dialog', { name: 'Sounds like Thunder Kick' });
      await drawer.waitFor();
      await eventually(() => drawer.locator('li[data-item-id] a[href^="/item/"]').allTextContents().then((names) => names.slice(0, 3))).toEqual(['Dusty Kick 1', 'Dusty Kick 2', 'Dusty Kick 3']);
    } finally {
      await context.close();
    }
  });

  test('on free search, similar sounds are free ones only', async () => {
    const { context, page } = await open(null, '/freesearch?q=free+kick');
    try {
      await eventually(() => resultNames(page)).toEqual(['Free Kick']);
      await page.getByRole('button', { name: 'Sounds like Free Kick' }).click();
      const drawer = page.getByRole('dialog', { name: 'Sounds like Free Kick' });
      await drawer.waitFor();
      await eventually(() => drawer.locator('li[data-item-id] a[href^="/item/"]').allTextContents()).toEqual(['Free Clap']);
    } finally {
      await context.close();
    }
  });

  test('a visitor is offered a subscription on /search without a refused request, and free sounds on /freesearch', async () => {
    const context = await env.browser.newContext();
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      const searchCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/search')) searchCalls.push(request.url());
      });
      await page.goto(`${env.server.baseUrl}/search?q=kick`);
      await page.getByRole('heading', { name: 'Search every sound with a subscription' }).waitFor();
      expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
      expect(await page.getByRole('link', { name: 'Log in' }).last().getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/search?q=kick')}`);
      expect(searchCalls).toEqual([]);

      await page.getByTestId('search-upgrade-prompt').getByRole('link', { name: 'free search' }).click();
      await expectHeading(page, 'Free search');
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual(['Free Clap', 'Free Kick']);
      expect(await page.locator('section[aria-label="Results"] li[data-item-id]').filter({ has: page.getByText('Free', { exact: true }) }).count()).toBe(2);
      await searchBox(page, 'Search free sounds').pressSequentially('kick', { delay: 40 });
      await eventually(() => resultNames(page)).toEqual(['Free Kick']);
      expect(searchCalls.every((url) => new URL(url).pathname === '/api/search/free')).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('an admin restores a taken-down sound from /archivedsearch and finds it in search again', async () => {
    const { context, page } = await open(admin, '/archivedsearch');
    try {
      await expectHeading(page, 'Archived search');
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual(['Stolen Vocal', 'Vault Bass']);
      // Each row says why it is out: the pack archived or the sound taken down, with the reason.
      const stolen = page.locator('[data-item-id]').filter({ hasText: 'Stolen Vocal' });
      expect(await stolen.getByRole('cell').nth(2).innerText()).toMatch(/^Sound taken down\s+Creator doesn't own rights · /i);
      expect(await page.locator('[data-item-id]').filter({ hasText: 'Vault Bass' }).getByRole('cell').nth(2).innerText()).toMatch(/^Pack archived\s+Technical Issue$/i);

      await stolen.getByRole('button', { name: 'Restore Stolen Vocal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Restore “Stolen Vocal”?' });
      await dialog.getByRole('button', { name: 'Restore sound' }).click();
      await page.getByText('Stolen Vocal is back in the catalogue.').waitFor();
      await eventually(() => resultNames(page)).toEqual(['Vault Bass']);
      await eventually(() => totalText(page)).toBe('1 sound');

      await page.goto(`${env.server.baseUrl}/search?q=stolen`);
      await eventually(() => resultNames(page)).toEqual(['Stolen Vocal']);
    } finally {
      await context.close();
    }
  });
});
