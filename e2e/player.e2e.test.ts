import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ItemRow } from '@crate/contract/catalogue';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { loopPair, seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { freshAddress } from './harness.ts';
import { expectHeading } from './page-helpers.ts';

const AUDIO = '#crate-player-audio';

interface AudioState {
  src: string;
  currentTime: number;
  paused: boolean;
  ended: boolean;
}

/**
 * The persistent player on real MP3 previews made by the derivative pipeline: a row plays (the
 * audio's clock really advances), ↓/↑ move to the next/previous row and play it, Space pauses,
 * and the sound keeps playing while the user moves to other screens.
 */
describe.skipIf(!e2eEnabled())('player', () => {
  const env = e2eEnvironment();
  let catalogue: SmallCatalogue;
  let context: BrowserContext;
  let page: Page;
  let pack: SmallCatalogue['packs'][number];
  let pair: [number, number];

  beforeAll(async () => {
    catalogue = await seedSmallCatalogue(env.server, { packs: 2, itemsPerPack: 8 });
    const withLoops = catalogue.packs.find((p) => loopPair(p.items) !== null);
    if (!withLoops) throw new Error('[e2e] the generated catalogue has no two neighbouring loops');
    pack = withLoops;
    pair = loopPair(pack.items)!;
    context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(10_000);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  const audio = (): Promise<AudioState> =>
    page.evaluate((selector) => {
      const element = document.querySelector<HTMLAudioElement>(selector)!;
      return { src: element.currentSrc || element.src, currentTime: element.currentTime, paused: element.paused, ended: element.ended };
    }, AUDIO);

  /** Waits until the player's audio is `item`'s preview and its clock has moved past `seconds`. */
  async function expectPlaying(item: Pick<ItemRow, 'name' | 'preview'>, seconds = 0.3): Promise<void> {
    const url = new URL(item.preview!.url, env.server.baseUrl).href;
    try {
      await page.waitForFunction(
        ({ selector, url, seconds }) => {
          const element = document.querySelector<HTMLAudioElement>(selector);
          return !!element && (element.currentSrc || element.src) === url && !element.paused && element.currentTime > seconds;
        },
        { selector: AUDIO, url, seconds },
        { timeout: 10_000 },
      );
    } catch (error) {
      throw new Error(`expected ${item.name} to be playing, audio was ${JSON.stringify(await audio())}`, { cause: error });
    }
  }

  const row = (item: ItemRow) => page.locator(`#main-content [data-item-id="${item.id}"]`);

  test('a row plays real audio, shows as current, and the bar names it', async () => {
    const first = pack.items[pair[0]]!;
    await page.goto(`${env.server.baseUrl}/pack/${pack.pack.id}`);
    await expectHeading(page, pack.pack.title);
    await row(first).getByRole('button', { name: `Play ${first.name}` }).click();
    await expectPlaying(first);
    await row(first).and(page.locator('[data-current]')).waitFor();
    await row(first).getByRole('button', { name: `Pause ${first.name}` }).waitFor();
    await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: first.name }).waitFor();
  });

  test('↓ plays the next row and ↑ the previous one; Space pauses and resumes', async () => {
    const [first, second] = [pack.items[pair[0]]!, pack.items[pair[1]]!];
    await page.keyboard.press('ArrowDown');
    await expectPlaying(second);
    await row(second).and(page.locator('[data-current]')).waitFor();
    expect(await row(first).getAttribute('data-current')).toBeNull();

    await page.keyboard.press('ArrowUp');
    await expectPlaying(first);
    await row(first).and(page.locator('[data-current]')).waitFor();

    // Focus on the page itself, where Space belongs to the player.
    await page.locator('h1').click();
    await page.keyboard.press('Space');
    await page.waitForFunction((selector) => document.querySelector<HTMLAudioElement>(selector)!.paused, AUDIO);
    const pausedAt = (await audio()).currentTime;
    await page.waitForTimeout(400);
    expect((await audio()).currentTime).toBe(pausedAt);
    await page.keyboard.press('Space');
    await expectPlaying(first, pausedAt + 0.2);
  });

  test('the sound keeps playing across navigation, and the bar stays', async () => {
    const first = pack.items[pair[0]]!;
    const before = (await audio()).currentTime;
    await page.locator('header').getByRole('link', { name: 'Creators', exact: true }).click();
    await expectHeading(page, 'Creators');
    await page.locator('header').getByRole('link', { name: 'Genres', exact: true }).click();
    await expectHeading(page, 'Genres');
    // Loops loop by default, so the clock may wrap: the same source still playing and time moving is what counts.
    await page.waitForTimeout(600);
    const after = await audio();
    expect(after.src).toBe(new URL(first.preview!.url, env.server.baseUrl).href);
    expect(after.paused).toBe(false);
    expect(after.currentTime).not.toBe(before);
    await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: first.name }).waitFor();

    // From the bar, the sound's own page; its waveform shows it as the current sound.
    await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: first.name }).click();
    await expectHeading(page, first.name);
    await page.locator('[data-item-waveform][data-current]').waitFor();
    expect((await audio()).paused).toBe(false);
  });

  test('clicking the item waveform plays from that point', async () => {
    const other = pack.items[pair[1]]!;
    await page.goto(`${env.server.baseUrl}/item/${other.slug}`);
    await expectHeading(page, other.name);
    const waveform = page.locator('[data-item-waveform]');
    await waveform.locator('svg rect').first().waitFor();
    const box = (await waveform.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    const duration = other.preview!.duration_ms / 1000;
    await expectPlaying(other, duration * 0.4);
  });

  test('a wide list shows each sound’s waveform in its row; clicking one plays that sound from there', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      await page.goto(`${env.server.baseUrl}/pack/${pack.pack.id}`);
      await expectHeading(page, pack.pack.title);
      const target = pack.items[pair[1]]!;
      const waveform = row(target).locator('[data-row-waveform]');
      await waveform.locator('svg rect').first().waitFor();
      expect(await waveform.getAttribute('aria-label')).toBe(`Waveform of ${target.name}. Click to play from a point.`);
      // Every playable row on screen has one, drawn from its own peaks.
      const playable = pack.items.filter((item) => item.preview !== null);
      await page.waitForFunction((count) => document.querySelectorAll('#main-content [data-row-waveform] svg').length >= count, playable.length);
      await waveform.scrollIntoViewIfNeeded();
      const box = (await waveform.boundingBox())!;
      expect(box.width).toBeGreaterThan(80);
      if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/list-row-waveforms.png` });
      await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
      await expectPlaying(target, (target.preview!.duration_ms / 1000) * 0.5);
      await row(target).and(page.locator('[data-current]')).waitFor();

      // A phone's list has no room for it: the column is gone and no peaks are fetched for it.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await row(target).locator('[data-row-waveform]').isVisible()).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  test('a pack card in a grid plays the pack preview without opening the pack', async () => {
    const withPreview = catalogue.packs.find((p) => p.pack.preview !== null);
    if (!withPreview) throw new Error('[e2e] no generated pack has a preview');
    const { pack: card } = withPreview;
    await page.goto(`${env.server.baseUrl}/creator/${card.creator.id}`);
    await expectHeading(page, card.creator.name);
    const tile = page.locator(`#main-content article[data-pack-id="${card.id}"]`);
    await tile.getByRole('button', { name: `Play ${card.title} — pack preview` }).click();
    await expectPlaying({ name: card.title, preview: card.preview });
    expect(new URL(page.url()).pathname).toBe(`/creator/${card.creator.id}`);
    await tile.getByRole('button', { name: `Pause ${card.title} — pack preview` }).waitFor();
    await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: `${card.title} — pack preview` }).waitFor();
  });
});
