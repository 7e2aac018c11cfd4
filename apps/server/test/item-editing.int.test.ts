import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { encodeWav } from '@crate/audio/wav';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { EditableItem } from '@crate/contract/item-editing';
import { auditLog, files, items, jobs } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** A second of a 440 Hz tone. */
function toneWav(): Buffer {
  const samples = new Float32Array(44100).map((_, i) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / 44100));
  return encodeWav({ sampleRate: 44100, channels: [samples] });
}

describe(`editing samples and presets on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: TestUser;
  let collaborator: TestUser;
  let otherCreator: TestUser;
  let admin: TestUser;
  let subscriber: TestUser;
  let sample: { id: string; slug: string };
  let preset: { id: string; slug: string };
  let draft: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Dusty Tapes' });
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    await addCollaborator(t.ctx, creator.id, collaborator.id);
    otherCreator = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, otherCreator.id);
    admin = await createUser(t.ctx, { roles: ['admin'] });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    const pack = await createPack(t.ctx, creator.id, { title: 'Night Drums' });
    sample = (await createItems(t.ctx, pack, 1, { name: 'Night Kick', bpm: 90, tags: ['kick'], genres: ['trap'] }))[0]!;
    preset = (await createItems(t.ctx, pack, 1, { name: 'Glass Pad', type: 'preset', kind: null, plugin: 'Serum' }))[0]!;
    const draftPack = await createPack(t.ctx, creator.id, { status: PACK_STATUS.draft });
    draft = (await createItems(t.ctx, draftPack, 1))[0]!;
  });
  afterAll(() => t.close());

  const open = (slug: string, user: TestUser) => call(t, 'GET', `/api/studio/items/${slug}`, undefined, { cookie: user.cookie });
  const save = (slug: string, user: TestUser, body: object) => call(t, 'PATCH', `/api/studio/items/${slug}`, body, { cookie: user.cookie });
  const upload = (slug: string, user: TestUser, role: string, name: string, bytes: Buffer) =>
    t.app.inject({ method: 'POST', url: `/api/studio/items/${slug}/files?role=${role}&name=${encodeURIComponent(name)}`, headers: { cookie: user.cookie, 'content-type': 'application/octet-stream' }, payload: bytes });

  it('opens an item for its creator (editable), a collaborator (read-only) and an admin (editable)', async () => {
    const asOwner = (await open(sample.slug, owner)).json() as EditableItem;
    expect(asOwner).toMatchObject({ name: 'Night Kick', bpm: 90, tags: ['kick'], type: 'sample', abilities: { edit: true }, pack: { title: 'Night Drums' } });
    expect((await open(sample.slug, collaborator)).json()).toMatchObject({ abilities: { edit: false } });
    expect((await open(draft.slug, admin)).json()).toMatchObject({ abilities: { edit: true } });
  });

  it("refuses another creator's item and people outside the studio", async () => {
    expect((await open(draft.slug, otherCreator)).statusCode).toBe(404);
    expect((await open(sample.slug, otherCreator)).statusCode).toBe(403);
    expect((await open(sample.slug, subscriber)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/studio/items/${sample.slug}`)).statusCode).toBe(401);
    expect((await save(sample.slug, collaborator, { bpm: 100 })).statusCode).toBe(403);
    expect((await save(sample.slug, otherCreator, { bpm: 100 })).statusCode).toBe(403);
    expect((await save(draft.slug, otherCreator, { bpm: 100 })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select({ bpm: items.bpm }).from(items).where(eq(items.id, sample.id));
    expect(row!.bpm).toBe(90);
  });

  it('saves every metadata field, audits the change field by field, and search finds the new values at once', async () => {
    const res = await save(sample.slug, owner, {
      name: 'Night Kick Heavy',
      kind: 'Loop',
      key: 'C#/Db minor',
      bpm: 128,
      time_signature: '6/8',
      feel: 'swing',
      genres: ['house'],
      instruments: ['kick'],
      tags: ['  Sub   Heavy ', 'clubby'],
      credit_cost: 3,
      description: 'Tuned to C#.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Night Kick Heavy', kind: 'Loop', key: 'C#/Db minor', bpm: 128, time_signature: '6/8', feel: 'swing', genres: ['house'], instruments: ['kick'], tags: ['sub heavy', 'clubby'], credit_cost: 3 });

    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, sample.id), eq(auditLog.action, 'item.updated'))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorUserId: owner.id, targetType: 'item' });
    expect((entry!.details as { changes: Record<string, unknown> }).changes).toMatchObject({ bpm: { from: 90, to: 128 }, tags: { from: ['kick'], to: ['sub heavy', 'clubby'] }, name: { from: 'Night Kick', to: 'Night Kick Heavy' } });

    // The search index follows the outbox the items trigger wrote in the same transaction.
    await t.app.searchIndex?.catchUp();
    const found = await call(t, 'GET', '/api/search?q=clubby', undefined, { cookie: subscriber.cookie });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((i: { name: string; bpm: number }) => [i.name, i.bpm])).toEqual([['Night Kick Heavy', 128]]);
    const page = (await call(t, 'GET', `/api/items/${sample.slug}`)).json();
    expect(page).toMatchObject({ bpm: 128, tags: ['sub heavy', 'clubby'] });
  });

  it('writes nothing and audits nothing when nothing changed', async () => {
    const before = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, sample.id));
    const res = await save(sample.slug, owner, { bpm: 128, tags: ['sub heavy', 'clubby'] });
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, sample.id))).toHaveLength(before.length);
  });

  it.each([
    [{ bpm: 0 }, 'bpm'],
    [{ bpm: 1200 }, 'bpm'],
    [{ name: '   ' }, 'name'],
    [{ key: 'H minor' }, 'key'],
    [{ kind: 'Drone' }, 'kind'],
    [{ genres: ['not-a-genre'] }, 'genres.0'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    [{ tags: ['a', 'A'] }, 'tags'],
    [{ credit_cost: -1 }, 'credit_cost'],
    [{ credit_cost: 1.5 }, 'credit_cost'],
    [{ plugin: 'Serum' }, 'plugin'], // a sample has no plugin
    [{ slug: 'hijack' }, undefined],
  ])('refuses %j with a clear error', async (body, field) => {
    const res = await save(sample.slug, owner, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    if (field) expect(res.json().error.field).toBe(field);
  });

  it('refuses a save made on a stale copy (changed elsewhere since it was opened) and keeps the other change', async () => {
    const opened = (await open(draft.slug, owner)).json() as EditableItem;
    expect((await save(draft.slug, admin, { bpm: 101, expected_updated_at: opened.updated_at })).statusCode).toBe(200);
    const stale = await save(draft.slug, owner, { bpm: 77, expected_updated_at: opened.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', field: 'expected_updated_at' });
    const fresh = (await open(draft.slug, owner)).json() as EditableItem;
    expect(fresh.bpm).toBe(101);
    expect((await save(draft.slug, owner, { bpm: 77, expected_updated_at: fresh.updated_at })).json()).toMatchObject({ bpm: 77 });
  });

  it('changes a preset’s plugin target and refuses a plugin outside SPEC §1', async () => {
    expect((await save(preset.slug, owner, { plugin: 'Analog Lab' })).json()).toMatchObject({ plugin: 'Analog Lab', type: 'preset' });
    expect((await save(preset.slug, owner, { plugin: 'Massive' })).statusCode).toBe(400);
  });

  it('lets an admin edit any item, audited under the admin', async () => {
    expect((await save(draft.slug, admin, { name: 'Renamed by staff' })).statusCode).toBe(200);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, draft.id));
    expect(entry).toMatchObject({ actorUserId: admin.id, action: 'item.updated' });
  });

  it('replaces the sound: the new original takes its place and derive-media processes it again', async () => {
    const res = await upload(sample.slug, owner, 'audio', 'Night Kick v2.wav', toneWav());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as EditableItem;
    expect(body).toMatchObject({ audio_file: { name: 'Night Kick v2.wav' }, processing: true, preview: null });
    const [queued] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.queue, 'derive-media'), eq(jobs.uniqueKey, `derive-media:${body.audio_file!.id}`)));
    expect(queued).toBeDefined();
    await t.ctx.jobs.drain();
    const after = (await open(sample.slug, owner)).json() as EditableItem;
    expect(after.processing).toBe(false);
    expect(after.preview).toMatchObject({ url: expect.stringContaining(`/api/media/${body.audio_file!.id}/`), duration_ms: expect.any(Number) });
    expect(after.preview!.duration_ms).toBeGreaterThan(900);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, sample.id), eq(auditLog.action, 'item.file_replaced')));
    expect(entry!.details).toMatchObject({ role: 'audio', to: body.audio_file!.id });
  });

  it('refuses a file that is not audio, an empty file and a role the item does not have, storing nothing', async () => {
    const before = await t.ctx.db.select({ id: files.id }).from(files);
    const text = await upload(sample.slug, owner, 'audio', 'notes.wav', Buffer.from('this is a text file renamed .wav'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'file' });
    expect((await upload(sample.slug, owner, 'audio', 'empty.wav', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(sample.slug, owner, 'preset', 'x.fxp', Buffer.from('preset'))).json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'role' });
    expect((await upload(sample.slug, collaborator, 'audio', 'x.wav', toneWav())).statusCode).toBe(403);
    expect((await upload(draft.slug, otherCreator, 'audio', 'x.wav', toneWav())).statusCode).toBe(404);
    expect(await t.ctx.db.select({ id: files.id }).from(files)).toHaveLength(before.length);
  });

  it('replaces a preset’s file and its preview audio', async () => {
    const presetFile = await upload(preset.slug, owner, 'preset', 'Glass Pad.fxp', Buffer.from('CcnK\x00\x00\x00\x10FPCh'));
    expect(presetFile.statusCode, presetFile.body).toBe(200);
    expect(presetFile.json()).toMatchObject({ preset_file: { name: 'Glass Pad.fxp' }, processing: false });
    const preview = await upload(preset.slug, owner, 'preview', 'Glass Pad preview.wav', toneWav());
    expect(preview.json()).toMatchObject({ preview_file: { name: 'Glass Pad preview.wav' }, processing: true });
    await t.ctx.jobs.drain();
    expect((await open(preset.slug, owner)).json()).toMatchObject({ processing: false, preview: { duration_ms: expect.any(Number) } });
  });
});
