import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ItemRow } from '@crate/contract/catalogue';
import { files, items, licences } from '../apps/server/src/db/schema/index.ts';
import { addCredits } from '../apps/server/src/features/credits/credit-ledger-service.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { createUser } from './harness.ts';
import { downloadFrom, expectHeading, getWithCredits, withPage as openPage } from './page-helpers.ts';

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

  const withPage = <T,>(user: TestUser | null, run: (page: Page, context: BrowserContext) => Promise<T>) => openPage(env, user, run);

  const main = (page: Page) => page.locator('#main-content');
  /** The original file of an item as stored, to compare a download with. */
  const originalBytes = async (itemId: string) => {
    const [row] = await env.server.ctx.db.select({ key: files.storageKey, name: files.originalName }).from(items).innerJoin(files, sql`${files.id} = coalesce(${items.presetFileId}, ${items.audioFileId})`).where(eq(items.id, itemId));
    const stored = await env.server.ctx.storage.get(row!.key);
    return { bytes: await buffer(stored!.body), extension: path.extname(row!.name) };
  };
  const balance = (page: Page) => page.locator('header').getByRole('link', { name: /credits?$/ });

  test('a producer gets a sound from a pack row, is offered a plan (not a refill it could not buy) for the whole pack, and finds the sound in the library', async () => {
    const { pack } = catalogue.packs[0]!;
    await withPage(producer, async (page) => {
      await page.goto(`${env.server.baseUrl}/pack/${pack.id}`);
      await expectHeading(page, pack.title);
      await expect.poll(() => balance(page).textContent()).toBe(credits(sound.credit_cost));

      const ownedLink = await getWithCredits(page, sound);
      await expect.poll(() => balance(page).textContent()).toBe('0 credits');

      // Once owned, the row's button downloads the original: the saved bytes are the stored file's.
      const saved = await downloadFrom(page, ownedLink);
      const original = await originalBytes(sound.id);
      expect(saved.name).toBe(`${sound.name}${original.extension}`);
      expect(saved.bytes.equals(original.bytes)).toBe(true);

      // The pack's button now prices only the rest (the pack's price pro rata, decision 0033), as the API does.
      const rest = (await fetch(`${env.server.baseUrl}/api/packs/${pack.id}`, { headers: { cookie: producer.cookie } }).then((r) => r.json())).viewer_price;
      expect(rest).toMatchObject({ owned_count: 1, item_count: pack.item_count });
      const getRest = main(page).getByRole('button', { name: `Get the rest ${credits(rest.cost)}: ${pack.title}`, exact: true });
      await expect.poll(() => getRest.textContent()).toBe(`Get the rest · ${rest.cost}`);
      await getRest.click();
      const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
      await dialog.getByText('and you have 0 credits').waitFor();
      // Without a plan, refills are not open: the way on is a plan, never a refill page that would refuse (decision 0073).
      await dialog.getByText('Choose a plan for credits every month (refills come with a plan).', { exact: false }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Buy a refill' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'See plans' }).click();
      await expectHeading(page, 'Pricing');

      await page.goto(`${env.server.baseUrl}/library`);
      await expectHeading(page, 'Library');
      const owned = main(page).getByRole('list', { name: 'Sounds you own' });
      await owned.locator(`[data-item-id="${sound.id}"]`).waitFor();

      // Its licence certificate: a PDF to keep, and a public page anyone can check it on (no e-mail shown).
      const [certificate] = await env.server.ctx.db.select({ number: licences.certificateNumber }).from(licences).where(eq(licences.userId, producer.id));
      const licenceLink = owned.getByRole('link', { name: `Licence certificate ${certificate!.number} for ${sound.name} (PDF)` });
      const pdf = await downloadFrom(page, licenceLink);
      expect(pdf.name).toBe(`${certificate!.number}.pdf`);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const verify = await page.context().newPage();
      await verify.goto(`${env.server.baseUrl}/licence/${certificate!.number}`);
      await verify.getByRole('heading', { name: certificate!.number }).waitFor();
      await verify.getByText('Valid', { exact: true }).waitFor();
      await verify.getByText(sound.name, { exact: true }).waitFor();
      expect(await verify.locator('#main-content').textContent()).not.toContain(producer.email);
      await verify.close();
      await main(page).getByRole('textbox', { name: 'Find a sound you own' }).fill('zz-no-such-sound');
      await main(page).getByText('Nothing you own matches').waitFor();

      // The download is in the history, with a way to download it again.
      await main(page).getByRole('tab', { name: 'Downloads' }).click();
      const history = main(page).getByRole('table', { name: 'Your downloads' });
      await history.getByRole('link', { name: sound.name, exact: true }).waitFor();
      await history.getByRole('link', { name: `Download ${sound.name} again` }).waitFor();
    });
    const after = await fetch(`${env.server.baseUrl}/api/credits`, { headers: { cookie: producer.cookie } }).then((r) => r.json());
    expect(after.credits).toBe(0);
  });

  test('an admin takes a sound down: it leaves search for other producers while its owner still downloads it', async () => {
    const taken = catalogue.packs[0]!.items.filter((item) => !item.is_free && item.credit_cost > 0)[1]!;
    const owner = await createUser(env.server.ctx, { roles: ['subscriber'] });
    const other = await createUser(env.server.ctx, { roles: ['subscriber'] });
    const admin = await createUser(env.server.ctx, { roles: ['admin'] });
    await addCredits(env.server.ctx.db, { userId: owner.id, kind: 'grant', amount: taken.credit_cost, reason: 'e2e', idempotencyKey: `e2e:${randomUUID()}`, expiresAt: null });
    const got = await fetch(`${env.server.baseUrl}/api/acquisitions`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json', origin: env.server.baseUrl },
      body: JSON.stringify({ target: 'item', id: taken.id, idempotency_key: randomUUID() }),
    });
    expect(got.status).toBe(200);
    const searchRow = (page: Page) => page.locator(`section[aria-label="Results"] [data-item-id="${taken.id}"]`);
    const searchFor = (page: Page) => page.goto(`${env.server.baseUrl}/search?q=${encodeURIComponent(taken.name)}`);

    await withPage(other, async (page) => {
      await searchFor(page);
      await searchRow(page).waitFor();
    });

    await withPage(admin, async (page) => {
      await page.goto(`${env.server.baseUrl}/item/${taken.slug}`);
      await expectHeading(page, taken.name);
      await main(page).getByRole('button', { name: 'Take down' }).click();
      const dialog = page.getByRole('dialog', { name: 'Take this sound down' });
      await dialog.getByRole('button', { name: 'Take down' }).click();
      await dialog.getByText(/Choose a reason/).waitFor();
      await dialog.getByRole('radio', { name: "Creator doesn't own rights" }).check();
      await dialog.getByRole('textbox', { name: 'Note to the creator' }).fill('A rights holder wrote to us.');
      await dialog.getByRole('button', { name: 'Take down' }).click();
      await page.getByText(`${taken.name} was taken down; its creator has been told why.`, { exact: false }).waitFor();
      await main(page).getByText("This sound was taken down: Creator doesn't own rights.").waitFor();
    });

    await withPage(other, async (page) => {
      await searchFor(page);
      await expect.poll(() => page.getByTestId('search-total').textContent(), { timeout: 15_000 }).toMatch(/sound/);
      expect(await searchRow(page).count()).toBe(0);
    });

    await withPage(owner, async (page) => {
      await page.goto(`${env.server.baseUrl}/library`);
      await expectHeading(page, 'Library');
      const row = main(page).getByRole('list', { name: 'Sounds you own' }).locator(`[data-item-id="${taken.id}"]`);
      const saved = await downloadFrom(page, row.getByRole('link', { name: `Owned: download ${taken.name}` }));
      expect(saved.bytes.equals((await originalBytes(taken.id)).bytes)).toBe(true);
    });
  });
});
