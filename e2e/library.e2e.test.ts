import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { createUser } from './harness.ts';
import { expectHeading, waitForPath, withPage as openPage } from './page-helpers.ts';
import type { TestUser } from '../apps/server/test/factories.ts';

/**
 * Favorites and playlists from the rows and pages where sounds are, and the library that collects
 * them: a visitor is asked to log in; a signed-in producer hearts, collects, reorders, renames and
 * deletes; another account never sees (or reaches) someone else's playlist.
 */
describe.skipIf(!e2eEnabled())('favorites and playlists', () => {
  const env = e2eEnvironment();
  let catalogue: SmallCatalogue;
  let producer: TestUser;

  beforeAll(async () => {
    catalogue = await seedSmallCatalogue(env.server, { packs: 2, itemsPerPack: 5 });
    producer = await createUser(env.server.ctx, { roles: ['subscriber'] });
  });

  const withPage = <T,>(user: TestUser | null, run: (page: Page, context: BrowserContext) => Promise<T>) => openPage(env, user, run);

  const main = (page: Page) => page.locator('#main-content');

  /**
   * Opens a sound's "add to playlist" menu from its row's icon, or from the sound page's labelled button; the menu of
   * that button (a closing one may still be on screen).
   */
  async function openPlaylistMenu(page: Page, soundName: string, from: 'row' | 'sound page' = 'row') {
    const target = main(page).getByRole('button', { name: from === 'row' ? `Add ${soundName} to a playlist` : `Add to playlist: ${soundName}` });
    await target.click();
    const menu = page.locator(`[id="${await target.getAttribute('aria-controls')}"]`);
    await menu.waitFor();
    return menu;
  }

  test('a visitor who hearts a sound is asked to log in, and comes back to the same page', async () => {
    const { pack, items } = catalogue.packs[0]!;
    await withPage(null, async (page) => {
      await page.goto(`${env.server.baseUrl}/pack/${pack.id}`);
      await expectHeading(page, pack.title);
      await main(page).getByRole('button', { name: `Add ${items[0]!.name} to favorites` }).click();
      await page.getByText('Log in to heart sounds').waitFor();
      await page.getByRole('link', { name: 'Log in' }).last().click();
      await waitForPath(page, `/login?redirect=${encodeURIComponent(`/pack/${pack.id}`)}`);
    });
  });

  test('hearts on a row and on a pack land in the library; un-hearting there removes them', async () => {
    const { pack, items } = catalogue.packs[0]!;
    const sound = items[1]!;
    await withPage(producer, async (page) => {
      await page.goto(`${env.server.baseUrl}/pack/${pack.id}`);
      await expectHeading(page, pack.title);
      const heart = main(page).getByRole('button', { name: `Add ${sound.name} to favorites` });
      await heart.click();
      await main(page).getByRole('button', { name: `Remove ${sound.name} from favorites` }).and(page.locator('[aria-pressed="true"]')).waitFor();
      await main(page).getByRole('button', { name: `Favorite: ${pack.title}`, pressed: false }).click();
      await main(page).getByRole('button', { name: `Favorited: ${pack.title}`, pressed: true }).waitFor();

      // Survives a reload: the server kept both.
      await page.reload();
      await expectHeading(page, pack.title);
      await main(page).getByRole('button', { name: `Remove ${sound.name} from favorites` }).waitFor();

      await page.goto(`${env.server.baseUrl}/library?tab=sounds`);
      await expectHeading(page, 'Library');
      const sounds = main(page).getByRole('list', { name: 'Favorite sounds' });
      await sounds.locator(`[data-item-id="${sound.id}"]`).waitFor();
      await main(page).getByRole('tab', { name: 'Favorite packs' }).click();
      await main(page).getByRole('list', { name: 'Favorite packs' }).getByRole('link', { name: pack.title }).waitFor();

      await main(page).getByRole('tab', { name: 'Favorite sounds' }).click();
      await main(page).getByRole('button', { name: `Remove ${sound.name} from favorites` }).click();
      await main(page).getByText('No favorite sounds yet').waitFor();
      // Its way out is a link styled as the app's own, in the size of the sentence around it: not in the browser's
      // own link colours (unvisited and visited, light and dark).
      const staffPicks = main(page).getByRole('link', { name: 'staff picks' });
      const style = await staffPicks.evaluate((link) => ({
        color: getComputedStyle(link).color,
        size: getComputedStyle(link).fontSize,
        sentenceSize: getComputedStyle(link.parentElement!).fontSize,
      }));
      expect(['rgb(0, 0, 238)', 'rgb(85, 26, 139)', 'rgb(158, 158, 255)', 'rgb(208, 173, 240)']).not.toContain(style.color);
      expect(style.size).toBe(style.sentenceSize);
      await staffPicks.click();
      await waitForPath(page, '/staffpicks');
    });
  });

  test('a row’s playlist menu opens from the keyboard and gives the focus back to its button when closed', async () => {
    const { pack, items } = catalogue.packs[1]!;
    await withPage(producer, async (page) => {
      await page.goto(`${env.server.baseUrl}/pack/${pack.id}`);
      await expectHeading(page, pack.title);
      const button = main(page).getByRole('button', { name: `Add ${items[2]!.name} to a playlist` });
      // (Until the account has loaded, the button offers to log in instead: wait for the signed-in one.)
      await expect.poll(() => button.getAttribute('aria-haspopup'), { timeout: 10_000 }).toBe('menu');
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'New playlist…' }).waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      // The menu takes the focus once it has opened (its focus trap moves it in a later tick); an arrow pressed
      // before that lands on the button.
      await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New playlist…');

      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      // Enter opens it again from there.
      await page.keyboard.press('Enter');
      await menu.getByRole('menuitem', { name: 'New playlist…' }).waitFor();
    });
  });

  test('a playlist is made from a row, filled from another page, reordered, renamed, pruned and deleted in the library', async () => {
    const [a, b, c] = catalogue.packs[0]!.items;
    const other = catalogue.packs[1]!.items[0]!;
    await withPage(producer, async (page) => {
      await page.goto(`${env.server.baseUrl}/pack/${catalogue.packs[0]!.pack.id}`);
      await expectHeading(page, catalogue.packs[0]!.pack.title);

      await (await openPlaylistMenu(page, a!.name)).getByRole('menuitem', { name: 'New playlist…' }).click();
      const dialog = page.getByRole('dialog', { name: 'New playlist' });
      await dialog.getByLabel('Playlist name').fill('Late night ideas');
      await dialog.getByRole('button', { name: 'Create and add' }).click();
      await page.getByText(`Added ${a!.name} to Late night ideas.`).waitFor();

      for (const item of [b!, c!]) {
        await (await openPlaylistMenu(page, item.name)).getByRole('menuitem', { name: 'Late night ideas', exact: true }).click();
        await page.getByText(`Added ${item.name} to Late night ideas.`).waitFor();
      }
      // The menu marks where a sound already is.
      await (await openPlaylistMenu(page, a!.name)).getByRole('menuitem', { name: /Late night ideas \(contains this sound/ }).waitFor();
      await page.keyboard.press('Escape');

      // From a sound's own page too.
      await page.goto(`${env.server.baseUrl}/item/${other.slug}`);
      await expectHeading(page, other.name);
      await (await openPlaylistMenu(page, other.name, 'sound page')).getByRole('menuitem', { name: 'Late night ideas', exact: true }).click();
      await page.getByText(`Added ${other.name} to Late night ideas.`).waitFor();

      await page.goto(`${env.server.baseUrl}/library?tab=playlists`);
      await expectHeading(page, 'Library');
      await main(page).getByRole('heading', { name: 'Late night ideas' }).waitFor();
      const list = main(page).getByRole('list', { name: 'Sounds in Late night ideas' });
      const order = () => list.locator('[data-item-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')));
      await list.locator('[data-item-id]').nth(3).waitFor();
      expect(await order()).toEqual([a!.id, b!.id, c!.id, other.id]);

      await list.getByRole('button', { name: `Move ${c!.name} up` }).click();
      await expect.poll(order).toEqual([a!.id, c!.id, b!.id, other.id]);
      await list.getByRole('button', { name: `Remove ${b!.name} from Late night ideas` }).click();
      await expect.poll(order).toEqual([a!.id, c!.id, other.id]);

      // The server kept the new order and the removal.
      await page.reload();
      await list.locator('[data-item-id]').nth(2).waitFor();
      await expect.poll(order).toEqual([a!.id, c!.id, other.id]);

      await main(page).getByRole('button', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename playlist' });
      await rename.getByLabel('Playlist name').fill('Keepers');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await main(page).getByRole('heading', { name: 'Keepers' }).waitFor();

      await main(page).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete playlist' }).click();
      await main(page).getByText('No playlists yet').waitFor();
    });
  });

  test("another account never sees someone else's playlist, in the library or through the API", async () => {
    const owner = await createUser(env.server.ctx, { roles: ['subscriber'] });
    const stranger = await createUser(env.server.ctx, { roles: ['subscriber'] });
    const created = await fetch(`${env.server.baseUrl}/api/playlists`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json', origin: env.server.baseUrl },
      body: JSON.stringify({ name: 'Private crate' }),
    });
    expect(created.status).toBe(201);
    const playlist = (await created.json()) as { id: string };

    await withPage(stranger, async (page) => {
      await page.goto(`${env.server.baseUrl}/library?tab=playlists`);
      await expectHeading(page, 'Library');
      await main(page).getByText('No playlists yet').waitFor();
      expect(await main(page).getByText('Private crate').count()).toBe(0);
      const status = await page.evaluate(async (id) => (await fetch(`/api/playlists/${id}/items`)).status, playlist.id);
      expect(status).toBe(404);
      const rename = await page.evaluate(
        async (id) => (await fetch(`/api/playlists/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Mine now' }) })).status,
        playlist.id,
      );
      expect(rename).toBe(404);
    });
  });
});
