import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorProfile } from '@crate/contract/creator-profile';
import { auditLog, files } from '../src/db/schema/index.ts';
import { call, freshAddress } from './auth-helpers.ts';
import { createCreator } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { pixelBombPng } from './media-fixtures.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c63' } }).png().toBuffer();

/** A creator's public profile as they edit it: name, bio, location, links, avatar and banner (decision 0071). */
describe(`creator profiles on ${TEST_DB}`, () => {
  let t: TestApp;
  let creator: TestUser;
  let otherCreator: TestUser;
  let subscriber: TestUser;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    creator = await createUser(t.ctx, { roles: ['creator'] });
    otherCreator = await createUser(t.ctx, { roles: ['creator'] });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    slug = (await createCreator(t.ctx, creator.id, { name: 'Moss Garden', links: ['https://moss.example/old'] })).slug;
  });
  afterAll(() => t.close());

  const upload = (user: TestUser, body: Buffer, purpose: 'cover' | 'banner', crop?: { x: number; y: number; width: number; height: number }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/studio/images?${new URLSearchParams({ purpose, name: `${purpose}.png`, ...(crop ? { crop_x: `${crop.x}`, crop_y: `${crop.y}`, crop_width: `${crop.width}`, crop_height: `${crop.height}` } : {}) })}`,
      payload: body,
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'image/png', cookie: user.cookie },
    });
  const uploaded = async (user: TestUser, body: Buffer, purpose: 'cover' | 'banner') => {
    const res = await upload(user, body, purpose);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; images: Record<string, string> };
  };
  const read = async (user: TestUser = creator) => {
    const res = await call(t, 'GET', '/api/creator/profile', undefined, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CreatorProfile;
  };
  const save = (body: unknown, user: TestUser = creator) => call(t, 'PUT', '/api/creator/profile', body, { cookie: user.cookie });
  const formOf = (profile: CreatorProfile) => ({
    name: profile.name,
    bio: profile.bio,
    location: profile.location,
    links: profile.links,
    avatar_file_id: profile.avatar_file_id,
    banner_file_id: profile.banner_file_id,
  });

  it('saves the bio, links, avatar and both banner sizes, and the public page shows them', async () => {
    const before = await read();
    expect(before).toMatchObject({ name: 'Moss Garden', links: ['https://moss.example/old'], avatar: null, banner: null });
    const avatar = await uploaded(creator, await picture(640, 640), 'cover');
    const banner = await upload(creator, await picture(2000, 900), 'banner', { x: 100, y: 50, width: 1632, height: 600 });
    expect(banner.statusCode, banner.body).toBe(201);
    const bannerId = banner.json().id as string;

    const res = await save({
      ...formOf(before),
      bio: 'Field recordings and tape loops from the north coast.',
      location: 'Aberdeen',
      links: ['https://moss.example', 'https://soundcloud.com/moss-garden'],
      avatar_file_id: avatar.id,
      banner_file_id: bannerId,
      expected_updated_at: before.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as CreatorProfile;
    expect(saved).toMatchObject({ bio: 'Field recordings and tape loops from the north coast.', location: 'Aberdeen', avatar_file_id: avatar.id, banner_file_id: bannerId });
    expect(saved.banner).toEqual({ '1632x600': expect.stringContaining(bannerId), '1088x400': expect.stringContaining(bannerId) });

    const page = await call(t, 'GET', `/api/creators/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      name: 'Moss Garden',
      bio: 'Field recordings and tape loops from the north coast.',
      links: ['https://moss.example', 'https://soundcloud.com/moss-garden'],
      avatar: saved.avatar,
      banner: saved.banner,
    });
    // Both banner sizes and the avatar are served to anybody, at their sizes.
    for (const [url, width, height] of [[saved.banner!['1632x600'], 1632, 600], [saved.banner!['1088x400'], 1088, 400], [saved.avatar!['250x250'], 250, 250]] as const) {
      const image = await t.app.inject({ url });
      expect(image.statusCode, url).toBe(200);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width, height });
    }
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'creator.profile_updated'), eq(auditLog.actorUserId, creator.id)));
    expect(audit?.details).toEqual({ fields: ['bio', 'location', 'links', 'avatarFileId', 'bannerFileId'] });

    // A new avatar replaces the old one, which nothing shows any more: it is removed.
    const next = await uploaded(creator, await picture(520, 520), 'cover');
    expect((await save({ ...formOf(saved), avatar_file_id: next.id })).statusCode).toBe(200);
    expect(await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.id, avatar.id))).toEqual([]);
    // Removing the banner leaves the page without one.
    expect((await save({ ...formOf(await read()), banner_file_id: null })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/creators/${slug}`)).json().banner).toBeNull();
  });

  it('refuses bad links, too many links, an over-long bio and a missing name, naming the field, and writes nothing', async () => {
    const form = formOf(await read());
    const cases: [Record<string, unknown>, string][] = [
      [{ links: ['javascript:alert(1)'] }, 'links.0'],
      [{ links: ['ftp://moss.example'] }, 'links.0'],
      [{ links: ['moss.example'] }, 'links.0'],
      [{ links: Array.from({ length: 6 }, (_, i) => `https://moss.example/${i}`) }, 'links'],
      [{ links: ['https://moss.example', 'https://moss.example'] }, 'links'],
      [{ bio: 'x'.repeat(2001) }, 'bio'],
      [{ name: ' ' }, 'name'],
      [{ avatar_file_id: 'not-an-id' }, 'avatar_file_id'],
    ];
    for (const [change, field] of cases) {
      const res = await save({ ...form, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect(formOf(await read())).toEqual(form);
  });

  it("refuses an image uploaded for the other purpose, somebody else's image, a stale form and anybody without a profile", async () => {
    const form = formOf(await read());
    const cover = await uploaded(creator, await picture(600, 600), 'cover');
    const asBanner = await save({ ...form, banner_file_id: cover.id });
    expect(asBanner.statusCode).toBe(400);
    expect(asBanner.json().error.field).toBe('banner_file_id');
    const theirs = await uploaded(otherCreator, await picture(600, 600), 'cover');
    const stolen = await save({ ...form, avatar_file_id: theirs.id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.field).toBe('avatar_file_id');

    const stale = await save({ ...form, bio: 'Late', expected_updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.field).toBe('expected_updated_at');

    expect((await call(t, 'GET', '/api/creator/profile')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/creator/profile', undefined, { cookie: subscriber.cookie })).statusCode).toBe(403);
    expect((await save(form, subscriber)).statusCode).toBe(403);
  });

  it('checks an image before storing it: too small, not an image or a pixel bomb leave nothing behind', async () => {
    const count = async () => (await t.ctx.db.select({ id: files.id }).from(files)).length;
    const before = await count();
    const small = await upload(creator, await picture(300, 300), 'cover');
    expect(small.statusCode).toBe(400);
    expect(small.json().error.field).toBe('file');
    expect((await upload(creator, Buffer.from('not an image at all'), 'banner')).statusCode).toBe(415);
    expect((await upload(creator, pixelBombPng(30_000, 30_000), 'cover')).statusCode).toBe(413);
    expect(await count()).toBe(before);
    expect((await upload(subscriber, await picture(600, 600), 'cover')).statusCode).toBe(403);
  });

  it('gives a creator without a profile yet one on first open, named after them', async () => {
    const fresh = await createUser(t.ctx, { roles: ['creator'], name: 'Tidal Room' });
    const profile = await read(fresh);
    expect(profile).toMatchObject({ name: 'Tidal Room', slug: 'tidal-room', bio: '', links: [] });
  });
});
