import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { items } from '../apps/server/src/db/schema/index.ts';
import { createCreator, createItems, createPack } from '../apps/server/test/catalogue-factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, signInContext } from './harness.ts';
import { currentPath, expectHeading } from './page-helpers.ts';

/**
 * Search understands a musician's query (issue 32): the key, tempo and kind typed into the box become filters
 * shown as chips, the rest is the text searched; removing a chip takes its words out of the query.
 */
describe.skipIf(!e2eEnabled())('search reads what a musician types', () => {
  const env = e2eEnvironment();
  let subscriber: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    const ctx = env.server.ctx;
    subscriber = await createUser(ctx, { roles: ['subscriber'] });
    const owner = await createUser(ctx, { roles: ['creator'] });
    const creator = await createCreator(ctx, owner.id, { name: 'Studio North', slug: 'studio-north' });
    const loops = await createPack(ctx, creator.id, { title: 'Chord Room', slug: 'chord-room', genres: ['house'] });
    const add = (name: string, o: Partial<typeof items.$inferInsert>) =>
      createItems(ctx, loops, 1, { name, slug: name.toLowerCase().replaceAll(' ', '-'), genres: ['house'], durationMs: 8000, ...o });
    await add('Dark Piano Loop', { kind: 'Loop', key: 'C minor', bpm: 120, instruments: ['piano'], tags: ['dark'] });
    await add('Midnight Chords', { kind: 'Loop', key: 'C minor', bpm: 120.3, instruments: ['piano'], tags: ['dark'] });
    await add('Dark Rush', { kind: 'Loop', key: 'C minor', bpm: 126, instruments: ['synth'], tags: ['dark'] });
    await add('Dark Warm Keys', { kind: 'Loop', key: 'A minor', bpm: 120, instruments: ['piano'], tags: ['dark'] });
    await add('Dark Stab', { kind: 'One-Shot', key: 'C minor', instruments: ['synth'], tags: ['dark'], durationMs: 600 });
    await add('Sunny Strum', { kind: 'Loop', key: 'C minor', bpm: 120, instruments: ['guitar'], tags: ['bright'] });
  });

  /** The names of the result rows once the list has settled (no answer on its way, no stale rows). */
  async function resultNames(page: Page): Promise<string[]> {
    await page.waitForFunction(() => {
      const results = document.querySelector('section[aria-label="Results"]');
      return !!results && !results.querySelector('[data-stale], [aria-busy="true"], [data-testid="item-list-skeleton"]');
    });
    return page.locator('section[aria-label="Results"] [data-item-id] a[href^="/item/"]').allTextContents();
  }
  const eventually = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
  const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' }).locator('[data-filter-chip]').allTextContents();

  test('"dark 120 bpm loop in C minor" shows its tempo, kind and key as chips and the dark 120 BPM C minor loops; removing a chip widens the search', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(10_000);
    await signInContext(context, env.server.baseUrl, subscriber);
    const page = await context.newPage();
    try {
      await page.goto(`${env.server.baseUrl}/search`);
      await expectHeading(page, 'Search');
      await page.getByRole('searchbox', { name: 'Search sounds' }).fill('dark 120 bpm loop in C minor');
      await page.keyboard.press('Enter');

      await eventually(() => currentPath(page)).toBe('/search?q=dark+120+bpm+loop+in+C+minor');
      await eventually(() => chips(page)).toEqual(['120 BPM', 'Kind: Loop', 'Key: C minor']);
      // The dark name first; neither 126 BPM, nor A minor, nor the one-shot, nor the bright loop.
      await eventually(() => resultNames(page)).toEqual(['Dark Piano Loop', 'Midnight Chords']);
      if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: path.join(process.env.E2E_SHOTS_DIR, 'search-query-chips.png') });

      // Removing the tempo chip takes "120 bpm" out of the query (the URL stays the search) and brings back 126 BPM.
      await page.getByRole('button', { name: 'Remove 120 BPM' }).click();
      await eventually(() => currentPath(page)).toBe('/search?q=dark+loop+in+C+minor');
      await eventually(() => page.getByRole('searchbox', { name: 'Search sounds' }).inputValue()).toBe('dark loop in C minor');
      await eventually(() => chips(page)).toEqual(['Kind: Loop', 'Key: C minor']);
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual(['Dark Piano Loop', 'Dark Rush', 'Midnight Chords']);

      // The key chip too: every dark loop, whatever its key.
      await page.getByRole('button', { name: 'Remove Key: C minor' }).click();
      await eventually(() => currentPath(page)).toBe('/search?q=dark+loop');
      await eventually(() => resultNames(page).then((names) => [...names].sort())).toEqual(['Dark Piano Loop', 'Dark Rush', 'Dark Warm Keys', 'Midnight Chords']);

      // Back restores the removed chip with its search.
      await page.goBack();
      await eventually(() => chips(page)).toEqual(['Kind: Loop', 'Key: C minor']);
      await eventually(() => resultNames(page).then((names) => names.length)).toBe(3);
    } finally {
      await context.close();
    }
  });
});
