import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ItemRow } from '@crate/contract/catalogue';
import { addCredits } from '../apps/server/src/features/credits/credit-ledger-service.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { createUser, freshAddress, signInContext } from './harness.ts';
import { expectHeading } from './page-helpers.ts';

/**
 * Spending credits from the pages where sounds are: Get on a row turns into Owned and the header's
 * balance drops by the sound's cost; a whole pack that costs more than is left asks to subscribe or
 * refill and spends nothing; the library's Owned tab lists what was got and finds it by name.
 */
describe.skipIf(!e2eEnabled())('getting sounds with credits', () => {
  const env = e2eEnvironment();
  let catalogue: SmallCatalogue;
  let producer: TestUser;
  let sound: ItemRow;
  const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

  beforeAll(async () => {
    catalogue = await seedSmallCatalogue(env.server, { packs: 2, itemsPerPack: 5 });
    const paid = catalogue.packs[0]!.items.filter((item) => !item.is_free && item.credit_cost > 0);
    expect(paid.length).toBeGreaterThan(1);
    sound = paid[0]!;
    producer = await createUser(env.server.ctx, {});
    // Exactly enough for one sound: the rest of the pack is then out of reach.
    await addCredits(env.server.ctx.db, { userId: producer.id, kind: 'grant', amount: sound.credit_cost, reason: 'e2e', idempotencyKey: `e2e:${randomUUID()}`, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  });

  async function withPage<T>(user: TestUser, run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(10_000);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
    await signInContext(context, env.server.baseUrl, user);
    try {
      return await run(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  const main = (page: Page) => page.locator('#main-content');
  const balance = (page: Page) => page.locator('header').getByRole('link', { name: /credits?$/ });

  test('a producer gets a sound from a pack row, is asked to refill for the whole pack, and finds the sound in the library', async () => {
    const { pack } = catalogue.packs[0]!;
    await withPage(producer, async (page) => {
      await page.goto(`${env.server.baseUrl}/pack/${pack.id}`);
      await expectHeading(page, pack.title);
      await expect.poll(() => balance(page).textContent()).toBe(credits(sound.credit_cost));

      const row = main(page).locator(`[data-item-id="${sound.id}"]`);
      await row.getByRole('button', { name: `Get ${sound.name} for ${credits(sound.credit_cost)}` }).click();
      await row.getByRole('link', { name: `${sound.name} is owned: open your library` }).waitFor();
      await expect.poll(() => balance(page).textContent()).toBe('0 credits');

      await main(page).getByRole('button', { name: 'Get the whole pack' }).click();
      const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
      await dialog.getByText('and you have 0 credits').waitFor();
      await dialog.getByRole('button', { name: 'See plans' }).waitFor();
      await dialog.getByRole('button', { name: 'Buy a refill' }).click();
      await expectHeading(page, 'Refill credits');

      await page.goto(`${env.server.baseUrl}/library`);
      await expectHeading(page, 'Library');
      const owned = main(page).getByRole('list', { name: 'Sounds you own' });
      await owned.locator(`[data-item-id="${sound.id}"]`).waitFor();
      await main(page).getByRole('textbox', { name: 'Find a sound you own' }).fill('zz-no-such-sound');
      await main(page).getByText('Nothing you own matches').waitFor();
    });
    const after = await fetch(`${env.server.baseUrl}/api/credits`, { headers: { cookie: producer.cookie } }).then((r) => r.json());
    expect(after.credits).toBe(0);
  });
});
