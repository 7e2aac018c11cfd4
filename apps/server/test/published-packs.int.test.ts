import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { auditLog, files, items, packs } from '../src/db/schema/index.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call, freshAddress, mailsTo } from './auth-helpers.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** A plain square picture, large enough for a cover. */
const squarePng = (side = 600) => sharp({ create: { width: side, height: side, channels: 3, background: '#3a6' } }).png().toBuffer();

/**
 * What a collaborator may do on the packs of the creator they work with (decision 0071), and a creator editing and
 * withdrawing their published pack (decision 0072).
 */
describe(`published packs and collaborators on ${TEST_DB}`, () => {
  let t: TestApp;
  let creatorUser: TestUser;
  let collaborator: TestUser;
  let otherCreator: TestUser;
  let admin: TestUser;
  let subscriber: TestUser;
  let creatorId: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    creatorUser = await createUser(t.ctx, { roles: ['creator'] });
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    otherCreator = await createUser(t.ctx, { roles: ['creator'] });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    creatorId = (await createCreator(t.ctx, creatorUser.id, { name: 'Harbour Lights' })).id;
    await addCollaborator(t.ctx, creatorId, collaborator.id);
    await createCreator(t.ctx, otherCreator.id);
  });
  afterAll(() => t.close());

  const as = (user: TestUser | null) => ({ ...(user ? { cookie: user.cookie } : {}) });
  const patch = (packId: string, body: unknown, user: TestUser = creatorUser) => call(t, 'PATCH', `/api/studio/packs/${packId}`, body, as(user));
  const post = (url: string, user: TestUser = creatorUser) => call(t, 'POST', url, undefined, as(user));
  const auditsOf = (action: string, targetId: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  const searchNames = async (q: string) => {
    await t.app.searchIndex?.catchUp();
    const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, as(subscriber));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { name: string; pack: { title: string } | null }[]).map((i) => `${i.name} · ${i.pack?.title}`);
  };
  const uploadCover = (user: TestUser, body: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/studio/images?purpose=cover&name=cover.png', payload: body, remoteAddress: freshAddress(), headers: { 'content-type': 'image/png', cookie: user.cookie } });

  it("lets a collaborator read the creator's packs, drafts and analytics, and refuses every change, each with the right answer", async () => {
    const published = await createPack(t.ctx, creatorId, { title: 'Lantern Keys' });
    const draft = await createPack(t.ctx, creatorId, { status: PACK_STATUS.draft, title: 'Lantern Drafts' });

    const list = await call(t, 'GET', '/api/studio/packs', undefined, as(collaborator));
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().items as { id: string; abilities: Record<string, boolean> }[];
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([published.id, draft.id]));
    for (const row of rows) expect(row.abilities).toEqual({ edit: false, submit: false, split: false, withdraw: false });

    // What the dashboard links to opens for them: a draft's studio view and a published pack's analytics.
    expect((await call(t, 'GET', `/api/studio/packs/${draft.id}`, undefined, as(collaborator))).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/analytics/packs/${published.id}`, undefined, as(collaborator))).statusCode).toBe(200);

    // Every change is the creator's: 403 (they see the pack, so it is not hidden from them).
    expect((await patch(draft.id, { title: 'Renamed by a collaborator' }, collaborator)).statusCode).toBe(403);
    expect((await patch(published.id, { title: 'Renamed by a collaborator' }, collaborator)).statusCode).toBe(403);
    expect((await post(`/api/studio/packs/${draft.id}/submit`, collaborator)).statusCode).toBe(403);
    expect((await post(`/api/studio/packs/${published.id}/withdraw`, collaborator)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/studio/packs/${published.id}/split`, undefined, as(collaborator))).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/creator/profile', undefined, as(collaborator))).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(packs).where(eq(packs.id, published.id));
    expect(row).toMatchObject({ title: 'Lantern Keys', status: PACK_STATUS.published });

    // Another creator reads neither the draft nor the figures of a published pack.
    expect((await call(t, 'GET', `/api/studio/packs/${draft.id}`, undefined, as(otherCreator))).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/analytics/packs/${published.id}`, undefined, as(otherCreator))).statusCode).toBe(404);
  });

  it("changes a published pack's title, description and genres: audited, and search finds it by its new title", async () => {
    const pack = await createPack(t.ctx, creatorId, { title: 'Copper Rain', creditCost: 20, priceCents: 1500 });
    await createItems(t.ctx, pack, 1, { name: 'Drizzle Pad' });
    expect(await searchNames('copper')).toEqual(['Drizzle Pad · Copper Rain']);
    const studio = (await call(t, 'GET', `/api/studio/packs/${pack.id}`, undefined, as(creatorUser))).json();
    expect(studio.abilities).toMatchObject({ edit: true, withdraw: true });

    // The editor sends the whole form: the licence and prices unchanged are accepted as they are.
    const res = await patch(pack.id, {
      title: 'Copper Storm',
      description: 'Rain recorded on copper roofs.',
      genres: ['ambient', 'lo-fi'],
      licence_type: studio.licence_type,
      credit_cost: 20,
      price_cents: 1500,
      expected_updated_at: studio.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Copper Storm', description: 'Rain recorded on copper roofs.', genres: ['ambient', 'lo-fi'], status: PACK_STATUS.published });
    expect(await searchNames('copper storm')).toEqual(['Drizzle Pad · Copper Storm']);
    const page = (await call(t, 'GET', `/api/packs/${pack.id}`, undefined, as(subscriber))).json();
    expect(page).toMatchObject({ title: 'Copper Storm', genres: ['ambient', 'lo-fi'] });
    const [audit] = await auditsOf('pack.updated', pack.id);
    expect(audit).toMatchObject({ actorUserId: creatorUser.id, details: { fields: ['title', 'description', 'genres'], status: PACK_STATUS.published } });

    // What it was sold as stays: a new price or licence is refused, naming the field, and writes nothing.
    for (const [field, value] of [['price_cents', 900], ['credit_cost', 5], ['licence_type', 'Dynamic Splits']] as const) {
      const refused = await patch(pack.id, { [field]: value });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'CONFLICT', field });
    }
    const [row] = await t.ctx.db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ priceCents: 1500, creditCost: 20, title: 'Copper Storm' });

    // A stale form is a conflict; invalid details are refused by the contract before anything is read.
    expect((await patch(pack.id, { title: 'Late', expected_updated_at: studio.updated_at })).statusCode).toBe(409);
    const empty = await patch(pack.id, { title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.field).toBe('title');
    // Another creator sees the published pack but may not change it; a subscriber holds no studio role.
    expect((await patch(pack.id, { title: 'Taken' }, otherCreator)).statusCode).toBe(403);
    expect((await patch(pack.id, { title: 'Taken' }, subscriber)).statusCode).toBe(403);
  });

  it("replaces a published pack's cover with an image the creator uploaded, never with somebody else's, and not on a draft", async () => {
    const pack = await createPack(t.ctx, creatorId, { title: 'Glass Harbour' });
    const uploaded = await uploadCover(creatorUser, await squarePng());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const cover = uploaded.json() as { id: string; images: Record<string, string> };
    expect(Object.keys(cover.images).sort()).toEqual(['250x250', '500x500', '75x75']);

    const res = await patch(pack.id, { cover_file_id: cover.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cover['500x500']).toBe(cover.images['500x500']);
    const page = (await call(t, 'GET', `/api/packs/${pack.id}`, undefined, as(null))).json();
    expect(page.cover['250x250']).toBe(cover.images['250x250']);
    const image = await t.app.inject({ url: cover.images['250x250']! });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(250);

    // A second new cover replaces the first, which nothing shows any more: it is removed with its sizes.
    const second = (await uploadCover(creatorUser, await squarePng(700))).json() as { id: string };
    expect((await patch(pack.id, { cover_file_id: second.id })).statusCode).toBe(200);
    expect(await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.id, cover.id))).toEqual([]);

    const theirs = (await uploadCover(otherCreator, await squarePng())).json() as { id: string };
    const stolen = await patch(pack.id, { cover_file_id: theirs.id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.field).toBe('cover_file_id');

    const draft = await createPack(t.ctx, creatorId, { status: PACK_STATUS.draft });
    const onDraft = await patch(draft.id, { cover_file_id: second.id });
    expect(onDraft.statusCode).toBe(400);
    expect(onDraft.json().error.field).toBe('cover_file_id');
  });

  it('withdraws a published pack: off sale and out of search, owners keep their sounds, audited, and only its creator puts it back', async () => {
    const pack = await createPack(t.ctx, creatorId, { title: 'Velvet Quarry' });
    const [sound] = await createItems(t.ctx, pack, 1, { name: 'Basalt Kick', creditCost: 1 });
    const original = randomBytes(4000);
    const file = await createFileFromUpload(t.ctx, { body: original, originalName: 'basalt.wav', contentType: 'audio/wav', kind: 'Sample audio', packId: pack.id, itemId: sound!.id, ownerUserId: creatorUser.id });
    await t.ctx.db.update(items).set({ audioFileId: file.id }).where(eq(items.id, sound!.id));
    const owner = await createUser(t.ctx, { roles: ['subscriber'] });
    await addCredits(t.ctx.db, { userId: owner.id, kind: 'grant', amount: 5, reason: 'plan', idempotencyKey: `grant:${randomUUID()}`, expiresAt: null });
    expect((await call(t, 'POST', '/api/acquisitions', { target: 'item', id: sound!.id, idempotency_key: randomUUID() }, as(owner))).statusCode).toBe(200);
    expect(await searchNames('basalt')).toEqual(['Basalt Kick · Velvet Quarry']);

    // Nobody but its creator withdraws it: collaborators read only, another creator and admins (who take packs down with a reason) are refused.
    for (const user of [collaborator, otherCreator, admin]) expect((await post(`/api/studio/packs/${pack.id}/withdraw`, user)).statusCode).toBe(403);

    const res = await post(`/api/studio/packs/${pack.id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: PACK_STATUS.archived, status_label: 'Withdrawn', withdrawn_at: expect.any(String) });
    expect(await searchNames('basalt')).toEqual([]);
    expect((await call(t, 'GET', `/api/packs/${pack.id}`, undefined, as(subscriber))).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ status: PACK_STATUS.archived, takedownReason: null, withdrawnAt: expect.any(Date) });
    expect(await auditsOf('pack.withdrawn', pack.id)).toEqual([expect.objectContaining({ actorUserId: creatorUser.id, details: expect.objectContaining({ from: 4, to: -1, withdrawn: true }) })]);
    expect((await mailsTo(t, creatorUser.email)).filter((m) => m.subject.includes('Velvet Quarry'))).toEqual([]);

    // The owner keeps what they got: it is in their library and it downloads.
    const library = (await call(t, 'GET', '/api/library/owned', undefined, as(owner))).json();
    expect((library.items as { id: string }[]).map((r) => r.id)).toContain(sound!.id);
    const download = await t.app.inject({ url: `/api/downloads/items/${sound!.id}`, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(original)).toBe(true);
    // Nobody gets it any more.
    expect((await call(t, 'POST', '/api/acquisitions', { target: 'item', id: sound!.id, idempotency_key: randomUUID() }, as(subscriber))).statusCode).toBe(404);

    // Withdrawing twice, or a pack that is not published, is a conflict; an admin's restore does not override the creator.
    expect((await post(`/api/studio/packs/${pack.id}/withdraw`)).statusCode).toBe(409);
    const draft = await createPack(t.ctx, creatorId, { status: PACK_STATUS.draft });
    expect((await post(`/api/studio/packs/${draft.id}/withdraw`)).statusCode).toBe(409);
    expect((await post(`/api/admin/archive/packs/${pack.id}/restore`, admin)).statusCode).toBe(409);
    expect((await post(`/api/studio/packs/${pack.id}/republish`, collaborator)).statusCode).toBe(403);

    const back = await post(`/api/studio/packs/${pack.id}/republish`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: PACK_STATUS.published, status_label: 'Published', withdrawn_at: null });
    expect(await searchNames('basalt')).toEqual(['Basalt Kick · Velvet Quarry']);
    expect(await auditsOf('pack.republished', pack.id)).toHaveLength(1);
  });

  it("refuses to put back a pack an admin took down: that is the admin's decision", async () => {
    const pack = await createPack(t.ctx, creatorId);
    const takedown = await call(t, 'POST', `/api/admin/packs/${pack.id}/archive`, { reason: 'Technical Issue' }, as(admin));
    expect(takedown.statusCode, takedown.body).toBe(200);
    const res = await post(`/api/studio/packs/${pack.id}/republish`);
    expect(res.statusCode).toBe(409);
    const [row] = await t.ctx.db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ status: PACK_STATUS.archived, takedownReason: 'Technical Issue' });
  });
});
