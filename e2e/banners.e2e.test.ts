import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser } from './harness.ts';
import { expectPage, liftWithKeyboard, withPage } from './page-helpers.ts';

/** 4896 × 1200 in three upright stripes: red, green, blue. */
function stripes(): Promise<Buffer> {
  const third = 1632;
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${third * 3}" height="1200"><rect width="${third}" height="1200" fill="#f00"/><rect x="${third}" width="${third}" height="1200" fill="#0f0"/><rect x="${third * 2}" width="${third}" height="1200" fill="#00f"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** The mean colour [r, g, b] of a vertical strip of an image: from `from` to `to` (fractions of its width). */
async function colourOf(image: Buffer, from: number, to: number): Promise<number[]> {
  const { width, height } = await sharp(image).metadata();
  const left = Math.round(width! * from);
  // stats() reads its input, not a pipeline's result: the strip is cut out first.
  const strip = await sharp(image).extract({ left, top: 0, width: Math.round(width! * to) - left, height: height! }).png().toBuffer();
  return (await sharp(strip).stats()).channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe.skipIf(!e2eEnabled())('banners', () => {
  const env = e2eEnvironment();

  test('an admin crops a picture into a banner at a chosen corner; a visitor then sees it on Discover, cropped, at that corner', async () => {
    const admin = await createUser(env.server.ctx, { roles: ['admin'] });
    const picture = await stripes();

    await withPage(
      env,
      admin,
      async (page) => {
        await page.goto(`${env.server.baseUrl}/editbanner`);
        await expectPage(page, { path: '/editbanner', heading: 'Banners', title: 'Banners · Crate' });
        await page.getByText('No banners yet').waitFor();

        const form = page.getByRole('form', { name: 'New banner' });
        await form.locator('input[type="file"]').setInputFiles({ name: 'Spring stripes.png', mimeType: 'image/png', buffer: picture });
        // At first the crop is the middle of the picture; the arrow keys move it to its right edge (green and blue, no red).
        const cropper = form.getByLabel(/Banner crop/);
        await cropper.waitFor();
        await form.getByText('The crop keeps 3264 × 1200 pixels of the picture; both banner sizes are made from it.').waitFor();
        await cropper.focus();
        for (let i = 0; i < 120; i++) await page.keyboard.press('ArrowLeft');
        await form.getByRole('button', { name: 'Use this crop' }).click();
        const preview = form.getByRole('region', { name: 'Banner preview' }).locator('img');
        await expect.poll(() => preview.getAttribute('src'), { timeout: 15_000 }).toMatch(/\/api\/media\/[0-9a-f-]+\/banner-1632x600$/);

        await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring drums');
        await form.getByRole('textbox', { name: 'Subtitle' }).fill('Fresh breaks every day');
        await form.getByRole('radio', { name: 'Top left' }).check();
        await form.getByRole('textbox', { name: 'Link', exact: true }).fill('/discover');
        // The preview puts the words where Discover will.
        await form.getByRole('region', { name: 'Banner preview' }).locator('[data-position="Top-Left"]').getByRole('heading', { name: 'Spring drums' }).waitFor();
        await form.getByRole('button', { name: 'Add the banner' }).click();
        await page.getByText('“Spring drums” is added to Discover\'s banners.').waitFor();
        const list = page.getByRole('list', { name: "Banners in Discover's order" });
        await list.getByRole('link', { name: 'Spring drums' }).waitFor();
        await list.getByText('On Discover').waitFor();
      },
      20_000,
    );

    await withPage(env, null, async (page) => {
      await page.goto(`${env.server.baseUrl}/`);
      await expectPage(page, { path: '/', heading: 'Discover', title: 'Discover · Crate' });
      const corner = page.getByRole('main').locator('[data-position="Top-Left"]');
      await corner.getByRole('heading', { name: 'Spring drums' }).waitFor();
      await corner.getByText('Fresh breaks every day').waitFor();
      const banner = page.getByRole('main').getByRole('link', { name: 'Spring drums Fresh breaks every day' });
      expect(await banner.getAttribute('href')).toBe('/discover');
      const src = await banner.locator('img').getAttribute('src');
      expect(src).toMatch(/\/banner-1632x600$/);
      // What the visitor is shown is the admin's crop: the picture's right two thirds.
      const image = Buffer.from(await (await page.request.get(`${env.server.baseUrl}${src}`)).body());
      expect(await sharp(image).metadata()).toMatchObject({ width: 1632, height: 600 });
      const [leftRed, leftGreen] = await colourOf(image, 0, 0.45);
      const [rightRed, , rightBlue] = await colourOf(image, 0.55, 1);
      expect(leftGreen).toBeGreaterThan(240);
      expect(rightBlue).toBeGreaterThan(240);
      expect(Math.max(leftRed!, rightRed!), 'no red: the left third was cropped away').toBeLessThan(10);
    });
  }, 90_000);

  test('an admin moves a banner up with the keyboard and removes another after confirming; Discover follows', async () => {
    const admin = await createUser(env.server.ctx, { roles: ['admin'] });
    const picture = await stripes();
    const inject = (method: 'GET' | 'POST', url: string, payload?: Buffer | object, type?: string) =>
      env.server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: admin.cookie, ...(type ? { 'content-type': type } : {}) } });
    const titles = ['First light', 'Second wind', 'Third eye'];
    for (const [i, title] of titles.entries()) {
      const image = await inject('POST', '/api/admin/images?purpose=banner&name=stripes.png', picture, 'image/png');
      expect(image.statusCode, image.body).toBe(201);
      const created = await inject('POST', '/api/admin/banners', { title, image_file_id: image.json().id, position: 'Bottom-Left', link_url: `/discover?banner=${i}` });
      expect(created.statusCode, created.body).toBe(201);
    }
    const before: string[] = (await inject('GET', '/api/admin/banners')).json().banners.map((b: { title: string }) => b.title);
    const moved = before.filter((t) => t !== 'Third eye');
    moved.splice(before.indexOf('Third eye') - 2, 0, 'Third eye');

    await withPage(env, admin, async (page) => {
      await page.goto(`${env.server.baseUrl}/editbanner`);
      const list = page.getByRole('list', { name: "Banners in Discover's order" });
      const order = () => list.getByRole('listitem').locator('a').allTextContents();
      // The list's first answer, however long a loaded machine takes to give it (the poll below has a short timeout).
      await list.getByRole('listitem').nth(before.length - 1).waitFor();
      await expect.poll(order).toEqual(before);
      // Space picks the banner up, each arrow moves it one place, Space puts it down; a screen reader hears each step.
      const place = before.indexOf('Third eye') + 1;
      const heard = (text: string) => page.locator('[id^="DndLiveRegion"]').getByText(text, { exact: true }).waitFor({ state: 'attached' });
      const handle = list.getByRole('button', { name: 'Move Third eye', exact: true });
      await liftWithKeyboard(page, handle);
      await page.keyboard.press('ArrowUp');
      await heard(`Third eye is at position ${place - 1} of ${before.length}.`);
      await page.keyboard.press('ArrowUp');
      await heard(`Third eye is at position ${place - 2} of ${before.length}.`);
      await page.keyboard.press('Space');
      await expect.poll(order).toEqual(moved);
      // The order is the server's now, not only the page's.
      await expect.poll(async () => (await inject('GET', '/api/admin/banners')).json().banners.map((b: { title: string }) => b.title)).toEqual(moved);

      await list.getByRole('button', { name: 'Remove Second wind' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove “Second wind”?' });
      await dialog.getByRole('button', { name: 'Remove the banner' }).click();
      await expect.poll(order).toEqual(moved.filter((t) => t !== 'Second wind'));
    });

    await withPage(env, null, async (page) => {
      await page.goto(`${env.server.baseUrl}/`);
      const shown = page.getByRole('main').locator('[data-position]').getByRole('heading');
      await expect.poll(() => shown.allTextContents()).toEqual(moved.filter((t) => t !== 'Second wind').slice(0, 3));
    });
  }, 90_000);
  test("while a first start is still making the demo's art, Discover shows each banner's own gradient and the covers' placeholders, never a broken image", async () => {
    const admin = await createUser(env.server.ctx, { roles: ['admin'] });
    const image = await env.server.app.inject({
      method: 'POST',
      url: '/api/admin/images?purpose=banner&name=stripes.png',
      payload: await stripes(),
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
    });
    expect(image.statusCode, image.body).toBe(201);
    const created = await env.server.app.inject({
      method: 'POST',
      url: '/api/admin/banners',
      payload: { title: 'Art on its way', image_file_id: image.json().id, position: 'Top-Right', link_url: '/discover' },
      headers: { cookie: admin.cookie },
    });
    expect(created.statusCode, created.body).toBe(201);

    await withPage(env, null, async (page) => {
      // Every picture answers 404, as one whose sizes are not made yet does.
      let refused = 0;
      await page.route('**/api/media/**', (route) => {
        refused += 1;
        return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"NOT_FOUND","message":"Not made yet"}}' });
      });
      await page.goto(`${env.server.baseUrl}/`);
      // Discover shows the first three banners (the ones the tests above made may come first): any of them will do.
      await page.getByRole('main').locator('[data-position]').getByRole('heading').first().waitFor();
      await expect.poll(() => refused).toBeGreaterThan(0);
      // A broken image is an <img> the browser finished loading with nothing to draw.
      const broken = () => page.getByRole('main').locator('img').evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length);
      await expect.poll(broken).toBe(0);
    });
  }, 60_000);
});
