import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addCredits } from '../apps/server/src/features/credits/credit-ledger-service.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { createUser } from './harness.ts';
import { expectHeading, withPage as openPage } from './page-helpers.ts';

/**
 * An admin curates from the browser: builds a staff playlist from search, puts it in order from the keyboard
 * and publishes it, and a visitor hears it in that order; makes a bundle of two packs, which a subscriber who
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
      await handle.focus();
      const reordered = saved(page, 'PUT', /\/order$/);
      // Each key waits for the move it makes to be announced (what a screen reader user hears) before the next.
      const announced = (text: string) => page.locator('[id^="DndLiveRegion"]').getByText(text, { exact: true }).waitFor({ state: 'attached' });
      await page.keyboard.press('Space');
      await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
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
    });
  });

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
