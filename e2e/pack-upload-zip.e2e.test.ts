import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCreator, createPack } from '../apps/server/test/catalogue-factories.ts';
import { eightBitWav, rawZip, toneWav } from '../apps/server/test/studio-upload-helpers.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser } from './harness.ts';
import { expectHeading, withPage } from './page-helpers.ts';

/**
 * Issue 34, item 2: one bad file doesn't sink a zip. A creator drops a folder holding a good sound, an 8-bit WAV and a
 * zip with two good sounds, an 8-bit WAV and a readme. The folder's bad file is refused in its row; the zip is unpacked
 * with a progress bar, its good sounds join the pack and every entry it left out is listed with why — still there after
 * a reload. Every good sound ends in the sounds table.
 */
describe.skipIf(!e2eEnabled())('pack upload: a zip with refused entries', () => {
  const env = e2eEnvironment();
  let folder: string;
  let packFolder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'crate-e2e-zip-'));
    packFolder = path.join(folder, 'Strays Kit');
    await mkdir(packFolder, { recursive: true });
    await writeFile(path.join(packFolder, 'Kick Alpha.wav'), toneWav(55, 0.4));
    await writeFile(path.join(packFolder, 'Old Hat.wav'), eightBitWav(5000, 0.2));
    await writeFile(
      path.join(packFolder, 'More Sounds.zip'),
      rawZip([
        { name: 'More Sounds/Snare Bravo.wav', data: toneWav(190, 0.3), deflate: true },
        { name: 'More Sounds/Lofi Hat.wav', data: eightBitWav(6000, 0.2) },
        { name: 'More Sounds/readme.txt', data: Buffer.from('Thanks for downloading.') },
        { name: 'More Sounds/Clap Charlie.wav', data: toneWav(900, 0.3) },
      ]),
    );
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('a folder with a bad file and a zip: every good sound in the sounds table, every refused one listed with its reason', async () => {
    const { ctx, baseUrl } = env.server;
    const owner = await createUser(ctx, { roles: ['creator'] });
    const creator = await createCreator(ctx, owner.id, { name: 'Stray Beats' });
    const pack = await createPack(ctx, creator.id, { title: 'Strays Kit', status: 0 });

    await withPage(env, owner, async (page) => {
      await page.goto(`${baseUrl}/packupload/${pack.id}`);
      await expectHeading(page, 'Strays Kit', 20_000);
      const folderChooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a folder' }).click();
      await (await folderChooser).setFiles(packFolder);

      // The folder's 8-bit file is refused in its own row, in the server's words; the rest go up.
      const uploads = page.getByLabel('Uploads', { exact: true });
      await uploads.getByText('2 of 3 files uploaded · 1 refused', { exact: true }).waitFor({ timeout: 20_000 });
      await uploads
        .locator('tr[data-upload-state="failed"]')
        .getByRole('alert')
        .filter({ hasText: '"Strays Kit/Old Hat.wav" is 8-bit: sounds are sold as 16-, 24- or 32-bit WAV.' })
        .waitFor();

      // The zip is unpacked after its upload; then its good files are in the pack and what it left out is listed.
      const zipName = 'Strays Kit/More Sounds.zip';
      const summary = page.getByRole('alert', { name: `${zipName}: 2 files added, 2 left out` });
      await summary.waitFor({ timeout: 20_000 });
      const leftOut = page.getByRole('table', { name: `Left out of ${zipName}` });
      await leftOut.getByRole('row', { name: /More Sounds\/readme\.txt\s*not a sound, preset, MIDI file or image/ }).waitFor();
      await leftOut.getByRole('row', { name: /More Sounds\/Lofi Hat\.wav.*"More Sounds\/Lofi Hat\.wav" is 8-bit: sounds are sold as 16-, 24- or 32-bit WAV\./ }).waitFor();
      expect(await leftOut.locator('tbody tr').count()).toBe(2);

      const files = page.getByRole('table', { name: 'Files in the pack' });
      await expect.poll(() => files.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
      for (const name of ['Strays Kit/Kick Alpha.wav', 'More Sounds/Snare Bravo.wav', 'More Sounds/Clap Charlie.wav']) await files.getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();

      await page.getByRole('button', { name: 'Next: sounds' }).click();
      const sounds = page.getByRole('table', { name: 'Sounds of the pack' });
      for (const name of ['Kick Alpha', 'Snare Bravo', 'Clap Charlie']) await sounds.getByRole('textbox', { name: `Name of ${name}` }).waitFor();
      expect(await sounds.getByRole('textbox', { name: /^Name of / }).count()).toBe(3);

      // After a reload the zip's list is still there to read.
      await page.reload();
      await sounds.getByRole('textbox', { name: 'Name of Clap Charlie' }).waitFor();
      await page.getByRole('button', { name: /Files\s*Drop a folder/ }).click();
      await page.getByRole('alert', { name: `${zipName}: 2 files added, 2 left out` }).waitFor();
      expect(await page.getByRole('table', { name: `Left out of ${zipName}` }).locator('tbody tr').count()).toBe(2);
    });
  });
});
