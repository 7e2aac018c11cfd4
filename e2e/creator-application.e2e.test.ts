import { describe, expect, test } from 'vitest';
import { encodeWav } from '@crate/audio/wav';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, newestMailTo, signInContext } from './harness.ts';
import { expectPage } from './page-helpers.ts';

/** A second of a chord: real audio the server decodes and previews. */
function demoWav(): Buffer {
  const samples = new Float32Array(44100);
  for (let i = 0; i < samples.length; i++) samples[i] = 0.2 * (Math.sin((2 * Math.PI * 220 * i) / 44100) + Math.sin((2 * Math.PI * 277.18 * i) / 44100));
  return encodeWav({ sampleRate: 44100, channels: [samples, samples] });
}

describe.skipIf(!e2eEnabled())('creator application', () => {
  const env = e2eEnvironment();

  test('a producer applies with a demo, an admin plays it and approves, and the producer becomes a creator', async () => {
    const producer = await createUser(env.server.ctx, { name: 'Marlo' });
    const admin = await createUser(env.server.ctx, { roles: ['admin'] });
    const producerContext = await env.browser.newContext();
    const adminContext = await env.browser.newContext();
    producerContext.setDefaultTimeout(10_000);
    adminContext.setDefaultTimeout(10_000);
    try {
      await signInContext(producerContext, env.server.baseUrl, producer);
      const page = await producerContext.newPage();
      await page.goto(`${env.server.baseUrl}/creatorapplication`);
      await expectPage(page, { path: '/creatorapplication', heading: 'Creator application', title: 'Creator application · Crate' });

      await page.getByLabel('Artist name').fill('Marlo Sounds');
      await page.getByLabel('About you and your sounds').fill('Warm analog chords and dusty drums for lo-fi and soul producers.');
      await page.getByRole('textbox', { name: 'Genres' }).click();
      await page.getByRole('option', { name: 'Lo-Fi Hip Hop', exact: true }).click();
      await page.keyboard.press('Escape');
      // A text file named .wav is refused by content, with its name; a real WAV is accepted.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose demo sounds' }).click();
      await (await chooser).setFiles([
        { name: 'notes.wav', mimeType: 'audio/wav', buffer: Buffer.from('not audio at all\n'.repeat(100)) },
        { name: 'Marlo - Velvet Chords.wav', mimeType: 'audio/wav', buffer: demoWav() },
      ]);
      await page.getByText('"notes.wav" is not audio we can play').waitFor();
      await page.getByText('Marlo - Velvet Chords.wav').waitFor();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByText('Accept the content agreement to apply').waitFor();
      await page.getByLabel(/I made, or hold the rights to/).check();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByText('Submitted — waiting for review').waitFor();
      expect(await newestMailTo(env.server, producer.email, 'Thanks for applying')).toContain('/creatorapplication');

      await signInContext(adminContext, env.server.baseUrl, admin);
      const adminPage = await adminContext.newPage();
      await adminPage.goto(`${env.server.baseUrl}/reviewcreator`);
      await expectPage(adminPage, { path: '/reviewcreator', heading: 'Review creators', title: 'Review creators · Crate' });
      await adminPage.getByRole('link', { name: 'Marlo Sounds' }).click();
      await adminPage.getByRole('heading', { name: 'Marlo Sounds', level: 1 }).waitFor();
      // The demo really plays inline: its preview loads and has a duration.
      const audio = adminPage.getByLabel('Play Marlo - Velvet Chords.wav');
      const duration = await audio.evaluate(async (el: HTMLAudioElement) => {
        el.preload = 'auto';
        el.load();
        await new Promise<void>((resolve, reject) => {
          el.addEventListener('loadedmetadata', () => resolve(), { once: true });
          el.addEventListener('error', () => reject(new Error('the demo did not load')), { once: true });
        });
        return el.duration;
      });
      expect(duration).toBeGreaterThan(0.9);
      await adminPage.getByRole('button', { name: 'Approve' }).click();
      await adminPage.getByText('Approved: the creator profile is').waitFor();

      expect(await newestMailTo(env.server, producer.email, 'was approved')).toContain('/creator');
      await page.goto(`${env.server.baseUrl}/creator`);
      await expectPage(page, { path: '/creator', heading: 'Creator dashboard', title: 'Creator dashboard · Crate' });
    } finally {
      await producerContext.close();
      await adminContext.close();
    }
  });
});
