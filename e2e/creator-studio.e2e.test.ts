import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { encodeWav } from '@crate/audio/wav';
import type { EditableItem } from '@crate/contract/item-editing';
import { createCreator, createItems, createPack } from '../apps/server/test/catalogue-factories.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, signInContext } from './harness.ts';
import { expectHeading } from './page-helpers.ts';

/** Six seconds of a chord: long enough that the play threshold (3 s) is crossed while it plays. */
function chordWav(): Buffer {
  const rate = 44100;
  const samples = new Float32Array(rate * 6).map((_, i) => 0.2 * (Math.sin((2 * Math.PI * 220 * i) / rate) + Math.sin((2 * Math.PI * 277.2 * i) / rate) + Math.sin((2 * Math.PI * 329.6 * i) / rate)));
  return encodeWav({ sampleRate: rate, channels: [samples] });
}

/**
 * The creator studio as people use it: a creator edits a sample's BPM and tags and sees them on the
 * sound's page and in search; a subscriber listens to the preview, and the creator's item analytics
 * shows that play (counted only because it really played for a few seconds).
 */
describe.skipIf(!e2eEnabled())('creator studio', () => {
  const env = e2eEnvironment();
  let owner: TestUser;
  let subscriber: TestUser;
  let item: { id: string; slug: string; name: string };
  let creatorContext: BrowserContext;
  let listenerContext: BrowserContext;
  let creatorPage: Page;
  let listenerPage: Page;

  beforeAll(async () => {
    const { ctx, baseUrl } = env.server;
    owner = await createUser(ctx, { roles: ['creator'] });
    const creator = await createCreator(ctx, owner.id, { name: 'Studio Tester' });
    subscriber = await createUser(ctx, { roles: ['subscriber'] });
    const pack = await createPack(ctx, creator.id, { title: 'Studio Chords' });
    const [row] = await createItems(ctx, pack, 1, { name: 'Warm Chord Stab', kind: 'Loop', bpm: 90, tags: ['chord'] });
    item = { id: row!.id, slug: row!.slug, name: row!.name };
    // The sound arrives the way the editor replaces it; the worker makes its preview.
    const upload = await fetch(`${baseUrl}/api/studio/items/${item.slug}/files?role=audio&name=chord.wav`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: baseUrl, 'content-type': 'audio/wav' },
      body: new Uint8Array(chordWav()),
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    for (let i = 0; ; i++) {
      const state = (await (await fetch(`${baseUrl}/api/studio/items/${item.slug}`, { headers: { cookie: owner.cookie } })).json()) as EditableItem;
      if (!state.processing && state.preview) break;
      if (i > 200) throw new Error('[e2e] the replaced sound was never processed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const newContext = async (user: TestUser) => {
      const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
      context.setDefaultTimeout(15_000);
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
      await signInContext(context, baseUrl, user);
      return context;
    };
    creatorContext = await newContext(owner);
    listenerContext = await newContext(subscriber);
    creatorPage = await creatorContext.newPage();
    listenerPage = await listenerContext.newPage();
  });
  afterAll(async () => {
    await creatorContext?.close();
    await listenerContext?.close();
  });

  test("a creator edits a sample's BPM and tags; the sound's page and search show them", async () => {
    const { baseUrl } = env.server;
    await creatorPage.goto(`${baseUrl}/editsample/${item.slug}`);
    await expectHeading(creatorPage, item.name);
    const bpm = creatorPage.getByRole('textbox', { name: 'BPM' });
    await bpm.fill('128');
    const tags = creatorPage.getByRole('textbox', { name: 'Tags' });
    await tags.fill('velvet');
    await tags.press('Enter');
    await creatorPage.getByRole('button', { name: 'Save', exact: true }).click();
    await creatorPage.getByText(`Saved ${item.name}.`).waitFor();

    await creatorPage.goto(`${baseUrl}/item/${item.slug}`);
    await expectHeading(creatorPage, item.name);
    await creatorPage.getByText('128 BPM', { exact: false }).first().waitFor();
    await creatorPage.getByRole('link', { name: 'velvet' }).or(creatorPage.getByText('velvet', { exact: true })).first().waitFor();

    // Search is for subscribers: the new tag finds the sound, with its new tempo.
    await listenerPage.goto(`${baseUrl}/search?q=velvet`);
    await listenerPage.getByText(item.name).first().waitFor();
    // The row's summary line (shown on narrow screens; wide ones show it in columns) carries the new tempo.
    await listenerPage.getByText('128 BPM', { exact: false }).first().waitFor({ state: 'attached' });
  });

  test("a subscriber plays the preview for a few seconds; the creator's item analytics shows the play", async () => {
    const { baseUrl } = env.server;
    await creatorPage.goto(`${baseUrl}/itemanalytics/${item.slug}`);
    await expectHeading(creatorPage, item.name);
    await creatorPage.getByText('Nothing counted in this range yet').waitFor();
    expect(await creatorPage.locator('[data-metric="plays"]').textContent()).toBe('0');

    await listenerPage.goto(`${baseUrl}/item/${item.slug}`);
    await expectHeading(listenerPage, item.name);
    const reported = listenerPage.waitForResponse((res) => res.url().endsWith('/api/fn/trackPlay') && res.status() === 200, { timeout: 20_000 });
    await listenerPage.getByRole('button', { name: 'Play', exact: true }).click();
    const answer = (await (await reported).json()) as { result: { counted: boolean } };
    expect(answer.result.counted).toBe(true);
    const listened = await listenerPage.evaluate(() => document.querySelector<HTMLAudioElement>('#crate-player-audio')!.currentTime);
    expect(listened).toBeGreaterThan(2.5);

    await creatorPage.reload();
    await expectHeading(creatorPage, item.name);
    await creatorPage.waitForFunction(() => document.querySelector('[data-metric="plays"]')?.textContent === '1');
    await creatorPage.locator('.recharts-surface').first().waitFor();

    // The pack's analytics count the same play, and list the sound among its top sounds.
    await creatorPage.getByRole('link', { name: 'Studio Chords' }).click();
    await expectHeading(creatorPage, 'Studio Chords');
    await creatorPage.waitForFunction(() => document.querySelector('[data-metric="plays"]')?.textContent === '1');
    const top = creatorPage.getByRole('table', { name: 'Top sounds' });
    await top.getByRole('link', { name: item.name }).waitFor();

    // The CSV arrives as a file holding the play; a refused export (the per-user budget) is a message on the page.
    const download = creatorPage.waitForEvent('download');
    await creatorPage.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(await readFile((await file.path())!, 'utf8')).toContain(item.name);
    await creatorPage.route('**/export.csv?*', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '60' }, json: { error: { code: 'RATE_LIMITED', message: 'Too many exports: try again in 60 s.' } } }),
    );
    await creatorPage.getByRole('button', { name: 'Download CSV' }).click();
    await creatorPage.getByText('Too many exports: try again in 60 s.').waitFor();
    expect(creatorPage.url()).toContain('/packanalytics/');
  });
});
