import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { items, packs } from '../apps/server/src/db/schema/index.ts';
import { seedPaymentCatalogue } from '../apps/server/test/payment-catalogue-fixture.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { createUser } from './harness.ts';
import { expectHeading, withPage } from './page-helpers.ts';

/**
 * Buying a pack outright for money (decision 0047), in Chromium against the real server: the pack page's Buy
 * button opens the sandbox's hosted card page, its signed events come back through the job queue, the pack page
 * says the sounds are the buyer's, and the library lists them.
 */
describe.skipIf(!e2eEnabled())('buying a pack for money', () => {
  const env = e2eEnvironment();
  let catalogue: SmallCatalogue;

  beforeAll(async () => {
    await seedPaymentCatalogue(env.server.ctx);
    catalogue = await seedSmallCatalogue(env.server, { packs: 1, itemsPerPack: 3 });
    const packId = catalogue.packs[0]!.pack.id;
    // Paid sounds in a pack with a money price (the generator may make some free).
    await env.server.ctx.db.update(packs).set({ priceCents: 1299, currency: 'usd', isFree: false }).where(eq(packs.id, packId));
    await env.server.ctx.db.update(items).set({ isFree: false, creditCost: 2 }).where(eq(items.packId, packId));
    // Written outside any request, as a job would: the server hears of it from the search outbox. Read it now.
    await env.server.app.searchIndex?.catchUp();
  });

  const main = (page: Page) => page.locator('#main-content');

  test('a subscriber buys a pack with the sandbox card and finds its sounds in the library', async () => {
    const { pack, items: sounds } = catalogue.packs[0]!;
    const subscriber = await createUser(env.server.ctx, { roles: ['subscriber'] });
    await withPage(
      env,
      subscriber,
      async (page) => {
        await page.goto(`${env.server.baseUrl}/pack/${pack.id}`);
        await expectHeading(page, pack.title);
        const buy = main(page).getByRole('button', { name: `Buy for $12.99: ${pack.title}` });
        await buy.click();

        await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
        await page.getByRole('heading', { name: 'Pay Crate' }).waitFor();
        await page.getByText(`Pack “${pack.title}” (${sounds.length} sounds)`).waitFor();
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByRole('button', { name: 'Pay $12.99' }).click();

        await page.waitForURL(new RegExp(`/pack/${pack.id}\\?checkout=`));
        const done = main(page).getByTestId('checkout-complete');
        await done.waitFor({ timeout: 20_000 });
        await done.getByText(`${pack.title} is yours`).waitFor();
        // Owned now: the Buy button is gone, and every row offers its download.
        await main(page).locator('[data-buy-button]').waitFor({ state: 'detached' });
        for (const item of sounds) await main(page).locator(`[data-item-id="${item.id}"]`).getByRole('link', { name: `Owned: download ${item.name}` }).waitFor();

        await done.getByRole('link', { name: 'Open your library' }).click();
        await expectHeading(page, 'Library');
        const owned = main(page).getByRole('list', { name: 'Sounds you own' });
        for (const item of sounds) await owned.locator(`[data-item-id="${item.id}"]`).waitFor();
      },
      20_000,
    );
    const receipts = await fetch(`${env.server.baseUrl}/api/billing/receipts`, { headers: { cookie: subscriber.cookie } }).then((r) => r.json());
    expect(receipts.items[0]).toMatchObject({ description: `Pack “${pack.title}”`, amount: 1299, status: 'paid' });
  });

  test('a member with no plan and no credits is never sent to a dead end: "Not enough credits" offers the plans and buying the bundle outright, which works', async () => {
    const { bundle } = catalogue;
    const member = await createUser(env.server.ctx, {});
    await withPage(
      env,
      member,
      async (page) => {
        await page.goto(`${env.server.baseUrl}/bundle/${bundle.id}`);
        await expectHeading(page, bundle.title);
        await main(page).locator('[data-get-all-button]').click();

        const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
        await dialog.getByText('Choose a plan for credits every month (refills come with a plan).', { exact: false }).waitFor();
        // No refill button: refills are not open without a plan, so it would lead to a refusal.
        expect(await dialog.getByRole('button', { name: 'Buy a refill' }).count()).toBe(0);
        await dialog.getByRole('button', { name: 'See plans' }).waitFor();
        await dialog.getByRole('button', { name: 'Buy for $24.99' }).click();

        await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
        await page.getByText(`Bundle “${bundle.title}”`, { exact: false }).waitFor();
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByRole('button', { name: 'Pay $24.99' }).click();

        await page.waitForURL(new RegExp(`/bundle/${bundle.id}\\?checkout=`));
        const done = main(page).getByTestId('checkout-complete');
        await done.waitFor({ timeout: 20_000 });
        await done.getByText(`${bundle.title} is yours`).waitFor();
        await main(page).locator('[data-buy-button]').waitFor({ state: 'detached' });
      },
      20_000,
    );
    const receipts = await fetch(`${env.server.baseUrl}/api/billing/receipts`, { headers: { cookie: member.cookie } }).then((r) => r.json());
    expect(receipts.items[0]).toMatchObject({ description: `Bundle “${bundle.title}”`, amount: 2499, status: 'paid' });
  });
});
