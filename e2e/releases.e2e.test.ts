import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { LICENCE_TERMS_VERSION } from '@crate/contract/commerce';
import { recordOwnership } from '../apps/server/src/features/ownership/acquisition-repository.ts';
import { createCreator, createItems, createPack } from '../apps/server/test/catalogue-factories.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { pdfText } from '../apps/server/test/pdf-text.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, newestMailTo } from './harness.ts';
import { downloadFrom, expectHeading, withPage as openPage } from './page-helpers.ts';

/**
 * A release from the Library to an agreed split sheet: a subscriber who owns a Dynamic Splits loop registers a
 * release, the loop's creator counter-proposes on /creator, the subscriber accepts the counter, both download the same
 * split sheet, and a visitor verifies its number on the public page (names and shares, no e-mail).
 */
describe.skipIf(!e2eEnabled())('releases and split sheets', () => {
  const env = e2eEnvironment();
  let producer: TestUser;
  let creator: TestUser;
  const LOOP = 'Velvet Night Loop';
  const TITLE = 'Neon Rain';

  beforeAll(async () => {
    const { ctx } = env.server;
    producer = await createUser(ctx, { roles: ['subscriber'], name: 'Sam Subscriber' });
    creator = await createUser(ctx, { roles: ['creator'], name: 'Cleo Creator' });
    const profile = await createCreator(ctx, creator.id, { name: 'Velvet Sounds' });
    const pack = await createPack(ctx, profile.id, { title: 'Velvet Loops' });
    const [loop] = await createItems(ctx, pack, 1, { name: LOOP, kind: 'Loop', licenceType: 'Dynamic Splits' });
    await recordOwnership(ctx.db, { userId: producer.id, items: [{ id: loop!.id, cost: 1, licenceType: 'Dynamic Splits', creatorName: 'Velvet Sounds' }], termsVersion: LICENCE_TERMS_VERSION, paid: { source: 'free' } });
  });

  const main = (page: Page) => page.locator('#main-content');
  const releaseCard = (page: Page) => main(page).getByRole('article', { name: TITLE });
  let number = '';
  let producerSheet = '';

  test('the subscriber registers a release of the loop from the Library: Crate proposes 50 / 50 for a lead loop', async () => {
    await openPage(env, producer, async (page) => {
      await page.goto(`${env.server.baseUrl}/library?tab=releases`);
      await expectHeading(page, 'Library');
      await main(page).getByText('No releases yet').waitFor();
      await main(page).getByRole('button', { name: 'Register a release' }).click();
      const form = main(page).getByRole('region', { name: 'Register a release' });
      await form.getByLabel('Track title').fill(TITLE);
      await form.getByLabel('Artists').fill('Sam Subscriber');
      await page.keyboard.press('Enter');
      await form.getByLabel('Release date').fill('2027-02-01');
      await form.getByLabel('ISRC').fill('gb-abc-27-00042');
      await form.getByLabel('UPC / EAN').fill('4006381333931');
      await form.getByRole('textbox', { name: 'Add a sound you used' }).fill('Velvet');
      await page.getByRole('option', { name: new RegExp(LOOP) }).click();
      await form.getByRole('textbox', { name: `How ${LOOP} is used` }).click();
      await page.getByRole('option', { name: 'Lead / main element' }).click();
      // Crate's proposal: the lead loop's creator writes half.
      await expect.poll(() => form.getByLabel('Share of Cleo Creator (%)').inputValue()).toBe('50 %');
      expect(await form.getByLabel('Share of Sam Subscriber (%)').inputValue()).toBe('50 %');
      await form.getByRole('status').getByText('Total 100.00 %').waitFor();
      await form.getByRole('button', { name: 'Send to the writers' }).click();

      const card = releaseCard(page);
      await card.waitFor();
      await card.getByText('Waiting for answers').waitFor();
      await card.getByText('Waiting for:').getByText('Cleo Creator').waitFor();
      expect(await card.textContent()).toContain('GB-ABC-27-00042');
    });
  });

  test('the creator hears of it and counter-proposes 60 % with a note on /creator', async () => {
    const mail = await newestMailTo(env.server, creator.email, TITLE);
    expect(mail).toContain('proposes you a publishing share of 50.00 %');
    expect(mail).toContain('/creator#releases');
    await openPage(env, creator, async (page) => {
      await page.goto(`${env.server.baseUrl}/creator`);
      await expectHeading(page, 'Creator dashboard');
      const requests = main(page).getByRole('region', { name: 'Waiting for your answer' });
      const card = requests.getByRole('article', { name: TITLE });
      await card.getByRole('button', { name: 'Accept 50.00 %' }).waitFor();
      await card.getByRole('button', { name: 'Counter-propose' }).click();
      await card.getByLabel('The share you ask for').fill('60');
      await card.getByLabel('Note to the producer').fill('The loop carries the whole hook.');
      await card.getByRole('button', { name: 'Send counter-proposal' }).click();
      const answered = main(page).getByRole('region', { name: 'Answered releases' }).getByRole('article', { name: TITLE });
      await answered.getByText('Counter-proposed', { exact: true }).waitFor();
      await answered.getByText('asks 60.00 %: “The loop carries the whole hook.”').waitFor();
    });
  });

  test('the subscriber accepts the counter: the release is agreed and its split sheet downloads', async () => {
    await openPage(env, producer, async (page) => {
      await page.goto(`${env.server.baseUrl}/library?tab=releases`);
      const card = releaseCard(page);
      await card.getByRole('button', { name: 'Accept Cleo Creator’s counter-proposal of 60.00 %' }).click();
      await card.getByText('Agreed', { exact: true }).waitFor();
      const pdfLink = card.getByRole('link', { name: /^Split sheet SPL-.* \(PDF\)$/ });
      number = /SPL-[0-9A-Z-]+/.exec((await pdfLink.getAttribute('aria-label')) ?? '')![0];
      const pdf = await downloadFrom(page, pdfLink);
      expect(pdf.name).toBe(`${number}.pdf`);
      producerSheet = pdfText(pdf.bytes);
      for (const words of [number, TITLE, '40.00 %   Sam Subscriber (Producer)', '60.00 %   Cleo Creator (Sound creator, Velvet Sounds)', 'Total: 100.00 %', LOOP]) expect(producerSheet).toContain(words);
    });
  });

  test('the creator downloads the same agreed split sheet', async () => {
    await openPage(env, creator, async (page) => {
      await page.goto(`${env.server.baseUrl}/creator`);
      const card = main(page).getByRole('region', { name: 'Answered releases' }).getByRole('article', { name: TITLE });
      await card.getByText('Agreed', { exact: true }).waitFor();
      const pdf = await downloadFrom(page, card.getByRole('link', { name: `Split sheet ${number} for ${TITLE} (PDF)` }));
      expect(pdfText(pdf.bytes)).toBe(producerSheet);
    });
  });

  test('a visitor verifies the split sheet by its number: names and shares, never an e-mail', async () => {
    await openPage(env, null, async (page) => {
      await page.goto(`${env.server.baseUrl}/splitsheet/${number}`);
      await expectHeading(page, 'Split sheet');
      await main(page).getByRole('heading', { name: number }).waitFor();
      const writers = main(page).getByRole('table', { name: 'Writers and publishing shares' });
      await writers.getByRole('row', { name: /Cleo Creator.*60\.00 %/ }).waitFor();
      await writers.getByRole('row', { name: /Sam Subscriber.*40\.00 %/ }).waitFor();
      const text = (await main(page).textContent()) ?? '';
      expect(text, text).not.toMatch(/[\w.+-]+@[\w-]+\./);
      for (const user of [producer, creator]) expect(text).not.toContain(user.email);

      await page.goto(`${env.server.baseUrl}/splitsheet/SPL-0000-0000-0000`);
      await main(page).getByText(/split sheet/i).first().waitFor();
      expect(await main(page).getByRole('heading', { name: 'SPL-0000-0000-0000' }).count()).toBe(0);
    });
  });
});
