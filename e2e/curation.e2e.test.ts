import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addCredits } from '../apps/server/src/features/credits/credit-ledger-service.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { createUser } from './harness.ts';
import { expectHeading, liftWithKeyboard, withPage as openPage } from './page-helpers.ts';

/** 1200 × 600: red on the left half, blue on the right. */
const halves = () =>
  sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="600" height="600" fill="#f00"/><rect x="600" width="600" height="600" fill="#00f"/></svg>'))
    .png()
    .toBuffer();

/**
 * An admin curates from the browser: builds a staff playlist from search, puts it in order from the keyboard,
 * gives it a cover cropped square from a wider picture and publishes it, and a visitor hears it in that order
 * under that cover; makes a bundle of two packs, which a subscriber who
 * owns one of them gets for credits, paying only for the other.
 */
describe.skipIf(!e2eEnabled())('admin curation', () => {
  const env = e2eEnvironment();
  let catalogue: SmallCatalogue;
  let admin: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    catalogue = await seedSmallCatalogue(env.server, { packs: 2, itemsPerPack: 3 });
    admin = await createUser(env.server.ctx, { roles: ['admin'] });
    subscriber = await createUser(env.server.ctx, { roles: ['subscriber'] });
  });

  const main = (page: Page) => page.locator('#main-content');
  /** The order a list shows its entries in, by the ids its rows carry. */
  const idsIn = (page: Page, selector: string, attribute: string) => page.locator(selector).evaluateAll((rows, name) => rows.map((row) => row.getAttribute(name)), attribute);
  const saved = (page: Page, method: string, pathEnd: RegExp) => page.waitForResponse((r) => r.request().method() === method && pathEnd.test(new URL(r.url()).pathname) && r.ok());

  test('builds a staff playlist from search, reorders it from the keyboard, and a visitor sees that order', async () => {
    const sounds = catalogue.packs.flatMap((p) => p.items).slice(0, 3);
    expect(sounds).toHaveLength(3);
    const title = `Night Drive ${randomUUID().slice(0, 4)}`;
    const slug = await openPage(env, admin, async (page) => {
      await page.goto(`${env.server.baseUrl}/editplaylist`);
      await expectHeading(page, 'Staff playlists');
      await main(page).getByLabel('Title').fill(title);
      await main(page).getByLabel('Title').blur();
      const slugValue = await main(page).getByLabel('Slug').inputValue();
      expect(slugValue).toMatch(/^night-drive-[a-z0-9]+$/);
      await main(page).getByRole('button', { name: 'Create playlist' }).click();
      await expectHeading(page, title);

      const search = main(page).getByLabel('Find sounds to add');
      for (const sound of sounds) {
        await search.fill(sound.name);
        const added = saved(page, 'POST', /\/items$/);
        await main(page).locator(`[data-lookup-id="${sound.id}"]`).getByRole('button', { name: `Add ${sound.name}` }).click();
        await added;
        await main(page).locator(`[data-sortable-id="${sound.id}"]`).waitFor();
      }
      expect(await idsIn(page, '[data-sortable-id]', 'data-sortable-id')).toEqual(sounds.map((s) => s.id));

      // The third sound to the top, from the keyboard: Space lifts it, ↑ ↑ moves it, Space drops it.
      const handle = main(page).getByRole('button', { name: `Move ${sounds[2]!.name}`, exact: true });
      const reordered = saved(page, 'PUT', /\/order$/);
      // Each key waits for the move it makes to be announced (what a screen reader user hears) before the next.
      const announced = (text: string) => page.locator('[id^="DndLiveRegion"]').getByText(text, { exact: true }).waitFor({ state: 'attached' });
      await liftWithKeyboard(page, handle);
      await page.keyboard.press('ArrowUp');
      await announced(`${sounds[2]!.name} is at position 2 of 3.`);
      await page.keyboard.press('ArrowUp');
      await announced(`${sounds[2]!.name} is at position 1 of 3.`);
      await page.keyboard.press('Space');
      await reordered;
      const order = [sounds[2]!.id, sounds[0]!.id, sounds[1]!.id];
      await expect.poll(() => idsIn(page, '[data-sortable-id]', 'data-sortable-id')).toEqual(order);
      // The live preview lists them the same way, as the public page will.
      await expect.poll(() => idsIn(page, 'section[aria-label="Preview of the public page"] [data-item-id]', 'data-item-id')).toEqual(order);

      // A cover: the picture's blue half, cropped square in the browser (the arrow keys move the crop to its right edge).
      await main(page).locator('input[type="file"]').setInputFiles({ name: 'Halves.png', mimeType: 'image/png', buffer: await halves() });
      const cropper = main(page).getByLabel(/^Cover crop/);
      await cropper.waitFor();
      await main(page).getByText('The crop keeps 600 × 600 pixels of the picture; the cover’s three sizes are made from it.').waitFor();
      await cropper.focus();
      for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowLeft');
      await main(page).getByRole('button', { name: 'Use this crop' }).click();
      // Uploaded: the form and the live preview show the new cover before it is saved.
      const coverSrc = /\/api\/media\/[0-9a-f-]+\/cover-250x250$/;
      await expect.poll(() => main(page).locator('[data-cover-preview] img').getAttribute('src'), { timeout: 15_000 }).toMatch(coverSrc);
      await expect.poll(() => main(page).locator('section[aria-label="Preview of the public page"] img').first().getAttribute('src')).toMatch(coverSrc);

      await main(page).getByRole('switch', { name: /^Published/ }).check();
      const published = saved(page, 'PATCH', /\/api\/admin\/staff-playlists\/[^/]+$/);
      await main(page).getByRole('button', { name: 'Save details' }).click();
      await published;
      await page.getByText(`Published at /staffplaylist/${slugValue}`).waitFor();
      return slugValue;
    });

    await openPage(env, null, async (page) => {
      await page.goto(`${env.server.baseUrl}/staffplaylist/${slug}`);
      await expectHeading(page, title);
      await expect.poll(() => idsIn(page, '#main-content [data-item-id]', 'data-item-id')).toEqual([sounds[2]!.id, sounds[0]!.id, sounds[1]!.id]);
      // Under the admin's cover: the blue half of the picture, none of the red.
      const cover = main(page).getByRole('img', { name: `Cover of ${title}` });
      expect(await cover.getAttribute('src')).toMatch(/\/api\/media\/[0-9a-f-]+\/cover-250x250$/);
      const large = await page.request.get(`${env.server.baseUrl}${(await cover.getAttribute('srcset'))!.match(/(\S+) 500w/)![1]}`);
      expect(large.status()).toBe(200);
      const image = Buffer.from(await large.body());
      expect(await sharp(image).metadata()).toMatchObject({ width: 500, height: 500 });
      const [red, , blue] = (await sharp(image).stats()).channels.map((c) => c.mean);
      expect(blue).toBeGreaterThan(200);
      expect(red, 'no red: the left half was cropped away').toBeLessThan(30);
    });
  }, 90_000);

  test('creates a bundle of two packs, and a subscriber who owns one gets it for credits, paying only for the other', async () => {
    const [a, b] = catalogue.packs.map((p) => p.pack);
    const title = `Duo ${randomUUID().slice(0, 4)}`;
    const bundleSlug = await openPage(env, admin, async (page) => {
      await page.goto(`${env.server.baseUrl}/managebundle`);
      await expectHeading(page, 'Manage bundles');
      await main(page).getByLabel('Title').fill(title);
      await main(page).getByLabel('Title').blur();
      await main(page).getByLabel('Credit price').fill('20');
      const search = main(page).getByLabel('Find published packs');
      for (const pack of [a!, b!]) {
        await search.fill(pack.title);
        await main(page).locator(`[data-lookup-id="${pack.id}"]`).getByRole('button', { name: `Add ${pack.title}` }).click();
        await main(page).locator(`[data-sortable-id="${pack.id}"]`).waitFor();
      }
      await main(page).getByRole('button', { name: 'Create bundle' }).click();
      await expectHeading(page, title);
      return main(page).getByLabel('Slug').inputValue();
    });

    // The subscriber owns pack A already; pack B is what the bundle still holds for them.
    await addCredits(env.server.ctx.db, { userId: subscriber.id, kind: 'grant', amount: 100, reason: 'e2e', idempotencyKey: `e2e:${randomUUID()}`, expiresAt: null });
    const gotA = await env.server.app.inject({ method: 'POST', url: '/api/acquisitions', headers: { cookie: subscriber.cookie }, payload: { target: 'pack', id: a!.id, idempotency_key: randomUUID() } });
    expect(gotA.statusCode, gotA.body).toBe(200);
    const before = gotA.json().credits as number;

    await openPage(env, subscriber, async (page) => {
      await page.goto(`${env.server.baseUrl}/bundles/${bundleSlug}`);
      await expectHeading(page, title);
      const quote = (await env.server.app.inject({ method: 'GET', url: `/api/bundles/${bundleSlug}`, headers: { cookie: subscriber.cookie } })).json().viewer_price;
      expect(quote).toMatchObject({ cost: expect.any(Number), owned_count: a!.item_count, item_count: a!.item_count + b!.item_count });
      expect(quote.cost).toBeGreaterThan(0);
      expect(quote.cost).toBeLessThan(20);
      await main(page).getByRole('button', { name: `Get the rest ${quote.cost} credits: ${title}` }).click();
      const spent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/acquisitions'));
      await page.getByRole('dialog', { name: `Get ${title}` }).getByRole('button', { name: `Spend ${quote.cost} credits` }).click();
      const answer = await (await spent).json();
      expect(answer).toMatchObject({ charged: quote.cost, credits: before - quote.cost });
      const owned = (await env.server.app.inject({ method: 'GET', url: '/api/library/owned-ids', headers: { cookie: subscriber.cookie } })).json().item_ids as string[];
      expect(owned).toEqual(expect.arrayContaining(catalogue.packs.flatMap((p) => p.items.map((i) => i.id))));
    });
  });
});
