import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { items, packs } from '../src/db/schema/index.ts';
import { mediaUrl, PREVIEW_VARIANT } from '../src/media/media-urls.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { COVER_VARIANTS } from '../src/media/cover-art.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * /api/media follows the visibility of what a file belongs to: drafts stay with their creator's people,
 * takedowns with admins, whatever is not public is never publicly cacheable, and originals are never served.
 */
const COVER = COVER_VARIANTS['250x250'];

describe(`media visibility on ${TEST_DB}`, () => {
  let t: TestApp;
  let creator: TestUser;
  let collaborator: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let creatorId: string;

  /** A source file with one derivative, as the processing job leaves them (no ffmpeg needed to test who sees it). */
  async function sourceWithDerivative(variant: string, link: { packId?: string; itemId?: string; ownerUserId?: string } = {}) {
    const source = await createFileFromUpload(t.ctx, { body: Buffer.from('original bytes people pay for'), originalName: 'original.wav', contentType: 'audio/wav', ...link });
    await createFileFromUpload(t.ctx, { body: Buffer.from(`derived ${variant}`), originalName: `${variant}`, contentType: variant === PREVIEW_VARIANT ? 'audio/mpeg' : 'image/jpeg', derivedFromFileId: source.id, variant });
    return source.id;
  }

  async function packWithMedia(status: number) {
    const pack = await createPack(t.ctx, creatorId, { status: status as never });
    const [item] = await createItems(t.ctx, pack, 1);
    const audio = await sourceWithDerivative(PREVIEW_VARIANT, { packId: pack.id, itemId: item!.id, ownerUserId: creator.id });
    const cover = await sourceWithDerivative(COVER, { packId: pack.id, ownerUserId: creator.id });
    await t.ctx.db.update(items).set({ audioFileId: audio }).where(eq(items.id, item!.id));
    await t.ctx.db.update(packs).set({ coverFileId: cover }).where(eq(packs.id, pack.id));
    return { pack, item: item!, preview: mediaUrl(audio, PREVIEW_VARIANT), cover: mediaUrl(cover, COVER), audio };
  }

  const get = (url: string, viewer: TestUser | null) => t.app.inject({ url, headers: viewer ? { cookie: viewer.cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp({ publicCacheSeconds: 0 });
    creator = await createUser(t.ctx, { roles: ['creator'] });
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    stranger = await createUser(t.ctx, { roles: ['subscriber'] });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    creatorId = (await createCreator(t.ctx, creator.id)).id;
    await addCollaborator(t.ctx, creatorId, collaborator.id);
  });
  afterAll(() => t.close());

  it('serves a published pack\'s media to everybody, publicly cacheable for an hour', async () => {
    const published = await packWithMedia(PACK_STATUS.published);
    // A preview as well, but a shared cache asks again each time: a listen counts only once its preview was fetched here (decision 0034).
    for (const [url, cacheControl] of [
      [published.preview, 'public, max-age=3600, s-maxage=0, immutable'],
      [published.cover, 'public, max-age=3600, immutable'],
    ] as const) {
      for (const viewer of [null, stranger]) {
        const res = await get(url, viewer);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe(cacheControl);
      }
    }
  });

  it("hides a draft's cover and previews from visitors and strangers; its creator's people get them privately", async () => {
    const draft = await packWithMedia(PACK_STATUS.draft);
    for (const url of [draft.preview, draft.cover]) {
      for (const viewer of [null, stranger]) {
        const res = await get(url, viewer);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      for (const viewer of [creator, collaborator, admin]) {
        const res = await get(url, viewer);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(res.headers['vary']).toMatch(/Cookie/);
      }
    }
    // Published: public from then on.
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.published, publishedAt: new Date() }).where(eq(packs.id, draft.pack.id));
    expect((await get(draft.cover, null)).headers['cache-control']).toBe('public, max-age=3600, immutable');
  });

  it("follows a takedown: a taken-down sound's preview is gone for everybody but the creator's people and admins", async () => {
    const published = await packWithMedia(PACK_STATUS.published);
    await t.ctx.db.update(items).set({ takenDownAt: new Date() }).where(eq(items.id, published.item.id));
    expect((await get(published.preview, null)).statusCode).toBe(404);
    expect((await get(published.preview, stranger)).statusCode).toBe(404);
    const insider = await get(published.preview, admin);
    expect(insider.statusCode).toBe(200);
    expect(insider.headers['cache-control']).toBe('private, no-cache');
    // The pack's cover is still the published pack's.
    expect((await get(published.cover, null)).statusCode).toBe(200);
  });

  it('follows an archived pack', async () => {
    const archived = await packWithMedia(PACK_STATUS.published);
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.archived }).where(eq(packs.id, archived.pack.id));
    expect((await get(archived.cover, null)).statusCode).toBe(404);
    expect((await get(archived.preview, stranger)).statusCode).toBe(404);
  });

  it('shows an upload not yet attached to anything only to its uploader (and admins)', async () => {
    const loose = mediaUrl(await sourceWithDerivative(COVER, { ownerUserId: creator.id }), COVER);
    expect((await get(loose, null)).statusCode).toBe(404);
    expect((await get(loose, stranger)).statusCode).toBe(404);
    expect((await get(loose, creator)).statusCode).toBe(200);
    expect((await get(loose, admin)).headers['cache-control']).toBe('private, no-cache');
  });

  it('never serves an original, whatever the variant asked for', async () => {
    const published = await packWithMedia(PACK_STATUS.published);
    for (const variant of ['original', 'source', '', 'preview-mp3x', '..', 'cover-250x250/../original']) {
      const res = await get(`/api/media/${published.audio}/${variant}`, admin);
      expect(res.statusCode, variant).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, variant).toBeLessThan(500);
      expect(res.body).not.toContain('original bytes people pay for');
    }
    const derived = await get(published.preview, admin);
    expect(derived.body).toBe(`derived ${PREVIEW_VARIANT}`);
  });
});
