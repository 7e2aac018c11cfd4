import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { findGenre } from '@crate/contract/taxonomy';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { freshAddress, signInContext } from './harness.ts';
import { expectHeading, navigateInApp } from './page-helpers.ts';

/**
 * Every public browse screen on a small generated catalogue (real audio, drained derivatives):
 * content shown, not-found states for unknown ids and slugs, per-page metadata, and an unpublished
 * pack hidden from the public and shown to its owner with its status badge.
 */
describe.skipIf(!e2eEnabled())('catalogue screens', () => {
  const env = e2eEnvironment();
  let catalogue: SmallCatalogue;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    catalogue = await seedSmallCatalogue(env.server);
    context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(10_000);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
    page = await context.newPage();
    await page.goto(`${env.server.baseUrl}/`);
    await expectHeading(page, 'Discover');
  });
  afterAll(async () => {
    await context?.close();
  });

  const meta = (p: Page, selector: string) => p.locator(`head ${selector}`).last().getAttribute('content');
  const waitForTitle = (p: Page, title: string) => p.waitForFunction((t) => document.title === t, title);
  const main = (p: Page) => p.locator('#main-content');

  test('Discover shows banners with their corner text, staff picks, a playable list, genres, creators and staff playlists', async () => {
    await navigateInApp(page, '/');
    const { discover } = catalogue;
    const banner = discover.banners[0]!;
    await main(page).getByRole('heading', { name: banner.title }).first().waitFor();
    expect(await page.locator(`[data-position="${banner.position}"]`).count()).toBeGreaterThan(0);
    // Each banner's subtitle is shown whole (not cut off mid-sentence), and a banner's link is named by both its texts.
    const withSubtitles = discover.banners.slice(0, 3).filter((b) => b.subtitle);
    expect(withSubtitles.length).toBeGreaterThan(1);
    for (const b of withSubtitles) {
      const subtitle = main(page).getByText(b.subtitle!, { exact: true });
      expect(await subtitle.evaluate((text) => text.scrollHeight <= text.clientHeight + 1), b.subtitle!).toBe(true);
    }
    for (const b of withSubtitles.filter((b) => b.link_url)) {
      await main(page).getByRole('link', { name: `${b.title} ${b.subtitle}`, exact: true }).waitFor({ timeout: 2000 });
    }
    for (const pick of discover.staff_picks) {
      await page.getByRole('list', { name: 'Staff picks' }).getByRole('link', { name: pick.title }).waitFor();
    }
    // The playable list loads once the visitor scrolls (it sits below the fold).
    await page.mouse.wheel(0, 900);
    await page.getByRole('heading', { name: 'Hear it now' }).scrollIntoViewIfNeeded();
    await page.locator('ul[aria-label^="Sounds from"] [data-item-id]').first().waitFor();
    const genre = discover.genres[0]!;
    // exact: "House, 1 pack" must not also match "Afro House, 1 pack".
    await page.getByRole('link', { name: `${genre.label}, ${genre.pack_count} ${genre.pack_count === 1 ? 'pack' : 'packs'}`, exact: true }).waitFor();
    await page.getByRole('list', { name: 'Featured creators' }).getByRole('link', { name: discover.featured_creators[0]!.name }).waitFor();
    await page.getByRole('list', { name: 'Staff playlists' }).getByRole('link', { name: discover.staff_playlists[0]!.title }).waitFor();
    expect(await page.title()).toBe('Discover · Crate');
  });

  test('Discover’s banners fit a phone and a tablet: nothing scrolls sideways, and every banner holds its whole text', async () => {
    try {
      for (const width of [320, 390, 768, 1000]) {
        await page.setViewportSize({ width, height: 800 });
        await navigateInApp(page, '/');
        await main(page).getByRole('heading', { name: catalogue.discover.banners[0]!.title }).first().waitFor();
        const layout = await page.evaluate(() => ({
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          // The text block's edges against its banner's: a title cut at the banner's top shows as a negative top.
          texts: [...document.querySelectorAll('[data-position]')].map((text) => {
            const banner = text.parentElement!.getBoundingClientRect();
            const box = text.getBoundingClientRect();
            return { top: box.top - banner.top, bottom: banner.bottom - box.bottom, left: box.left - banner.left, right: banner.right - box.right };
          }),
        }));
        expect(layout.sideways, `${width}px`).toBe(0);
        expect(layout.texts.length).toBeGreaterThan(1);
        for (const edges of layout.texts) for (const [edge, room] of Object.entries(edges)) expect(room, `${width}px, ${edge}`).toBeGreaterThanOrEqual(-0.5);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  test('Staff picks lists every pick; Bundles lists the bundle and opens it by id and by slug', async () => {
    await navigateInApp(page, '/staffpicks');
    await expectHeading(page, 'Staff picks');
    for (const pick of catalogue.discover.staff_picks) await main(page).getByRole('link', { name: pick.title }).waitFor();

    await navigateInApp(page, '/bundles');
    await expectHeading(page, 'Bundles');
    await main(page).getByRole('link', { name: catalogue.bundle.title }).click();
    await expectHeading(page, catalogue.bundle.title);
    await waitForTitle(page, `${catalogue.bundle.title} · Crate`);
    const bundled = catalogue.packs.filter((p) => catalogue.bundle.packIds.includes(p.pack.id));
    for (const { pack } of bundled) await main(page).getByRole('link', { name: pack.title }).first().waitFor();

    await navigateInApp(page, `/bundles/${catalogue.bundle.slug}`);
    await expectHeading(page, catalogue.bundle.title);
    await navigateInApp(page, '/bundles/no-such-bundle');
    await expectHeading(page, 'Bundle');
    await page.getByRole('heading', { name: 'This bundle is not here' }).waitFor();
  });

  test('Genres groups genres by family with counts; a genre lists its packs; an unknown genre is not found', async () => {
    const genre = catalogue.discover.genres[0]!;
    await navigateInApp(page, '/genres');
    await expectHeading(page, 'Genres');
    await main(page).getByRole('heading', { name: 'Hip Hop & Rap' }).waitFor();
    const family = findGenre(genre.slug)!;
    expect(family).toBeDefined();
    await main(page).getByRole('link', { name: new RegExp(`^${genre.label}`) }).first().getByLabel(`${genre.pack_count} ${genre.pack_count === 1 ? 'pack' : 'packs'}`).waitFor();

    await page.getByLabel('Find a genre').fill(genre.label.slice(0, 4));
    await main(page).getByRole('link', { name: new RegExp(`^${genre.label}`) }).first().click();
    await expectHeading(page, genre.label);
    await waitForTitle(page, `${genre.label} · Crate`);
    const inGenre = catalogue.packs.filter((p) => p.pack.genres.includes(genre.slug));
    for (const { pack } of inGenre) await main(page).getByRole('link', { name: pack.title }).first().waitFor();

    await navigateInApp(page, '/genres/not-a-genre');
    await expectHeading(page, 'Genres');
    await page.getByRole('heading', { name: 'This genre is not here' }).waitFor();
  });

  test('Creators directory opens a creator profile with their packs; /collections/{slug} is the same screen', async () => {
    const { pack } = catalogue.packs[0]!;
    await navigateInApp(page, '/creators');
    await expectHeading(page, 'Creators');
    await main(page).getByRole('link', { name: pack.creator.name }).first().click();
    await expectHeading(page, pack.creator.name);
    await main(page).getByRole('list', { name: `Packs by ${pack.creator.name}` }).getByRole('link', { name: pack.title }).waitFor();

    await navigateInApp(page, `/collections/${pack.creator.slug}`);
    await expectHeading(page, pack.creator.name);
    await navigateInApp(page, `/creator/${randomUUID()}`);
    await expectHeading(page, 'Creator');
    await page.getByRole('heading', { name: 'This creator is not here' }).waitFor();
  });

  test('Pack view: cover, creator, licence, every sound with a play button; metadata describes the pack; /products/{slug} is the same', async () => {
    const { pack, items } = catalogue.packs[0]!;
    await navigateInApp(page, `/pack/${pack.id}`);
    await expectHeading(page, pack.title);
    await waitForTitle(page, `${pack.title} · Crate`);
    expect(await meta(page, 'meta[property="og:image"]')).toBe(new URL(pack.cover!['500x500'], env.server.baseUrl).href);
    expect(await meta(page, 'meta[name="description"]')).toContain(`${pack.item_count} sounds by ${pack.creator.name}`);
    await main(page).getByRole('link', { name: pack.creator.name }).first().waitFor();
    await main(page).getByRole('link', { name: new RegExp(`Licence: ${pack.licence_type}`) }).waitFor();
    const list = main(page).getByRole('list', { name: `Sounds in ${pack.title}` });
    await list.locator('[data-item-id]').nth(items.length - 1).waitFor();
    expect(await list.locator('[data-item-id]').count()).toBe(items.length);
    // exact: "Play Chrome Arp" must not also match "Play Chrome Arp 2".
    await list.getByRole('button', { name: `Play ${items[0]!.name}`, exact: true }).waitFor();
    if (pack.preview) await main(page).getByRole('button', { name: 'Play pack preview' }).waitFor();
    const cover = main(page).getByRole('img', { name: `Cover of ${pack.title}` });
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await cover.elementHandle());

    await navigateInApp(page, `/products/${pack.slug}`);
    await expectHeading(page, pack.title);
    await navigateInApp(page, `/pack/${randomUUID()}`);
    await expectHeading(page, 'Pack');
    await page.getByRole('heading', { name: 'This pack is not here' }).waitFor();
    await waitForTitle(page, 'Pack · Crate');
  });

  test('Item view: attributes, pack and creator links, a waveform, similar sounds; unknown slug is not found', async () => {
    const { pack, items } = catalogue.packs[0]!;
    const item = items.find((i) => i.kind === 'Loop' && i.key && i.bpm) ?? items[0]!;
    await navigateInApp(page, `/item/${item.slug}`);
    await expectHeading(page, item.name);
    await waitForTitle(page, `${item.name} · Crate`);
    const details = main(page).locator('dl');
    if (item.key) await details.getByText(item.key, { exact: true }).waitFor();
    if (item.bpm) await details.getByText(`${item.bpm} BPM`).waitFor();
    if (item.time_signature) await details.getByText(item.time_signature, { exact: true }).waitFor();
    await main(page).getByRole('link', { name: pack.title }).first().waitFor();
    await page.locator('[data-item-waveform] svg rect').first().waitFor();
    await main(page).getByRole('heading', { name: 'Similar sounds' }).waitFor();
    await main(page).getByRole('list', { name: `Sounds similar to ${item.name}` }).locator('[data-item-id]').first().waitFor();

    await navigateInApp(page, '/item/no-such-sound');
    await expectHeading(page, 'Sound');
    await page.getByRole('heading', { name: 'This sound is not here' }).waitFor();
  });

  test('Staff playlist lists its sounds in order; unknown id is not found', async () => {
    const playlist = catalogue.discover.staff_playlists[0]!;
    await navigateInApp(page, `/staffplaylist/${playlist.id}`);
    await expectHeading(page, playlist.title);
    const rows = main(page).getByRole('list', { name: `Sounds in ${playlist.title}` }).locator('[data-item-id]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(playlist.item_count);
    await main(page).getByRole('button', { name: 'Play all' }).waitFor();

    await navigateInApp(page, `/staffplaylist/${randomUUID()}`);
    await expectHeading(page, 'Staff playlist');
    await page.getByRole('heading', { name: 'This playlist is not here' }).waitFor();
  });

  test('An unpublished pack is not found for the public and missing from its creator page; its owner sees it with its status', async () => {
    const hidden = catalogue.unpublished[0]!;
    expect(hidden).toBeDefined();
    await navigateInApp(page, `/pack/${hidden.id}`);
    await expectHeading(page, 'Pack');
    await page.getByRole('heading', { name: 'This pack is not here' }).waitFor();
    await navigateInApp(page, `/creator/${catalogue.ownerCreator.id}`);
    await expectHeading(page, catalogue.ownerCreator.name);
    await main(page).getByText('No packs out yet').waitFor();
    expect(await main(page).getByRole('link', { name: hidden.title }).count()).toBe(0);

    const ownerContext = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    ownerContext.setDefaultTimeout(10_000);
    try {
      await signInContext(ownerContext, env.server.baseUrl, catalogue.owner);
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto(`${env.server.baseUrl}/creator/${catalogue.ownerCreator.id}`);
      await expectHeading(ownerPage, catalogue.ownerCreator.name);
      const card = ownerPage.getByRole('article', { name: hidden.title });
      await card.getByLabel(/^Not published: /).waitFor();
      await ownerPage.getByText('visible only to you, your collaborators and admins').waitFor();
      await card.getByRole('link', { name: hidden.title }).click();
      await expectHeading(ownerPage, hidden.title);
      await ownerPage.locator('#main-content').getByText(/^Not published · /).waitFor();
    } finally {
      await ownerContext.close();
    }
  });

  test('FAQ, Pricing, Sell my packs, Dynamic splits and Browse users say what they should', async () => {
    await navigateInApp(page, '/faq');
    await expectHeading(page, 'FAQ');
    await main(page).getByRole('button', { name: 'What are credits?' }).click();
    await main(page).getByText('Credits are how you get sounds on Crate').waitFor();

    await navigateInApp(page, '/pricing');
    await expectHeading(page, 'Pricing');
    await main(page).getByRole('region', { name: /plan$/ }).first().waitFor();
    const plans = await main(page).getByRole('region', { name: /plan$/ }).count();
    expect(plans).toBeGreaterThan(0);
    await main(page).getByRole('button', { name: 'Subscribe' }).first().waitFor();

    await navigateInApp(page, '/sellmypacks');
    await expectHeading(page, 'Sell my packs');
    expect(await main(page).getByRole('link', { name: 'Apply to sell on Crate' }).getAttribute('href')).toBe('/register?redirect=%2Fcreatorapplication');

    await navigateInApp(page, '/splits');
    await expectHeading(page, 'Dynamic splits');
    for (const name of ['Royalty-Free', 'Royalty A', 'Dynamic Splits']) await main(page).getByRole('columnheader', { name }).waitFor();

    await navigateInApp(page, '/users');
    await expectHeading(page, 'Browse users');
    await main(page).getByText('accounts are private').waitFor();
    await main(page).getByRole('link', { name: catalogue.packs[0]!.pack.creator.name }).first().waitFor();
  });
});
