import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBanner, BannerInput, BannerList } from '@crate/contract/banners';
import { auditLog, banners, files } from '../src/db/schema/index.ts';
import { call, freshAddress } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { pixelBombPng } from './media-fixtures.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** A 3264 × 600 picture: red on the left half, blue on the right. */
const halves = (width = 3264, height = 600) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#f00"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#00f"/></svg>`))
    .png()
    .toBuffer();

describe(`banners on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'] });
    creator = await createUser(t.ctx, { roles: ['creator'] });
  });
  afterAll(() => t.close());

  const upload = (user: TestUser | null, body: Buffer, query: Record<string, string | number>, type = 'image/png') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/images?${new URLSearchParams(Object.entries({ purpose: 'banner', name: 'banner.png', ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`,
      payload: body,
      remoteAddress: freshAddress(),
      headers: { 'content-type': type, ...(user ? { cookie: user.cookie } : {}) },
    });
  const fileCount = async () => (await t.ctx.db.select({ id: files.id }).from(files)).length;
  const auditOf = (action: string, targetId: string) =>
    t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  /** An uploaded banner image cropped to the right half of the picture. */
  async function bannerImage(): Promise<string> {
    const res = await upload(admin, await halves(), { crop_x: 1632, crop_y: 0, crop_width: 1632, crop_height: 600 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const input = async (overrides: Partial<BannerInput> = {}): Promise<BannerInput> => ({
    title: 'Summer sale',
    subtitle: 'Every pack half off',
    image_file_id: await bannerImage(),
    position: 'Top-Right',
    link_url: '/packs/lo-fi',
    active: true,
    starts_at: null,
    ends_at: null,
    ...overrides,
  });
  const create = async (body: BannerInput) => call(t, 'POST', '/api/admin/banners', body, { cookie: admin.cookie });
  const list = async (): Promise<BannerList> => (await call(t, 'GET', '/api/admin/banners', undefined, { cookie: admin.cookie })).json();

  it('uploads an image for a banner and derives both banner sizes from the crop chosen, audited', async () => {
    const res = await upload(admin, await halves(), { name: 'Summer.png', crop_x: 1632, crop_y: 0, crop_width: 1632, crop_height: 600 });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toEqual({
      id: expect.any(String),
      purpose: 'banner',
      width: 3264,
      height: 600,
      crop: { x: 1632, y: 0, width: 1632, height: 600 },
      images: { '1632x600': `/api/media/${image.id}/banner-1632x600`, '1088x400': `/api/media/${image.id}/banner-1088x400` },
    });
    for (const [size, url] of Object.entries(image.images as Record<string, string>)) {
      const media = await call(t, 'GET', url, undefined, { cookie: admin.cookie });
      expect(media.statusCode, size).toBe(200);
      const { width, height } = await sharp(media.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(size);
      // The right half only: blue, no red.
      const [red, , blue] = (await sharp(media.rawPayload).stats()).channels.map((c) => c.mean);
      expect(blue, size).toBeGreaterThan(200);
      expect(red, size).toBeLessThan(30);
    }
    // Nobody else sees an image before a banner shows it.
    expect((await call(t, 'GET', image.images['1632x600'])).statusCode).toBe(404);
    const [audit] = await auditOf('image.uploaded', image.id);
    expect(audit).toMatchObject({ actorUserId: admin.id, targetType: 'file', details: { purpose: 'banner', name: 'Summer.png', width: 3264, height: 600 } });
  });

  it('makes a cover of the three cover sizes from the same endpoint', async () => {
    const res = await upload(admin, await halves(1200, 1200), { purpose: 'cover', name: 'cover.png' });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json().images)).toEqual(['75x75', '250x250', '500x500']);
  });

  it('refuses what is not an image, too small for a banner, a decompression bomb or a crop that does not fit — naming the problem, keeping nothing', async () => {
    const before = await fileCount();
    const text = await upload(admin, Buffer.from('not an image at all, just words\n'.repeat(40)), { name: 'notes.png' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toEqual({ requestId: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE', field: 'file', message: '"notes.png" is not an image we can read: upload a JPEG, PNG or WebP.' });
    const small = await upload(admin, await halves(1000, 400), { name: 'small.png' });
    expect(small.statusCode).toBe(400);
    expect(small.json().error).toEqual({ requestId: expect.any(String), code: 'VALIDATION_FAILED', field: 'file', message: '"small.png" is 1000 × 400: a banner is at least 1632 × 600 pixels.' });
    const bomb = await upload(admin, pixelBombPng(16000, 16000), { name: 'bomb.png' });
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'file', message: expect.stringContaining('"bomb.png" is 16000 × 16000 pixels') });
    const empty = await upload(admin, Buffer.alloc(0), { name: 'empty.png' });
    expect(empty.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: '"empty.png" is empty (0 bytes).' });
    const picture = await halves();
    const outside = await upload(admin, picture, { crop_x: 2000, crop_y: 0, crop_width: 1632, crop_height: 600 });
    expect(outside.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'crop_x', message: expect.stringContaining('reaches past the 3264 × 600 image') });
    const square = await upload(admin, picture, { crop_x: 0, crop_y: 0, crop_width: 600, crop_height: 600 });
    expect(square.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'crop_width', message: 'A banner is cropped to 1632 : 600; this crop is 600 × 600.' });
    const tiny = await upload(admin, picture, { crop_x: 0, crop_y: 0, crop_width: 816, crop_height: 300 });
    expect(tiny.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'crop_width', message: 'The crop is 816 × 300: a banner needs at least 1632 × 600 pixels of the image.' });
    const half = await upload(admin, picture, { crop_x: 0, crop_y: 0 });
    expect(half.statusCode).toBe(400);
    const purpose = await upload(admin, picture, { purpose: 'avatar' });
    expect(purpose.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'purpose' });
    expect(await fileCount()).toBe(before);
  });

  it('is for admins only: a visitor must sign in, a creator is refused, and nothing is written', async () => {
    expect((await upload(null, await halves(), {})).statusCode).toBe(401);
    expect((await upload(creator, await halves(), {})).statusCode).toBe(403);
    const body = await input();
    for (const [method, url] of [['GET', '/api/admin/banners'], ['POST', '/api/admin/banners'], ['PUT', '/api/admin/banner-order']] as const) {
      expect((await call(t, method, url, method === 'GET' ? undefined : body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(t, method, url, method === 'GET' ? undefined : body, { cookie: creator.cookie })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.ctx.db.select().from(banners).where(eq(banners.imageFileId, body.image_file_id))).toEqual([]);
  });

  it('creates a banner last in the order, audited in the same transaction, and keeps a link to this site as its path', async () => {
    const site = new URL(t.ctx.config.publicUrl);
    const res = await create(await input({ title: 'Lo-fi week', position: 'Bottom-Left', link_url: `https://${site.host}/packs/lo-fi?from=banner#top` }));
    expect(res.statusCode, res.body).toBe(201);
    const banner: AdminBanner = res.json();
    expect(banner).toMatchObject({ title: 'Lo-fi week', position: 'Bottom-Left', link_url: '/packs/lo-fi?from=banner#top', active: true, live: true });
    expect(banner.images['1632x600']).toBe(`/api/media/${banner.image_file_id}/banner-1632x600`);
    const all = await list();
    expect(all.banners.at(-1)!.id).toBe(banner.id);
    const [audit] = await auditOf('banner.created', banner.id);
    expect(audit).toMatchObject({ actorUserId: admin.id, targetType: 'banner', details: { title: 'Lo-fi week', position: 'Bottom-Left' } });
    expect((await call(t, 'GET', `/api/admin/banners/${banner.id}`, undefined, { cookie: admin.cookie })).json()).toEqual(banner);
  });

  it.each([
    ['a javascript: link', { link_url: 'javascript:alert(1)' }, 'link_url', 'A link is a path on Crate (/packs/lo-fi) or an https:// address'],
    ['a data: link', { link_url: 'data:text/html,<script>alert(1)</script>' }, 'link_url', 'A link is a path on Crate (/packs/lo-fi) or an https:// address'],
    ['an http link', { link_url: 'http://crate.example/packs' }, 'link_url', 'A link is a path on Crate (/packs/lo-fi) or an https:// address'],
    ['a protocol-relative link', { link_url: '//evil.example/packs' }, 'link_url', 'A link starting with // leaves Crate: write a path such as /packs/lo-fi'],
    ['a backslash path', { link_url: '/\\evil.example' }, 'link_url', 'A link has no spaces, backslashes or control characters'],
    ['a link to another site', { link_url: 'https://evil.example/packs' }, 'link_url', 'A banner links within Crate: evil.example is another site. Link to a path such as /packs/lo-fi.'],
    ['no title', { title: '  ' }, 'title', 'Give the banner a title'],
    ['a corner that is not one', { position: 'Middle' as never }, 'position', 'The corner is Top-Right, Top-Left, Bottom-Right or Bottom-Left'],
    ['an end before the start', { starts_at: '2030-05-02T00:00:00Z', ends_at: '2030-05-01T00:00:00Z' }, 'ends_at', 'The banner must end after it starts'],
    ['a date that is not one', { starts_at: 'tomorrow' }, 'starts_at', 'The start is an ISO date-time'],
  ] as const)('refuses %s, naming the field, writing nothing', async (_label, overrides, field, message) => {
    const before = (await list()).banners.length;
    const res = await create(await input(overrides as Partial<BannerInput>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field, message: expect.stringContaining(message) });
    expect((await list()).banners.length).toBe(before);
  });

  it('refuses an image that was not uploaded as a banner', async () => {
    const cover = (await upload(admin, await halves(1200, 1200), { purpose: 'cover' })).json().id;
    for (const image_file_id of [cover, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(await input({ image_file_id }));
      expect(res.json().error).toEqual({ requestId: expect.any(String), code: 'VALIDATION_FAILED', field: 'image_file_id', message: 'That image was not uploaded as a banner: upload the banner image again.' });
    }
  });

  it('changes a banner with the version it was read at: a stale one is a 409; the change and what it was are audited', async () => {
    const banner: AdminBanner = (await create(await input({ title: 'Before' }))).json();
    const oldImage = banner.image_file_id!;
    const body = { ...(await input({ title: 'After', position: 'Bottom-Right' })), expected_updated_at: banner.updated_at };
    const res = await call(t, 'PUT', `/api/admin/banners/${banner.id}`, body, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'After', position: 'Bottom-Right' });
    const [audit] = await auditOf('banner.updated', banner.id);
    expect(audit!.details).toMatchObject({ changes: { title: { from: 'Before', to: 'After' }, position: { from: 'Top-Right', to: 'Bottom-Right' } } });
    // The image it no longer shows is gone with its sizes.
    expect(await t.ctx.db.select().from(files).where(eq(files.id, oldImage))).toEqual([]);

    const stale = await call(t, 'PUT', `/api/admin/banners/${banner.id}`, { ...body, title: 'From an old tab' }, { cookie: admin.cookie });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', field: 'expected_updated_at' });
    expect((await call(t, 'GET', `/api/admin/banners/${banner.id}`, undefined, { cookie: admin.cookie })).json().title).toBe('After');
  });

  it('reorders every banner from the order it saw; a second tab reordering from the old order gets a 409 and changes nothing', async () => {
    await create(await input({ title: 'One more' }));
    const seen = await list();
    const reversed = seen.banners.map((b) => b.id).reverse();
    const first = await call(t, 'PUT', '/api/admin/banner-order', { ids: reversed, order_version: seen.order_version }, { cookie: admin.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().banners.map((b: AdminBanner) => b.id)).toEqual(reversed);
    expect(first.json().order_version).not.toBe(seen.order_version);
    const [audit] = await auditOf('banner.reordered', 'order');
    expect(audit!.details).toEqual({ from: seen.banners.map((b) => b.id), to: reversed });

    const secondTab = [...seen.banners.map((b) => b.id).slice(1), seen.banners[0]!.id];
    const stale = await call(t, 'PUT', '/api/admin/banner-order', { ids: secondTab, order_version: seen.order_version }, { cookie: admin.cookie });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', field: 'order_version', message: expect.stringContaining('Reload to see the current order') });
    expect((await list()).banners.map((b) => b.id)).toEqual(reversed);

    const now = await list();
    const missing = await call(t, 'PUT', '/api/admin/banner-order', { ids: reversed.slice(1), order_version: now.order_version }, { cookie: admin.cookie });
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'ids' });
    const twice = await call(t, 'PUT', '/api/admin/banner-order', { ids: [reversed[0], reversed[0]], order_version: now.order_version }, { cookie: admin.cookie });
    expect(twice.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'ids', message: expect.stringContaining('A banner appears once in the order') });
  });

  it('removes a banner, audited, and its image with it; the rest keep their order', async () => {
    const banner: AdminBanner = (await create(await input({ title: 'Short-lived' }))).json();
    const before = (await list()).banners.map((b) => b.id);
    const res = await call(t, 'DELETE', `/api/admin/banners/${banner.id}`, undefined, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().banners.map((b: AdminBanner) => b.id)).toEqual(before.filter((id) => id !== banner.id));
    expect(await auditOf('banner.deleted', banner.id)).toHaveLength(1);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, banner.image_file_id!))).toEqual([]);
    expect((await call(t, 'DELETE', `/api/admin/banners/${banner.id}`, undefined, { cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('shows on Discover, for visitors, only the banners that are active and within their time window, in their order, at their corner', async () => {
    const day = 86_400_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    // Seen before the change: what a visitor's Discover held.
    await call(t, 'GET', '/api/discover');
    const shown: AdminBanner = (await create(await input({ title: 'Shown now', position: 'Bottom-Right', starts_at: iso(-day), ends_at: iso(day) }))).json();
    const inactive: AdminBanner = (await create(await input({ title: 'Switched off', active: false }))).json();
    await create(await input({ title: 'Ended yesterday', starts_at: iso(-2 * day), ends_at: iso(-day) }));
    await create(await input({ title: 'Starts tomorrow', starts_at: iso(day) }));
    const admins = await list();
    expect(admins.banners.filter((b) => b.live).map((b) => b.title)).not.toContain('Switched off');
    expect(admins.banners.find((b) => b.id === inactive.id)!.live).toBe(false);

    const discover = (await call(t, 'GET', '/api/discover')).json().banners as { id: string; title: string; position: string; image_url: string }[];
    const titles = discover.map((b) => b.title);
    expect(titles).toContain('Shown now');
    for (const hidden of ['Switched off', 'Ended yesterday', 'Starts tomorrow']) expect(titles).not.toContain(hidden);
    expect(discover.map((b) => b.id)).toEqual(admins.banners.filter((b) => b.live).slice(0, 5).map((b) => b.id));
    const mine = discover.find((b) => b.id === shown.id)!;
    expect(mine).toMatchObject({ position: 'Bottom-Right', image_url: `/api/media/${shown.image_file_id}/banner-1632x600` });
    // Its image is public once a banner shows it.
    expect((await call(t, 'GET', mine.image_url)).statusCode).toBe(200);
  });
});
