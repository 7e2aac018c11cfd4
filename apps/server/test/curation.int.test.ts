import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { auditLog, files, items, staffPlaylists } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { call, freshAddress } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const slug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe(`admin curation on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let subscriber: TestUser;
  let creator: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'] });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    const maker = await createUser(t.ctx, { roles: ['creator'] });
    creator = await createCreator(t.ctx, maker.id, { name: `Tape Loop ${randomUUID().slice(0, 6)}` });
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) => call(t, method, url, body, { cookie: admin.cookie });
  const audits = (targetId: string, action: string) =>
    t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));
  const newPack = async (count: number, status: (typeof PACK_STATUS)[keyof typeof PACK_STATUS] = PACK_STATUS.published, itemOverrides: Parameters<typeof createItems>[3] = {}) => {
    const pack = await createPack(t.ctx, creator.id, { status });
    return { pack, items: await createItems(t.ctx, pack, count, itemOverrides) };
  };

  describe('staff playlists', () => {
    it('creates one with a checked, unique slug and audits it; nobody but an admin may', async () => {
      const refused = await call(t, 'POST', '/api/admin/staff-playlists', { title: 'Night drive', slug: slug('night') }, { cookie: subscriber.cookie });
      expect(refused.statusCode).toBe(403);

      const badSlug = await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Night drive', slug: 'Night Drive!' });
      expect(badSlug.statusCode).toBe(400);
      expect(badSlug.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'slug', message: expect.stringContaining('lowercase letters') });
      const noTitle = await asAdmin('POST', '/api/admin/staff-playlists', { title: '  ', slug: slug('night') });
      expect(noTitle.json().error).toMatchObject({ field: 'title', message: 'title: Give it a title' });

      const s = slug('night-drive');
      const created = await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Night drive', slug: s, description: 'Slow and low' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ title: 'Night drive', slug: s, description: 'Slow and low', published: false, items: [], item_count: 0, version: expect.any(String) });
      const id = created.json().id as string;
      expect(await audits(id, 'staff_playlist.create')).toEqual([expect.objectContaining({ actorUserId: admin.id, targetType: 'staff_playlist' })]);

      const twin = await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Another', slug: s });
      expect(twin.statusCode).toBe(409);
      expect(twin.json().error).toMatchObject({ code: 'CONFLICT', field: 'slug', message: `The slug "${s}" is already used by another staff playlist` });

      const other = (await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Other', slug: slug('other') })).json();
      const renamed = await asAdmin('PATCH', `/api/admin/staff-playlists/${other.id}`, { slug: s });
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json().error.field).toBe('slug');
      const empty = await asAdmin('PATCH', `/api/admin/staff-playlists/${other.id}`, {});
      expect(empty.statusCode).toBe(400);

      const listed = (await asAdmin('GET', '/api/admin/staff-playlists?limit=100')).json().items as { id: string; published: boolean }[];
      expect(listed.map((p) => p.id)).toEqual(expect.arrayContaining([id, other.id]));
      // Unpublished: the public page does not know it yet.
      expect((await call(t, 'GET', `/api/staff-playlists/${s}`)).statusCode).toBe(404);
    });

    it('takes only listed sounds, once each, and a visitor sees the order the admin gave once it is published', async () => {
      const { items: sounds } = await newPack(3);
      const { items: [draftSound] } = await newPack(1, PACK_STATUS.draft);
      const { items: [takenDown] } = await newPack(1, PACK_STATUS.published, { takenDownAt: new Date(), takedownReason: 'Technical Issue' });
      const s = slug('keys');
      const playlist = (await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Keys', slug: s })).json();
      const url = `/api/admin/staff-playlists/${playlist.id}`;

      for (const sound of sounds) expect((await asAdmin('POST', `${url}/items`, { item_id: sound.id })).statusCode).toBe(200);
      const twice = await asAdmin('POST', `${url}/items`, { item_id: sounds[0]!.id });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toMatchObject({ field: 'item_id', message: 'That sound is already in this playlist' });
      for (const unlisted of [draftSound!, takenDown!]) {
        const res = await asAdmin('POST', `${url}/items`, { item_id: unlisted.id });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ field: 'item_id', message: expect.stringContaining('not listed') });
      }
      expect((await asAdmin('POST', `${url}/items`, { item_id: randomUUID() })).statusCode).toBe(404);

      const loaded = (await asAdmin('GET', url)).json();
      expect(loaded.items.map((i: { id: string }) => i.id)).toEqual(sounds.map((x) => x.id));
      const reversed = [...sounds].reverse().map((x) => x.id);
      const reordered = await asAdmin('PUT', `${url}/order`, { ids: reversed, version: loaded.version });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(reordered.json().items.map((i: { id: string }) => i.id)).toEqual(reversed);
      expect(reordered.json().version).not.toBe(loaded.version);
      expect(await audits(playlist.id, 'staff_playlist.reorder')).toEqual([expect.objectContaining({ details: { before: sounds.map((x) => x.id), after: reversed } })]);

      // A second tab still holding the first version: refused, and the order the first tab saved stays.
      const stale = await asAdmin('PUT', `${url}/order`, { ids: sounds.map((x) => x.id), version: loaded.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'CONFLICT', field: 'version', message: expect.stringContaining('changed since you loaded it') });
      const partial = await asAdmin('PUT', `${url}/order`, { ids: reversed.slice(1), version: reordered.json().version });
      expect(partial.statusCode).toBe(400);
      expect(partial.json().error.field).toBe('ids');
      const repeated = await asAdmin('PUT', `${url}/order`, { ids: [reversed[0], reversed[0], reversed[1]], version: reordered.json().version });
      expect(repeated.statusCode).toBe(400);

      expect((await asAdmin('PATCH', url, { published: true })).json()).toMatchObject({ published: true });
      expect(await audits(playlist.id, 'staff_playlist.update')).toEqual([expect.objectContaining({ details: { published: true } })]);
      const visitor = await call(t, 'GET', `/api/staff-playlists/${s}/items`);
      expect(visitor.json().items.map((i: { id: string }) => i.id)).toEqual(reversed);

      // Removing a sound: the visitor's list follows (the write empties the public cache), and it is audited.
      const removed = await asAdmin('DELETE', `${url}/items/${reversed[1]}`);
      expect(removed.json().items.map((i: { id: string }) => i.id)).toEqual([reversed[0], reversed[2]]);
      expect((await asAdmin('DELETE', `${url}/items/${reversed[1]}`)).statusCode).toBe(404);
      expect(await audits(playlist.id, 'staff_playlist.remove_item')).toHaveLength(1);
      expect((await call(t, 'GET', `/api/staff-playlists/${s}/items`)).json().items.map((i: { id: string }) => i.id)).toEqual([reversed[0], reversed[2]]);

      // A sound taken down after it was added stays in the editor, marked, and out of the public list.
      await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, reversed[0]!));
      expect((await asAdmin('GET', url)).json().items.map((i: { id: string; listed: boolean }) => [i.id, i.listed])).toEqual([
        [reversed[0], false],
        [reversed[2], true],
      ]);

      expect((await asAdmin('DELETE', url)).json()).toEqual({ ok: true });
      expect(await audits(playlist.id, 'staff_playlist.delete')).toHaveLength(1);
      expect((await asAdmin('GET', url)).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/staff-playlists/${s}`)).statusCode).toBe(404);
    });

    it('answers two admins at once: one slug, one order wins, the other is a clear 409 and nothing is half-written', async () => {
      const s = slug('race');
      const created = await Promise.all([1, 2].map((n) => asAdmin('POST', '/api/admin/staff-playlists', { title: `Race ${n}`, slug: s })));
      expect(created.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(created.find((r) => r.statusCode === 409)!.json().error).toMatchObject({ code: 'CONFLICT', field: 'slug' });

      const playlist = created.find((r) => r.statusCode === 201)!.json();
      const url = `/api/admin/staff-playlists/${playlist.id}`;
      const { items: sounds } = await newPack(3);
      for (const sound of sounds) await asAdmin('POST', `${url}/items`, { item_id: sound.id });
      const { version } = (await asAdmin('GET', url)).json();
      const orders = [[...sounds].reverse().map((x) => x.id), [sounds[1]!.id, sounds[0]!.id, sounds[2]!.id]];
      const tabs = await Promise.all(orders.map((ids) => asAdmin('PUT', `${url}/order`, { ids, version })));
      expect(tabs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = orders[tabs.findIndex((r) => r.statusCode === 200)]!;
      expect((await asAdmin('GET', url)).json().items.map((i: { id: string }) => i.id)).toEqual(winner);
      expect(await audits(playlist.id, 'staff_playlist.reorder')).toHaveLength(1);
    });
  });

  describe('bundles', () => {
    it('makes a bundle of published packs only, with a unique slug, audited; a subscriber gets it paying only for what they do not own', async () => {
      const a = await newPack(2, PACK_STATUS.published, { creditCost: 3 });
      const b = await newPack(2, PACK_STATUS.published, { creditCost: 3 });
      const draft = await newPack(1, PACK_STATUS.draft);
      const s = slug('duo');
      const body = { title: 'Duo', slug: s, description: 'Two packs', pack_ids: [a.pack.id, b.pack.id], credit_cost: 10, price_cents: 1999 };

      const withDraft = await asAdmin('POST', '/api/admin/bundles', { ...body, pack_ids: [a.pack.id, draft.pack.id] });
      expect(withDraft.statusCode).toBe(400);
      expect(withDraft.json().error).toMatchObject({ field: 'pack_ids', message: expect.stringContaining(draft.pack.id) });
      const none = await asAdmin('POST', '/api/admin/bundles', { ...body, pack_ids: [] });
      expect(none.json().error).toMatchObject({ field: 'pack_ids', message: 'pack_ids: Choose at least one pack' });
      const negative = await asAdmin('POST', '/api/admin/bundles', { ...body, credit_cost: -1 });
      expect(negative.json().error).toMatchObject({ field: 'credit_cost' });

      const created = await asAdmin('POST', '/api/admin/bundles', body);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ slug: s, active: true, credit_cost: 10, price_cents: 1999, pack_count: 2, packs: [{ id: a.pack.id }, { id: b.pack.id }] });
      const id = created.json().id as string;
      expect(await audits(id, 'bundle.create')).toHaveLength(1);
      expect((await asAdmin('POST', '/api/admin/bundles', { ...body, title: 'Again' })).json().error).toMatchObject({ code: 'CONFLICT', field: 'slug' });

      // The subscriber already owns pack A: the bundle costs them the rest, pro rata (decision 0033), and that is what is charged.
      await addCredits(t.ctx.db, { userId: subscriber.id, kind: 'grant', amount: 50, reason: 'plan', idempotencyKey: `test:${randomUUID()}`, expiresAt: null });
      expect((await call(t, 'POST', '/api/acquisitions', { target: 'pack', id: a.pack.id, idempotency_key: randomUUID() }, { cookie: subscriber.cookie })).json()).toMatchObject({ charged: 6 });
      const page = (await call(t, 'GET', `/api/bundles/${s}`, undefined, { cookie: subscriber.cookie })).json();
      // Its money price follows the same rule: $19.99 × 6 / 12 credits' worth, half up (decision 0047).
      expect(page.viewer_price).toEqual({ cost: 5, owned_count: 2, item_count: 4, money: { amount: 1000, currency: 'usd' } });
      const got = (await call(t, 'POST', '/api/acquisitions', { target: 'bundle', id, idempotency_key: randomUUID() }, { cookie: subscriber.cookie })).json();
      expect(got).toMatchObject({ charged: 5, owned_item_ids: expect.arrayContaining(b.items.map((x) => x.id)) });

      // Deactivated: off sale and off the public pages; deleted: gone, what was got stays.
      expect((await asAdmin('PATCH', `/api/admin/bundles/${id}`, { active: false, pack_ids: [b.pack.id, a.pack.id] })).json()).toMatchObject({ active: false, packs: [{ id: b.pack.id }, { id: a.pack.id }] });
      expect(await audits(id, 'bundle.update')).toHaveLength(1);
      expect((await call(t, 'GET', `/api/bundles/${s}`)).statusCode).toBe(404);
      expect((await asAdmin('GET', '/api/admin/bundles?limit=100')).json().items).toEqual(expect.arrayContaining([expect.objectContaining({ id, active: false })]));
      expect((await asAdmin('DELETE', `/api/admin/bundles/${id}`)).json()).toEqual({ ok: true });
      expect(await audits(id, 'bundle.delete')).toHaveLength(1);
      expect((await asAdmin('GET', `/api/admin/bundles/${id}`)).statusCode).toBe(404);
      const owned = (await call(t, 'GET', '/api/library/owned-ids', undefined, { cookie: subscriber.cookie })).json().item_ids;
      expect(owned).toEqual(expect.arrayContaining([...a.items, ...b.items].map((x) => x.id)));
    });
  });

  describe('staff picks and featured creators', () => {
    it('picks published packs only, orders them against the version loaded, and the public shelf follows', async () => {
      const [p1, p2] = [await newPack(1), await newPack(1)];
      const draft = await newPack(1, PACK_STATUS.draft);
      const start = (await asAdmin('GET', '/api/admin/staff-picks')).json();
      expect((await asAdmin('POST', '/api/admin/staff-picks', { pack_id: draft.pack.id })).json().error).toMatchObject({ field: 'pack_id', message: expect.stringContaining('not published') });
      await asAdmin('POST', '/api/admin/staff-picks', { pack_id: p1.pack.id });
      const added = (await asAdmin('POST', '/api/admin/staff-picks', { pack_id: p2.pack.id })).json();
      expect((await asAdmin('POST', '/api/admin/staff-picks', { pack_id: p2.pack.id })).statusCode).toBe(409);
      const ids = added.packs.map((p: { id: string }) => p.id) as string[];
      expect(ids.slice(-2)).toEqual([p1.pack.id, p2.pack.id]);
      expect(await audits(p1.pack.id, 'staff_pick.add')).toHaveLength(1);

      const order = [p2.pack.id, ...ids.filter((x) => x !== p2.pack.id)];
      expect((await asAdmin('PUT', '/api/admin/staff-picks/order', { ids: order, version: start.version })).statusCode).toBe(409);
      const reordered = await asAdmin('PUT', '/api/admin/staff-picks/order', { ids: order, version: added.version });
      expect(reordered.json().packs.map((p: { id: string }) => p.id)).toEqual(order);
      expect((await call(t, 'GET', '/api/staff-picks?limit=100')).json().items.map((p: { id: string }) => p.id)).toEqual(order);

      expect((await asAdmin('DELETE', `/api/admin/staff-picks/${p2.pack.id}`)).json().packs.map((p: { id: string }) => p.id)).not.toContain(p2.pack.id);
      expect(await audits(p2.pack.id, 'staff_pick.remove')).toHaveLength(1);
      expect((await asAdmin('DELETE', `/api/admin/staff-picks/${p2.pack.id}`)).statusCode).toBe(404);
    });

    it('features creators with a published pack, in the order admins give, and Discover shows that order', async () => {
      const makers = await Promise.all([1, 2].map(() => createUser(t.ctx, { roles: ['creator'] })));
      const [c1, c2] = await Promise.all(makers.map((m, i) => createCreator(t.ctx, m.id, { name: `Featured ${i} ${randomUUID().slice(0, 6)}` })));
      const packless = await createCreator(t.ctx, (await createUser(t.ctx, { roles: ['creator'] })).id);
      await createPack(t.ctx, c1!.id);
      await createPack(t.ctx, c2!.id);

      expect((await asAdmin('POST', '/api/admin/featured-creators', { creator_id: packless.id })).json().error).toMatchObject({ field: 'creator_id', message: expect.stringContaining('no published pack') });
      await asAdmin('POST', '/api/admin/featured-creators', { creator_id: c1!.id });
      const both = (await asAdmin('POST', '/api/admin/featured-creators', { creator_id: c2!.id })).json();
      expect(both.creators.map((c: { id: string }) => c.id)).toEqual([c1!.id, c2!.id]);
      expect((await asAdmin('POST', '/api/admin/featured-creators', { creator_id: c2!.id })).statusCode).toBe(409);

      const swapped = await asAdmin('PUT', '/api/admin/featured-creators/order', { ids: [c2!.id, c1!.id], version: both.version });
      expect(swapped.json().creators.map((c: { id: string }) => c.id)).toEqual([c2!.id, c1!.id]);
      expect((await asAdmin('PUT', '/api/admin/featured-creators/order', { ids: [c1!.id, c2!.id], version: both.version })).statusCode).toBe(409);
      expect(await audits('featured_creators', 'featured_creator.reorder')).toEqual([expect.objectContaining({ details: { before: [c1!.id, c2!.id], after: [c2!.id, c1!.id] } })]);
      // This app's Discover is computed for the first time now, after the change.
      expect((await call(t, 'GET', '/api/discover')).json().featured_creators.map((c: { id: string }) => c.id)).toEqual([c2!.id, c1!.id]);

      expect((await asAdmin('DELETE', `/api/admin/featured-creators/${c1!.id}`)).json().creators.map((c: { id: string }) => c.id)).toEqual([c2!.id]);
      expect(await audits(c1!.id, 'featured_creator.remove')).toHaveLength(1);
    });

    it('looks up published packs and creators by name for the pickers', async () => {
      const { pack } = await newPack(1);
      await newPack(1, PACK_STATUS.draft);
      const packs = (await asAdmin('GET', `/api/admin/curation/packs?q=${encodeURIComponent(pack.title)}`)).json();
      expect(packs.map((p: { id: string }) => p.id)).toEqual([pack.id]);
      expect((await asAdmin('GET', '/api/admin/curation/packs?q=%25')).json()).toEqual([]);
      expect((await asAdmin('GET', '/api/admin/curation/packs?q=')).statusCode).toBe(400);
      const creators = (await asAdmin('GET', `/api/admin/curation/creators?q=${encodeURIComponent('tape loop')}`)).json();
      expect(creators.map((c: { id: string }) => c.id)).toEqual([creator.id]);
    });
  });

  describe('covers', () => {
    /** A 1200 × 600 picture, red on the left half and blue on the right. */
    const halves = (width = 1200, height = 600) =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#f00"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#00f"/></svg>`))
        .png()
        .toBuffer();
    const uploadImage = async (query: Record<string, string | number>, body?: Buffer) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/images?${new URLSearchParams(Object.entries({ name: 'cover.png', ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`,
        payload: body ?? (await halves()),
        remoteAddress: freshAddress(),
        headers: { 'content-type': 'image/png', cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; images: Record<string, string> };
    };
    /** A cover cropped square to the blue half of the picture. */
    const blueCover = () => uploadImage({ purpose: 'cover', crop_x: 600, crop_y: 0, crop_width: 600, crop_height: 600 });
    /** The file and its derived sizes, as stored. */
    const storedFiles = (fileId: string) => t.ctx.db.select({ id: files.id }).from(files).where(or(eq(files.id, fileId), eq(files.derivedFromFileId, fileId)));
    const notACover = { requestId: expect.any(String), code: 'VALIDATION_FAILED', field: 'cover_file_id', message: 'That image was not uploaded as a cover: upload the cover image again.' };

    it('gives a staff playlist a cover only from an uploaded cover image, audited; visitors see it cropped, and a replaced cover is deleted', async () => {
      const s = slug('covered');
      const playlist = (await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Covered', slug: s, published: true })).json();
      const url = `/api/admin/staff-playlists/${playlist.id}`;
      expect(playlist).toMatchObject({ cover: null, cover_file_id: null });
      const cover = await blueCover();

      expect((await call(t, 'PATCH', url, { cover_file_id: cover.id }, { cookie: subscriber.cookie })).statusCode).toBe(403);
      expect((await call(t, 'PATCH', url, { cover_file_id: cover.id })).statusCode).toBe(401);
      expect((await asAdmin('PATCH', url, { cover_file_id: 'cover.png' })).json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'cover_file_id' });

      // Not any file id: a banner image, one of the cover's own derived sizes, a pack's cover art, a creator's upload, nothing at all.
      const banner = await uploadImage({ purpose: 'banner' }, await halves(1632, 600));
      const [derived] = await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.derivedFromFileId, cover.id));
      const { pack } = await newPack(1);
      const packArt = await createFileFromUpload(t.ctx, { body: await halves(), originalName: 'art.png', contentType: 'image/png', packId: pack.id, kind: 'Cover art' });
      const creatorsUpload = await createFileFromUpload(t.ctx, { body: await halves(), originalName: 'mine.png', contentType: 'image/png', ownerUserId: subscriber.id });
      for (const wrong of [banner.id, derived!.id, packArt.id, creatorsUpload.id, randomUUID()]) {
        const res = await asAdmin('PATCH', url, { cover_file_id: wrong, title: 'Not saved' });
        expect(res.statusCode, wrong).toBe(400);
        expect(res.json().error).toEqual(notACover);
      }
      expect((await asAdmin('GET', url)).json()).toMatchObject({ title: 'Covered', cover: null });
      expect(await audits(playlist.id, 'staff_playlist.update')).toEqual([]);

      const saved = await asAdmin('PATCH', url, { cover_file_id: cover.id });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ cover: cover.images, cover_file_id: cover.id });
      expect(await audits(playlist.id, 'staff_playlist.update')).toEqual([expect.objectContaining({ actorUserId: admin.id, details: { cover_file_id: cover.id, previous_cover_file_id: null } })]);

      // The visitor's page and Discover carry the new cover's sizes; the largest is the admin's crop: blue, no red.
      expect((await call(t, 'GET', `/api/staff-playlists/${s}`)).json().cover).toEqual(cover.images);
      const discover = (await call(t, 'GET', '/api/discover')).json().staff_playlists as { id: string; cover: unknown }[];
      expect(discover.find((p) => p.id === playlist.id)?.cover).toEqual(cover.images);
      const large = await call(t, 'GET', cover.images['500x500']!);
      expect(large.statusCode).toBe(200);
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 500, height: 500 });
      const [red, , blue] = (await sharp(large.rawPayload).stats()).channels.map((c) => c.mean);
      expect(blue).toBeGreaterThan(200);
      expect(red).toBeLessThan(30);

      // Sending the cover it has again (the editor's whole form) keeps it; a new one replaces it and the old is deleted with its sizes.
      expect((await asAdmin('PATCH', url, { title: 'Covered again', cover_file_id: cover.id })).json()).toMatchObject({ title: 'Covered again', cover_file_id: cover.id });
      const next = await blueCover();
      expect((await asAdmin('PATCH', url, { cover_file_id: next.id })).json()).toMatchObject({ cover: next.images });
      expect(await storedFiles(cover.id)).toEqual([]);
      expect(await audits(playlist.id, 'staff_playlist.update')).toEqual(expect.arrayContaining([expect.objectContaining({ details: { cover_file_id: next.id, previous_cover_file_id: cover.id } })]));

      // Removed: no cover for visitors, and the image goes too.
      expect((await asAdmin('PATCH', url, { cover_file_id: null })).json()).toMatchObject({ cover: null, cover_file_id: null });
      expect((await call(t, 'GET', `/api/staff-playlists/${s}`)).json().cover).toBeNull();
      expect(await storedFiles(next.id)).toEqual([]);
    });

    it('keeps a cover a playlist had before covers were uploaded here when it is sent back unchanged', async () => {
      const playlist = (await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Seeded', slug: slug('seeded') })).json();
      const { pack } = await newPack(1);
      const art = await createFileFromUpload(t.ctx, { body: await halves(), originalName: 'art.png', contentType: 'image/png', packId: pack.id, kind: 'Cover art' });
      await t.ctx.db.update(staffPlaylists).set({ coverFileId: art.id }).where(eq(staffPlaylists.id, playlist.id));
      const res = await asAdmin('PATCH', `/api/admin/staff-playlists/${playlist.id}`, { title: 'Seeded, renamed', cover_file_id: art.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Seeded, renamed', cover_file_id: art.id });
    });

    it('gives a bundle a cover when it is made or changed; a cover two of them show stays until neither does', async () => {
      const { pack } = await newPack(1);
      const banner = await uploadImage({ purpose: 'banner' }, await halves(1632, 600));
      const body = { title: 'Covered duo', slug: slug('covered-duo'), pack_ids: [pack.id], credit_cost: 5 };
      const refused = await asAdmin('POST', '/api/admin/bundles', { ...body, cover_file_id: banner.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual(notACover);
      expect((await asAdmin('GET', `/api/bundles/${body.slug}`)).statusCode).toBe(404);

      const cover = await blueCover();
      const created = await asAdmin('POST', '/api/admin/bundles', { ...body, cover_file_id: cover.id });
      expect(created.statusCode, created.body).toBe(201);
      const bundle = created.json();
      expect(bundle).toMatchObject({ cover: cover.images, cover_file_id: cover.id });
      expect(await audits(bundle.id, 'bundle.create')).toEqual([expect.objectContaining({ details: expect.objectContaining({ cover_file_id: cover.id }) })]);
      expect((await call(t, 'GET', `/api/bundles/${body.slug}`)).json().cover).toEqual(cover.images);
      expect((await call(t, 'GET', cover.images['250x250']!)).statusCode).toBe(200);

      const wrong = await asAdmin('PATCH', `/api/admin/bundles/${bundle.id}`, { cover_file_id: banner.id });
      expect(wrong.json().error).toEqual(notACover);

      // The same picture on a playlist too: replacing the bundle's cover leaves it to the playlist; deleting the playlist removes it.
      const playlist = (await asAdmin('POST', '/api/admin/staff-playlists', { title: 'Shares a cover', slug: slug('shares'), cover_file_id: cover.id })).json();
      expect(playlist).toMatchObject({ cover: cover.images });
      const next = await blueCover();
      expect((await asAdmin('PATCH', `/api/admin/bundles/${bundle.id}`, { cover_file_id: next.id })).json()).toMatchObject({ cover: next.images });
      expect(await audits(bundle.id, 'bundle.update')).toEqual([expect.objectContaining({ details: { cover_file_id: next.id, previous_cover_file_id: cover.id } })]);
      expect((await call(t, 'GET', `/api/bundles/${body.slug}`)).json().cover).toEqual(next.images);
      expect(await storedFiles(cover.id)).not.toEqual([]);
      expect((await asAdmin('DELETE', `/api/admin/staff-playlists/${playlist.id}`)).json()).toEqual({ ok: true });
      expect(await storedFiles(cover.id)).toEqual([]);

      expect((await asAdmin('DELETE', `/api/admin/bundles/${bundle.id}`)).json()).toEqual({ ok: true });
      expect(await storedFiles(next.id)).toEqual([]);
    });
  });
});
