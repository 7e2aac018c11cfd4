import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { encodeWav } from '@crate/audio/wav';
import { createCreator, createPack } from '../apps/server/test/catalogue-factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser } from './harness.ts';
import { expectHeading, expectPage, withPage } from './page-helpers.ts';

const RATE = 44100;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** page.screenshot into E2E_SHOTS_DIR when it is set (to look at the screens), else nothing. */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  // From the top, so the sticky header is not stitched into the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Seconds of a chord (frequencies in Hz), stereo: real audio ffmpeg decodes and the analysis hears. */
function chord(seconds: number, hz: number[]): Buffer {
  const left = new Float32Array(Math.round(RATE * seconds));
  for (let i = 0; i < left.length; i++) left[i] = hz.reduce((sum, f) => sum + (0.5 / hz.length) * Math.sin((2 * Math.PI * f * i) / RATE), 0) * (0.6 + 0.4 * Math.cos((2 * Math.PI * 92 * i) / (60 * RATE)));
  return encodeWav({ sampleRate: RATE, channels: [left, left.slice()] }, 24);
}

/** A kick: a falling sine with a fast decay. */
function kick(): Buffer {
  const samples = new Float32Array(Math.round(RATE * 0.6));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    phase += (2 * Math.PI * (45 + 120 * Math.exp(-t * 30))) / RATE;
    samples[i] = 0.9 * Math.sin(phase) * Math.exp(-t * 6);
  }
  return encodeWav({ sampleRate: RATE, channels: [samples] });
}

/** A snare: a seeded noise burst over a short tone. */
function snare(): Buffer {
  const samples = new Float32Array(Math.round(RATE * 0.4));
  let seed = 7;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const t = i / RATE;
    samples[i] = (0.5 * (seed / 0x7fffffff - 0.5) + 0.3 * Math.sin(2 * Math.PI * 190 * t)) * Math.exp(-t * 14);
  }
  return encodeWav({ sampleRate: RATE, channels: [samples] });
}

/** A 900 × 700 PNG with a gradient: a cover to crop to a square. */
function coverPng(): Promise<Buffer> {
  const width = 900;
  const height = 700;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, 60, (y * 255) / height], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Waits until the page's upload queue shows every file uploaded and the overall bar at 100 %. */
async function expectUploadsDone(page: Page, count: number): Promise<void> {
  const uploads = page.getByLabel('Uploads', { exact: true });
  await uploads.getByText(`${count} of ${count} files uploaded`, { exact: true }).waitFor({ timeout: 20_000 });
  await uploads.getByRole('progressbar', { name: 'All uploads: 100 %' }).waitFor();
}

/**
 * Issue 12, the creator studio end to end: a producer applies to sell and an admin approves; the new
 * creator describes a pack, crops its cover, uploads a folder of real audio with progress bars, removes a
 * duplicate the upload reported, corrects a sound, submits; an admin approves on the pack's page; the pack
 * is processed and published, its sound is found by search and plays. Then the resumable upload: paused,
 * resumed, finished; and a text file named .wav refused with the server's words in its row.
 */
describe.skipIf(!e2eEnabled())('pack upload', () => {
  const env = e2eEnvironment();
  let folder: string;
  let packFolder: string;
  const keysLoop = chord(4, [185, 220, 277.18]);

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'crate-e2e-pack-'));
    packFolder = path.join(folder, 'Night Keys Kit');
    await mkdir(path.join(packFolder, 'Drums'), { recursive: true });
    const kickWav = kick();
    await writeFile(path.join(packFolder, 'Keys Loop 92 BPM F#m.wav'), keysLoop);
    await writeFile(path.join(packFolder, 'Drums', 'Boom Kick.wav'), kickWav);
    // The same bytes under another name: the upload reports it as a duplicate.
    await writeFile(path.join(packFolder, 'Drums', 'Boom Kick copy.wav'), kickWav);
    await writeFile(path.join(packFolder, 'Drums', 'Dusty Snare.wav'), snare());
    await writeFile(path.join(folder, 'cover.png'), await coverPng());
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('apply → approved → upload a folder → fix the duplicate → submit → approved → published, found and played', async () => {
    const { ctx, baseUrl } = env.server;
    const producer = await createUser(ctx, { name: 'Noor' });
    const admin = await createUser(ctx, { roles: ['admin'] });
    const subscriber = await createUser(ctx, { roles: ['subscriber'] });

    await withPage(env, producer, async (page) => {
      // 1. Apply to sell; an admin approves the application in their own browser.
      await page.goto(`${baseUrl}/creatorapplication`);
      await expectHeading(page, 'Creator application');
      await page.getByLabel('Artist name').fill('Noor Keys');
      await page.getByLabel('About you and your sounds').fill('Late-night keys, dusty drums and warm loops for lo-fi producers.');
      await page.getByRole('textbox', { name: 'Genres' }).click();
      await page.getByRole('option', { name: 'Lo-Fi Hip Hop', exact: true }).click();
      await page.keyboard.press('Escape');
      // The demo's upload is held until the form has been seen waiting for it.
      let releaseDemo = () => {};
      const demoHeld = new Promise<void>((resolve) => (releaseDemo = resolve));
      await page.route('**/api/creator-application/demos?*', async (route) => {
        await demoHeld;
        await route.continue();
      });
      const demoChooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose demo sounds' }).click();
      await (await demoChooser).setFiles({ name: 'Noor - Night Keys.wav', mimeType: 'audio/wav', buffer: keysLoop });
      await page.getByLabel(/I made, or hold the rights to/).check();
      // Sending waits while a demo uploads (a click then used to be lost to "Upload at least one demo").
      await page.getByText('Sending waits until the demo has uploaded.').waitFor();
      expect(await page.getByRole('button', { name: 'Send application' }).isDisabled()).toBe(true);
      releaseDemo();
      await page.getByRole('button', { name: 'Remove Noor - Night Keys.wav' }).waitFor();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByText('Submitted — waiting for review').waitFor();

      await withPage(env, admin, async (adminPage) => {
        await adminPage.goto(`${baseUrl}/reviewcreator`);
        await adminPage.getByRole('link', { name: 'Noor Keys' }).click();
        await adminPage.getByRole('heading', { name: 'Noor Keys', level: 1 }).waitFor();
        await adminPage.getByRole('button', { name: 'Approve' }).click();
        await adminPage.getByText('Approved: the creator profile is').waitFor();
      });

      // 2. The new creator's studio is empty; they start a pack.
      await page.goto(`${baseUrl}/creator`);
      await expectPage(page, { path: '/creator', heading: 'Creator dashboard', title: 'Creator dashboard · Crate' });
      await page.getByText('No packs yet').waitFor();
      await shot(page, '01-creator-empty');
      await page.getByRole('link', { name: 'Upload a pack' }).first().click();
      await expectHeading(page, 'Upload a pack');
      await page.getByLabel('Title').fill('Night Keys Kit');
      await page.getByLabel('Description').fill('Keys loops and dusty drums, recorded late at night.');
      await page.getByRole('textbox', { name: 'Genres' }).click();
      await page.getByRole('option', { name: 'Lo-Fi Hip Hop', exact: true }).click();
      await page.keyboard.press('Escape');
      await shot(page, '02-new-pack-details');
      await page.getByRole('button', { name: 'Save and add files' }).click();
      await expectHeading(page, 'Night Keys Kit');
      const packId = new URL(page.url()).pathname.split('/').pop()!;
      expect(packId).toMatch(/^[0-9a-f-]{36}$/);

      // Cover art: pick an image, crop it to a square, use it.
      await page.getByRole('button', { name: /Details\s*Title, licence/ }).click();
      const coverChooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose cover art' }).click();
      await (await coverChooser).setFiles(path.join(folder, 'cover.png'));
      await page.getByRole('img', { name: 'Cropped cover preview' }).waitFor();
      const zoom = page.getByRole('slider', { name: 'Zoom' });
      await zoom.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await shot(page, '03-cover-crop');
      await page.getByRole('button', { name: 'Use this cover' }).click();
      await page.getByRole('img', { name: 'New cover art' }).waitFor();

      // 3. The folder of real audio goes up with a progress bar per file and one for all.
      await page.getByRole('button', { name: /Files\s*Drop a folder/ }).click();
      const folderChooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a folder' }).click();
      await (await folderChooser).setFiles(packFolder);
      const uploads = page.getByLabel('Uploads', { exact: true });
      await uploads.getByRole('progressbar').first().waitFor();
      await expectUploadsDone(page, 5);
      for (const name of ['Keys Loop 92 BPM F#m.wav', 'Drums/Boom Kick.wav', 'Drums/Boom Kick copy.wav', 'Drums/Dusty Snare.wav']) {
        await uploads.getByRole('progressbar', { name: `Night Keys Kit/${name}: 100 %` }).waitFor();
      }
      const files = page.getByRole('table', { name: 'Files in the pack' });
      await files.locator('tbody tr').nth(4).waitFor();
      expect(await files.locator('tbody tr').count()).toBe(5);
      await files.getByRole('row', { name: /Keys Loop 92 BPM F#m\.wav.*Sample audio/ }).waitFor();
      await files.getByRole('row', { name: /cover\.jpg.*Cover art/ }).waitFor();
      // One of the identical kicks is the duplicate, with a message naming the other.
      const duplicate = files.locator('tr[data-problem="duplicate"]');
      await duplicate.getByText(/Same audio as "Night Keys Kit\/Drums\/Boom Kick( copy)?\.wav": remove one of them\./).waitFor();
      expect(await duplicate.count()).toBe(1);
      await page.getByText('1 problem', { exact: true }).waitFor();
      await shot(page, '04-files-uploaded-duplicate');
      const duplicatePath = (await duplicate.locator('td').first().locator('p').first().getAttribute('title'))!;
      await duplicate.getByRole('button', { name: `Remove ${duplicatePath}` }).click();
      await files.locator('tbody tr').nth(3).waitFor();
      await expect.poll(() => files.locator('tbody tr').count()).toBe(4);
      expect(await files.locator('tr[data-problem]').count()).toBe(0);
      expect(await page.getByText('1 problem', { exact: true }).count()).toBe(0);

      // 4. The sounds: BPM and key read from the file name; one sound renamed and saved.
      await page.getByRole('button', { name: 'Next: sounds' }).click();
      const sounds = page.getByRole('table', { name: 'Sounds of the pack' });
      await sounds.getByRole('textbox', { name: 'BPM of Keys Loop' }).waitFor();
      expect(await sounds.getByRole('textbox', { name: 'BPM of Keys Loop' }).inputValue()).toBe('92');
      expect(await sounds.getByRole('textbox', { name: 'Key of Keys Loop' }).inputValue()).toBe('F#/Gb minor');
      expect(await sounds.getByRole('textbox', { name: 'Kind of Keys Loop' }).inputValue()).toBe('Loop');
      await sounds.getByRole('textbox', { name: 'Name of Dusty Snare' }).fill('Velvet Dust Snare');
      await page.getByText('1 sound changed, not saved yet.').waitFor();
      await shot(page, '05-sounds-table');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved 1 sound.').waitFor();
      await page.getByText('Every change is saved.').waitFor();
      await sounds.getByRole('textbox', { name: 'Name of Velvet Dust Snare' }).waitFor();

      // 5. Submit for review.
      await page.getByRole('button', { name: 'Next: submit' }).click();
      await page.getByText('3 sounds, cover art and details are in place.', { exact: false }).waitFor();
      await shot(page, '06-submit');
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.getByText('Waiting for review').first().waitFor();

      await page.goto(`${baseUrl}/creator`);
      const row = page.getByRole('table', { name: 'Your packs' }).getByRole('row', { name: /Night Keys Kit/ });
      await row.getByText('Awaiting approval').waitFor();
      await row.getByText('Waiting for review').waitFor();
      await shot(page, '07-creator-dashboard-in-review');

      // An admin approves on the pack's page; processing runs.
      await withPage(env, admin, async (adminPage) => {
        await adminPage.goto(`${baseUrl}/pack/${packId}`);
        const panel = adminPage.getByTestId('pack-review-panel');
        await panel.getByText('Awaiting approval').waitFor();
        await panel.getByLabel('Play Keys Loop').waitFor();
        await shot(adminPage, '08-admin-review-panel');
        await panel.getByRole('button', { name: 'Approve' }).click();
        await panel.getByText(/Approved: processing starts|Processing files…|Processing complete/).waitFor();
      });

      // The creator watches it process and publish.
      await page.reload();
      await row.getByText(/Approved|Processing|Published/).first().waitFor();
      await row.getByText('Published', { exact: true }).waitFor({ timeout: 30_000 });
      await row.getByRole('link', { name: 'Analytics' }).waitFor();
      await shot(page, '09-creator-dashboard-published');
      await page.goto(`${baseUrl}/packupload/${packId}`);
      await page.getByRole('button', { name: /Submit\s*Send it for review/ }).click();
      await page.getByRole('alert').filter({ hasText: 'Published' }).getByRole('link', { name: 'Open its page' }).waitFor();
    });

    // A subscriber finds the renamed sound by search, and it plays.
    await withPage(env, subscriber, async (page) => {
      await page.goto(`${baseUrl}/search?q=${encodeURIComponent('velvet dust')}`);
      const results = page.locator('section[aria-label="Results"]');
      const result = results.locator('[data-item-id]').filter({ hasText: 'Velvet Dust Snare' });
      await result.waitFor();
      await result.getByRole('button', { name: 'Play Velvet Dust Snare' }).click();
      await page.waitForFunction(() => {
        const audio = document.querySelector<HTMLAudioElement>('#crate-player-audio');
        return !!audio && !!(audio.currentSrc || audio.src) && !audio.paused && audio.currentTime > 0.05;
      });
      await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: 'Velvet Dust Snare' }).waitFor();
    });
  }, 180_000);

  test('an upload paused and resumed completes; a text file named .wav is refused in its row with the reason', async () => {
    const { ctx, baseUrl } = env.server;
    const owner = await createUser(ctx, { roles: ['creator'] });
    const creator = await createCreator(ctx, owner.id, { name: 'Pause Tester' });
    const pack = await createPack(ctx, creator.id, { title: 'Slow Upload', status: 0 });
    const big = chord(40, [220, 330]); // ≈ 10.6 MB
    await withPage(env, owner, async (page, context) => {
      await page.goto(`${baseUrl}/packupload/${pack.id}`);
      await expectHeading(page, 'Slow Upload');
      // Where each PATCH starts: a resumed upload continues from the byte the server kept.
      const patchOffsets: number[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/studio/uploads/')) patchOffsets.push(Number(request.headers()['upload-offset']));
      });
      // A slow line, so there is time to pause mid-file.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
      // Two files given to the drop zone's own input (clicking it opens the system's picker, which a test cannot drive).
      await page.locator('.mantine-Dropzone-root input[type="file"]').setInputFiles([
        { name: 'Long Pad.wav', mimeType: 'audio/wav', buffer: big },
        { name: 'readme.wav', mimeType: 'audio/wav', buffer: Buffer.from('These are my sounds, enjoy.\n'.repeat(40)) },
      ]);
      const uploads = page.getByLabel('Uploads', { exact: true });
      const refused = uploads.locator('tr[data-upload-state="failed"]');
      await refused.getByRole('alert').filter({ hasText: '"readme.wav" is text, not audio: upload a WAV, AIFF or FLAC file.' }).waitFor();
      await refused.getByText(/^Refused/).waitFor();
      // Sending the same bytes again would be refused again: no "Try again" for a refusal.
      expect(await refused.getByRole('button', { name: 'Try readme.wav again' }).count()).toBe(0);

      const row = uploads.locator('tr').filter({ hasText: 'Long Pad.wav' });
      await page.waitForFunction(() => {
        const bar = [...document.querySelectorAll('[role="progressbar"]')].find((el) => el.getAttribute('aria-label')?.startsWith('Long Pad.wav:'));
        const value = Number(bar?.getAttribute('aria-valuenow') ?? 0);
        return value > 5 && value < 60;
      });
      await row.getByRole('button', { name: 'Pause Long Pad.wav' }).click();
      await row.getByText(/^Paused/).waitFor();
      await shot(page, '10-upload-paused');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await row.getByRole('button', { name: 'Resume Long Pad.wav' }).click();
      await row.getByText(/^Uploaded/).waitFor({ timeout: 20_000 });
      await row.getByText(/resumed/).waitFor();
      expect(patchOffsets.at(-1)).toBeGreaterThan(big.length * 0.05);
      await row.getByRole('progressbar', { name: 'Long Pad.wav: 100 %' }).waitFor();
      await shot(page, '11-upload-resumed-and-refused');
      const files = page.getByRole('table', { name: 'Files in the pack' });
      await files.getByRole('row', { name: /Long Pad\.wav.*Sample audio.*10\.\d MB/ }).waitFor();
      expect(await files.locator('tbody tr').count()).toBe(1);
      // Nothing is left for the browser to resume: a refused upload is not offered again as "interrupted".
      expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tus::')))).toEqual([]);
      await page.reload();
      // With a sound in it, the draft opens on its sounds; its files are one step back.
      await page.getByRole('table', { name: 'Sounds of the pack' }).waitFor();
      await page.getByRole('button', { name: /Files\s*Drop a folder/ }).click();
      await files.getByRole('row', { name: /Long Pad\.wav/ }).waitFor();
      expect(await page.getByText(/interrupted/).count()).toBe(0);

      // The studio lists the draft beside the creator's other packs, each with where it stands and what comes next.
      await createPack(ctx, creator.id, { title: 'Waiting Room', status: 1 });
      await createPack(ctx, creator.id, { title: 'Old Favourites', status: 4 });
      await page.goto(`${baseUrl}/creator`);
      const packs = page.getByRole('table', { name: 'Your packs' });
      await packs.getByRole('row', { name: /Slow Upload.*Draft/ }).getByRole('link', { name: 'Review and submit' }).waitFor();
      await packs.getByRole('row', { name: /Waiting Room.*Awaiting approval.*Waiting for review/ }).waitFor();
      await packs.getByRole('row', { name: /Old Favourites.*Published/ }).getByRole('link', { name: 'Analytics' }).waitFor();
      await shot(page, '12-creator-dashboard-packs');

      // On a phone every pack's status and next step are within the screen's width (the page scrolls down only,
      // and nothing inside it sideways).
      await page.setViewportSize({ width: 390, height: 844 });
      const next = packs.getByRole('row', { name: /Slow Upload/ }).getByRole('link', { name: 'Review and submit' });
      const box = (await next.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const badge = (await packs.getByRole('row', { name: /Waiting Room/ }).getByText('Awaiting approval').boundingBox())!;
      expect(badge.x + badge.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await shot(page, '13-creator-dashboard-phone');
    });
  });
});
