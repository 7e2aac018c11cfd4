import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { addCollaborator, createCreator, createItems, createPack } from '../apps/server/test/catalogue-factories.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, signInContext } from './harness.ts';
import { currentPath, expectHeading } from './page-helpers.ts';

const picture = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

/**
 * Every role's screens keep their promises (issue 32, decisions 0071 and 0072): a collaborator's dashboard links open
 * (read-only) instead of "No access"; a creator edits their public profile and sees it on their page; a creator
 * renames a published pack, withdraws it (it leaves the shop) and puts it back.
 */
describe.skipIf(!e2eEnabled())('what each role may do in the studio', () => {
  const env = e2eEnvironment();
  let owner: TestUser;
  let collaborator: TestUser;
  let creator: { id: string; slug: string };
  let published: { id: string; title: string };
  let draft: { id: string; title: string };
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const { ctx } = env.server;
    owner = await createUser(ctx, { roles: ['creator'], name: 'Role Owner' });
    creator = await createCreator(ctx, owner.id, { name: 'Tideline Audio' });
    collaborator = await createUser(ctx, { roles: ['collaborator'], name: 'Cass Collab' });
    await addCollaborator(ctx, creator.id, collaborator.id);
    const livePack = await createPack(ctx, creator.id, { title: 'Saltmarsh Keys' });
    await createItems(ctx, livePack, 1, { name: 'Marsh Chord' });
    published = { id: livePack.id, title: livePack.title };
    const draftPack = await createPack(ctx, creator.id, { title: 'Unfinished Tides', status: PACK_STATUS.draft });
    draft = { id: draftPack.id, title: draftPack.title };
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
  });

  const pageAs = async (user: TestUser | null): Promise<Page> => {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
    if (user) await signInContext(context, env.server.baseUrl, user);
    contexts.push(context);
    return context.newPage();
  };

  test("a collaborator's dashboard links open the pack's analytics and the draft, read-only, never “No access”", async () => {
    const { baseUrl } = env.server;
    const page = await pageAs(collaborator);
    await page.goto(`${baseUrl}/creator`);
    await expectHeading(page, 'Creator dashboard');
    await page.getByText('Changes to them are the creator’s to make.').waitFor();
    const packs = page.getByRole('table', { name: 'Your packs' });
    await packs.getByRole('link', { name: published.title }).waitFor();
    // They cannot upload: the creator's buttons are not offered.
    expect(await page.getByRole('link', { name: 'Upload a pack' }).count()).toBe(0);

    await packs.getByRole('link', { name: 'Analytics' }).click();
    await expectHeading(page, published.title);
    expect(currentPath(page)).toBe(`/packanalytics/${published.id}`);
    expect(await page.getByRole('heading', { name: 'No access' }).count()).toBe(0);

    await page.goBack();
    await packs.getByRole('link', { name: draft.title }).click();
    await expectHeading(page, draft.title);
    expect(currentPath(page)).toBe(`/packupload/${draft.id}`);
    await page.getByRole('button', { name: /Details/ }).first().click();
    await page.getByRole('textbox', { name: 'Title' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title' }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save details' }).count()).toBe(0);
  });

  test('a creator edits their public profile — bio, a link, an avatar and a banner — and their page shows it', async () => {
    const { baseUrl } = env.server;
    const page = await pageAs(owner);
    await page.goto(`${baseUrl}/creator`);
    await page.getByRole('link', { name: 'Your public profile' }).click();
    await expectHeading(page, 'Your public profile');

    await page.getByRole('textbox', { name: 'Bio' }).fill('Tape loops and felt piano from the estuary.');
    await page.getByRole('button', { name: 'Add a link' }).click();
    const link = page.getByRole('textbox', { name: 'Link 1' });
    await link.fill('soundcloud.com/tideline');
    await page.getByRole('button', { name: 'Save profile' }).click();
    // A link without its scheme is refused before anything is sent, beside the field.
    await page.getByText('Enter a full web address starting with https://').waitFor();
    await link.fill('https://soundcloud.com/tideline');

    const [avatarInput, bannerInput] = [page.locator('input[type=file]').nth(0), page.locator('input[type=file]').nth(1)];
    await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(640, 640, '#2a9d8f') });
    await page.getByRole('button', { name: 'Use this crop' }).click();
    await page.getByRole('img', { name: "Tideline Audio's avatar" }).waitFor();
    await bannerInput.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await picture(2000, 800, '#264653') });
    await page.getByRole('button', { name: 'Use this crop' }).click();
    await page.getByRole('img', { name: "Tideline Audio's banner" }).waitFor();

    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your public profile is saved.').waitFor();

    await page.goto(`${baseUrl}/creator/${creator.slug}`);
    await expectHeading(page, 'Tideline Audio');
    await page.getByText('Tape loops and felt piano from the estuary.').waitFor();
    await page.getByRole('link', { name: 'soundcloud.com/tideline' }).waitFor();
    const banner = page.getByRole('img', { name: "Tideline Audio's banner" });
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await banner.getAttribute('srcset')).toContain('1632w');
  });

  test('a creator renames a published pack, withdraws it (it leaves the shop) and puts it back on sale', async () => {
    const { baseUrl } = env.server;
    const page = await pageAs(owner);
    // A visitor arriving afresh each time (a browser that had the page keeps it for the public cache's max-age).
    const visit = async () => {
      const visitor = await pageAs(null);
      await visitor.goto(`${baseUrl}/pack/${published.id}`);
      return visitor;
    };
    await page.goto(`${baseUrl}/creator`);
    await page.getByRole('link', { name: `Edit ${published.title}` }).click();
    await expectHeading(page, published.title);

    await page.getByRole('button', { name: /Details/ }).first().click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Saltmarsh Keys Vol. 1');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expectHeading(page, 'Saltmarsh Keys Vol. 1');
    await expectHeading(await visit(), 'Saltmarsh Keys Vol. 1');

    await page.getByRole('button', { name: /Submit/ }).first().click();
    await page.getByRole('button', { name: 'Withdraw from sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw Saltmarsh Keys Vol. 1?' });
    await dialog.getByText('Everyone who got its sounds keeps them').waitFor();
    await dialog.getByRole('button', { name: 'Withdraw the pack' }).click();
    await page.getByText('You took this pack off sale').waitFor();
    await (await visit()).getByRole('heading', { name: 'This pack is not here' }).waitFor();

    await page.getByRole('button', { name: 'Put back on sale' }).click();
    await page.getByText('is on sale again').waitFor();
    await expectHeading(await visit(), 'Saltmarsh Keys Vol. 1');
  });
});
