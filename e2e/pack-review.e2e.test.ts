import { describe, expect, test } from 'vitest';
import { creatorFixture, packWithSounds, toneWav } from '../apps/server/test/pack-review-fixtures.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, signInContext } from './harness.ts';
import { expectPage } from './page-helpers.ts';

describe.skipIf(!e2eEnabled())('admin pack review', () => {
  const env = e2eEnvironment();

  test('an admin finds a pack awaiting approval, plays a sound, approves it and watches it process to published', async () => {
    const admin = await createUser(env.server.ctx, { roles: ['admin'] });
    const owner = await creatorFixture(env.server);
    const sounds = Array.from({ length: 6 }, (_, i) => ({ name: `Tape Chord ${i + 1}.wav`, body: toneWav(220 + i * 55, 2) }));
    const { pack } = await packWithSounds(env.server, owner, sounds, 1, 'Tape Chords Vol. 1');

    const context = await env.browser.newContext();
    context.setDefaultTimeout(10_000);
    try {
      await signInContext(context, env.server.baseUrl, admin);
      const page = await context.newPage();
      await page.goto(`${env.server.baseUrl}/reviewcreator`);
      await expectPage(page, { path: '/reviewcreator', heading: 'Review creators', title: 'Review creators · Crate' });
      const waiting = page.getByRole('table', { name: 'Packs awaiting approval' });
      // On a phone the table scrolls inside its frame; the page itself never scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await waiting.getByRole('link', { name: 'Tape Chords Vol. 1' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await page.setViewportSize({ width: 1280, height: 720 });
      await waiting.getByRole('link', { name: 'Tape Chords Vol. 1' }).click();
      await page.waitForURL(`**/pack/${pack.id}`);
      const panel = page.getByTestId('pack-review-panel');
      await panel.getByRole('heading', { name: 'Admin review' }).waitFor();
      await panel.getByText('Awaiting approval').waitFor();

      // The sound really plays inline: the original WAV loads and has its length.
      const audio = panel.getByLabel('Play Tape Chord 1');
      const duration = await audio.evaluate(async (el: HTMLAudioElement) => {
        el.preload = 'auto';
        el.load();
        await new Promise<void>((resolve, reject) => {
          el.addEventListener('loadedmetadata', () => resolve(), { once: true });
          el.addEventListener('error', () => reject(new Error('the sound did not load')), { once: true });
        });
        return el.duration;
      });
      expect(duration).toBeGreaterThan(1.9);

      // Sending back without notes is refused in the form, before any request.
      await panel.getByRole('button', { name: 'Send back' }).click();
      await panel.getByText('Tell the creator why').waitFor();

      await panel.getByRole('button', { name: 'Approve' }).click();
      await panel.getByText(/Approved: processing starts|Processing files…/).waitFor();
      await panel.getByText('Processing complete').waitFor({ timeout: 60_000 });
      await panel.getByText('Every file passed.').waitFor();
      expect(await panel.locator('[data-review-status]').getAttribute('data-review-status')).toBe('4');
      // The page around it follows: the pack is no longer marked as unpublished.
      await expect.poll(() => page.getByText(/Not published/).count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await context.close();
    }
  });
});
