import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { StudioPack, UploadResult } from '@crate/contract/studio-packs';
import type { Collaborators } from '@crate/contract/users';
import { buildApp } from '../src/app.ts';
import { files, jobs, packs, uploadReservations, userRoles } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { addCollaborator, createCreator, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { cymbalWav, eightBitWav, loopWav, rawZip, toneWav, tusCreate, tusHead, tusPatch, tusUpload } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const png = (size = 600) => sharp({ create: { width: size, height: size, channels: 3, background: '#c84' } }).png().toBuffer();
const presetBytes = () => Buffer.concat([Buffer.from('CcnK'), Buffer.alloc(200, 7)]);
const midiBytes = () => Buffer.concat([Buffer.from('MThd'), Buffer.from([0, 0, 0, 6, 0, 0, 0, 1, 0, 96])]);

describe(`creator studio: packs and resumable uploads on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: TestUser;
  let collaborator: TestUser;
  let otherCreator: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Dusty Tapes' });
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    await addCollaborator(t.ctx, creator.id, collaborator.id);
    otherCreator = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, otherCreator.id);
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
  });
  afterAll(() => t.close());

  const newPack = async (title = 'Night Drums') => {
    const res = await call(t, 'POST', '/api/studio/packs', { title, genres: ['trap'] }, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as StudioPack;
  };
  const openPack = async (id: string, user = owner) => (await call(t, 'GET', `/api/studio/packs/${id}`, undefined, { cookie: user.cookie })).json() as StudioPack;
  const upload = async (packId: string, path: string, bytes: Buffer, user = owner) => tusUpload(t, user.cookie, packId, path, bytes);

  it('turns an uploaded folder into a pack: sounds pre-filled from their names, a preset with its preview, stems and MIDI with their sound, cover art', async () => {
    const pack = await newPack();
    expect(pack).toMatchObject({ status: PACK_STATUS.draft, next_action: 'add-files', items: [], files: [] });
    for (const [path, bytes] of [
      ['Night Drums/Kicks/Kick_120bpm_Cmin.wav', toneWav(60, 0.5)],
      ['Night Drums/Loops/Keys Loop 92 BPM F#m.wav', toneWav(370, 2, 24)],
      ['Night Drums/Songs/Sunset/Sunset.wav', toneWav(220, 2)],
      ['Night Drums/Songs/Sunset/Stems/Sunset Bass.wav', toneWav(55, 2)],
      ['Night Drums/Songs/Sunset/Sunset.mid', midiBytes()],
      ['Night Drums/Presets/Serum/Growl.fxp', presetBytes()],
      ['Night Drums/Presets/Serum/Growl.wav', toneWav(110, 1)],
      ['Night Drums/cover.png', await png()],
    ] as const) {
      const res = await upload(pack.id, path, bytes);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect((res.json() as UploadResult).files).toEqual([expect.objectContaining({ path })]);
    }
    const after = await openPack(pack.id);
    const byName = new Map(after.items.map((i) => [i.name, i]));
    expect(byName.get('Kick')).toMatchObject({ type: 'sample', bpm: 120, key: 'C minor', kind: 'One-Shot' });
    expect(byName.get('Keys Loop')).toMatchObject({ bpm: 92, key: 'F#/Gb minor', kind: 'Loop' });
    expect(byName.get('Sunset')).toMatchObject({ has_stems: true, has_midi: true });
    expect(byName.get('Growl')).toMatchObject({ type: 'preset', plugin: 'Serum' });
    expect(after.items).toHaveLength(4);
    const kinds = Object.fromEntries(after.files.map((f) => [f.path.split('/').pop(), f.kind]));
    expect(kinds).toEqual({
      'Kick_120bpm_Cmin.wav': 'Sample audio',
      'Keys Loop 92 BPM F#m.wav': 'Sample audio',
      'Sunset.wav': 'Sample audio',
      'Sunset Bass.wav': 'Stem audio',
      'Sunset.mid': 'Midi',
      'Growl.fxp': 'Preset',
      'Growl.wav': 'Preset preview audio',
      'cover.png': 'Cover art',
    });
    expect(after.cover).not.toBeNull();
    expect(after.next_action).toBe('submit');
    // Submit waits while the sounds are still being heard (kind, tempo, key fill in), then nothing holds it.
    expect(after.submit_blockers).toEqual(['3 sounds are still being listened to for kind, tempo and key: wait until they are filled in.']);
    await t.ctx.jobs.drain();
    expect((await openPack(pack.id)).submit_blockers).toEqual([]);
  });

  it('hears tempo and key in a sound whose name says neither, and says how sure it is', async () => {
    const pack = await newPack('Heard');
    expect((await upload(pack.id, 'Mystery.wav', loopWav(120))).statusCode).toBe(200);
    // Until the analysis has run, the pack says it is still listening (the screen polls and shows "listening…").
    expect((await openPack(pack.id)).files[0]).toMatchObject({ analysis: null, analysing: true });
    await t.ctx.jobs.drain();
    const after = await openPack(pack.id);
    expect(after.files[0]!.analysing).toBe(false);
    const [item] = after.items;
    expect(item!.bpm).toBeGreaterThanOrEqual(119);
    expect(item!.bpm).toBeLessThanOrEqual(121);
    expect(item!.kind).toBe('Loop');
    const analysis = after.files[0]!.analysis!;
    expect(analysis).toMatchObject({ kind: 'Loop', pitched: null });
    expect(analysis.bpm_confidence).toBeGreaterThan(0.35);
    expect(['A minor', 'C major']).toContain(analysis.key);
  });

  it('hears a long cymbal hit as a one-shot with no tempo and no key: it has no pitch (decision 0070)', async () => {
    const pack = await newPack('Crashes');
    expect((await upload(pack.id, 'Take 7.wav', cymbalWav(3))).statusCode).toBe(200);
    expect((await openPack(pack.id)).items[0]).toMatchObject({ kind: null, bpm: null, key: null });
    await t.ctx.jobs.drain();
    const after = await openPack(pack.id);
    expect(after.items[0]).toMatchObject({ kind: 'One-Shot', bpm: null, key: null });
    expect(after.files[0]!.analysis).toMatchObject({ kind: 'One-Shot', pitched: false, bpm: null, key: null });
  });

  it('stops listening for a sound whose analysis cannot run: no analysis, and nothing pending', async () => {
    const pack = await newPack('Unheard');
    expect((await upload(pack.id, 'Plain.wav', loopWav(100))).statusCode).toBe(200);
    // The analysis job gives up for good (as on audio ffmpeg cannot decode): the file has no analysis and the screen stops waiting.
    const [file] = (await openPack(pack.id)).files;
    expect(file!.analysing).toBe(true);
    await t.ctx.db.update(jobs).set({ status: 'failed', finishedAt: new Date() }).where(eq(jobs.uniqueKey, `analyse-audio:${file!.id}`));
    expect((await openPack(pack.id)).files[0]).toMatchObject({ analysis: null, analysing: false });
  });

  it('resumes an upload interrupted at 50 % after the server restarts', async () => {
    const pack = await newPack('Resumed');
    const bytes = toneWav(330, 3);
    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Long Pad.wav' }, bytes.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(bytes.length / 2);
    expect((await tusPatch(t, owner.cookie, location, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    // A new server on the same data directory: what tus knows is on disk.
    await t.app.close();
    t.app = await buildApp(t.ctx);
    await t.app.ready();
    const head = await tusHead(t, owner.cookie, location);
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBe(half);
    const finished = await tusPatch(t, owner.cookie, location, half, bytes.subarray(half));
    expect(finished.statusCode, finished.body).toBe(200);
    const [file] = (await openPack(pack.id)).files;
    expect(file).toMatchObject({ path: 'Long Pad.wav', size: bytes.length });
    const [row] = await t.ctx.db.select({ key: files.storageKey }).from(files).where(eq(files.id, file!.id));
    const stored = await t.ctx.storage.get(row!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('refuses hostile and broken files with a clear error naming them, storing nothing', async () => {
    const pack = await newPack('Hostile');
    const refused = async (path: string, bytes: Buffer, status: number, message: RegExp) => {
      const res = await upload(pack.id, path, bytes);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error.message).toMatch(message);
    };
    await refused('notes.wav', Buffer.from('These are my notes about the kick drum, not audio at all.\n'.repeat(20)), 415, /"notes\.wav" is text, not audio/);
    await refused('cut.wav', toneWav(440, 1).subarray(0, 20_000), 415, /"cut\.wav" is cut short/);
    await refused('song.mp3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(500)]), 415, /MP3: sounds are sold lossless/);
    await refused('tiny.png', await png(100), 400, /at least 500 × 500/);
    await refused('fake.fxp', Buffer.from('not a preset at all'), 415, /not a \.fxp preset/);
    await refused('pack.zip', rawZip([{ name: '../../evil.wav', data: toneWav() }]), 400, /leads outside the pack/);
    await refused('pack.zip', rawZip([{ name: '/etc/evil.wav', data: toneWav() }]), 400, /leads outside the pack/);
    await refused('pack.zip', rawZip([{ name: 'Kicks/link.wav', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]), 400, /symbolic link/);
    await refused('pack.zip', rawZip([{ name: 'Kicks/bomb.wav', data: Buffer.alloc(50 * 1024 * 1024), deflate: true }]), 400, /zip bomb/);
    await refused('pack.zip', rawZip([{ name: 'Kicks/notes.txt', data: Buffer.from('text '.repeat(100)) }]), 400, /holds no sounds, presets, MIDI files or images/);
    await refused('pack.zip', Buffer.from('PK this is not a zip'), 400, /not a zip we can read/);

    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'empty.wav' }, 0);
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toMatch(/"empty\.wav" is empty \(0 bytes\)/);
    const huge = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'huge.wav' }, 300 * 1024 * 1024);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('"huge.wav" is 300 MB; a sample audio file is at most 200 MB.');
    // A zip over its limit is named with the limit the same way (not tus's bare "Maximum size exceeded").
    const hugeZip = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Whole Library.zip' }, 5 * 1024 * 1024 * 1024);
    expect(hugeZip.statusCode).toBe(413);
    expect(hugeZip.json().error).toEqual({ requestId: expect.any(String), code: 'PAYLOAD_TOO_LARGE', field: 'file', message: '"Whole Library.zip" is 5 GB; a zip is at most 4 GB.' });
    const control = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'kick\u0007.wav' }, 100);
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toMatch(/control characters/);

    expect(await t.ctx.db.select().from(files).where(eq(files.packId, pack.id))).toEqual([]);
    expect((await call(t, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('unpacks a good zip, skipping junk and reporting what it left out', async () => {
    const pack = await newPack('Zipped');
    const zip = rawZip([
      { name: 'Zipped/Kicks/Kick 01.wav', data: toneWav(60, 0.3) },
      { name: 'Zipped/Kicks/Kick 02.wav', data: toneWav(62, 0.3), deflate: true },
      { name: 'Zipped/readme.txt', data: Buffer.from('thanks for buying') },
      { name: '__MACOSX/Zipped/._Kick 01.wav', data: Buffer.from('junk') },
    ]);
    const res = await upload(pack.id, 'Zipped.zip', zip);
    expect(res.statusCode, res.body).toBe(200);
    // The last request only reads the zip's directory: its files are unpacked by a job, with progress.
    const result = res.json() as UploadResult;
    expect(result.files).toEqual([]);
    expect(result.zip_import).toMatchObject({ name: 'Zipped.zip', state: 'unpacking', total: 2, done: 0 });
    const waiting = await openPack(pack.id);
    expect(waiting.zip_imports).toEqual([expect.objectContaining({ id: result.zip_import!.id, state: 'unpacking' })]);
    // Submitting waits for the zip: its files are not in the pack yet.
    expect(waiting.submit_blockers).toContain('A zip is still being unpacked: wait until its files are in the pack.');
    await t.ctx.jobs.drain();
    const after = await openPack(pack.id);
    expect(after.files.map((f) => f.path).sort()).toEqual(['Zipped/Kicks/Kick 01.wav', 'Zipped/Kicks/Kick 02.wav']);
    expect(after.items.map((i) => i.name).sort()).toEqual(['Kick 01', 'Kick 02']);
    expect(after.submit_blockers.filter((b) => /zip/.test(b))).toEqual([]);
    expect(after.zip_imports).toEqual([
      expect.objectContaining({ state: 'done', total: 2, done: 2, imported: 2, error: null, refused: [{ path: 'Zipped/readme.txt', reason: 'not a sound, preset, MIDI file or image' }] }),
    ]);
  });

  it('imports the good files of a zip and lists every refused one with why, keeping nothing of the refused ones', async () => {
    const pack = await newPack('Kit With Strays');
    const zip = rawZip([
      { name: 'Kit/Kicks/Kick 01.wav', data: toneWav(60, 0.3) },
      { name: 'Kit/Old/Crunchy Hat.wav', data: eightBitWav(3000, 0.2) },
      { name: 'Kit/notes.wav', data: Buffer.from('My notes about this kit, not audio.\n'.repeat(30)) },
      { name: 'Kit/Grooves/Huge Groove.mid', data: Buffer.concat([midiBytes(), Buffer.alloc(6 * 1024 * 1024)]) },
      { name: 'Kit/readme.txt', data: Buffer.from('thanks for buying') },
      { name: 'Kit/Snares/Snare 01.wav', data: toneWav(190, 0.3), deflate: true },
    ]);
    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Kit.zip' }, zip.length);
    const location = created.headers.location as string;
    const uploadId = location.split('/').pop()!;
    const res = await tusPatch(t, owner.cookie, location, 0, zip);
    expect(res.statusCode, res.body).toBe(200);
    const importId = (res.json() as UploadResult).zip_import!.id;
    // Four files of accepted kinds to look at; the readme and the over-large MIDI are left out from the directory.
    expect((res.json() as UploadResult).zip_import).toMatchObject({ state: 'unpacking', total: 4, done: 0, imported: 0 });
    // Until its job has stored them, the zip's files hold their room in the pack.
    expect(await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.uploadId, uploadId))).toHaveLength(1);

    await t.ctx.jobs.drain();
    const after = await openPack(pack.id);
    expect(after.items.map((i) => i.name).sort()).toEqual(['Kick 01', 'Snare 01']);
    expect(after.files.map((f) => f.path).sort()).toEqual(['Kit/Kicks/Kick 01.wav', 'Kit/Snares/Snare 01.wav']);
    expect(after.zip_imports).toEqual([
      {
        id: importId,
        name: 'Kit.zip',
        state: 'done',
        total: 4,
        done: 4,
        imported: 2,
        error: null,
        created_at: expect.any(String),
        finished_at: expect.any(String),
        refused: [
          { path: 'Kit/Grooves/Huge Groove.mid', reason: '"Kit/Grooves/Huge Groove.mid" is 6 MB; a midi file is at most 5 MB.' },
          { path: 'Kit/readme.txt', reason: 'not a sound, preset, MIDI file or image' },
          { path: 'Kit/Old/Crunchy Hat.wav', reason: '"Kit/Old/Crunchy Hat.wav" is 8-bit: sounds are sold as 16-, 24- or 32-bit WAV.' },
          { path: 'Kit/notes.wav', reason: '"Kit/notes.wav" is text, not audio: upload a WAV, AIFF or FLAC file.' },
        ],
      },
    ]);
    // Nothing half-written: only the good files are stored, the room and the zip's bytes are let go.
    expect(await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.packId, pack.id))).toHaveLength(2);
    expect(await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.uploadId, uploadId))).toEqual([]);
    expect(await t.ctx.storage.head(`zip-imports/${importId}`)).toBeNull();
  });

  it('refuses a whole zip whose entry turns out hostile while it is unpacked, keeping none of it', async () => {
    const pack = await newPack('Liar');
    const zip = rawZip([
      { name: 'Liar/Kick.wav', data: toneWav(60, 0.3) },
      // Its header says 1,000 bytes; it inflates to far more (a bomb that lies about its size).
      { name: 'Liar/Pad.wav', data: toneWav(220, 2), deflate: true, declaredSize: 1000 },
    ]);
    const res = await upload(pack.id, 'Liar.zip', zip);
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.jobs.drain();
    const after = await openPack(pack.id);
    expect(after.zip_imports[0]).toMatchObject({ state: 'refused', imported: 0, error: expect.stringMatching(/^This zip cannot be used: "Liar\/Pad\.wav" could not be unpacked/) });
    expect(after.items).toEqual([]);
    expect(await t.ctx.db.select().from(files).where(eq(files.packId, pack.id))).toEqual([]);
  });

  it('refuses a zip whose pack went to review before it was unpacked, keeping none of it', async () => {
    const pack = await newPack('Too Late');
    const res = await upload(pack.id, 'Late.zip', rawZip([{ name: 'Kick.wav', data: toneWav(60, 0.3) }]));
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.awaitingApproval }).where(eq(packs.id, pack.id));
    await t.ctx.jobs.drain();
    const after = await openPack(pack.id);
    expect(after.zip_imports[0]).toMatchObject({ state: 'refused', imported: 0, error: expect.stringMatching(/review|approval/i) });
    expect(await t.ctx.db.select().from(files).where(eq(files.packId, pack.id))).toEqual([]);
  });

  it('marks a duplicate, blocks submission until it is removed, then submits (0 → 1)', async () => {
    const pack = await newPack('Doubles');
    const kick = toneWav(70, 0.4);
    await upload(pack.id, 'Kick One.wav', kick);
    await upload(pack.id, 'Kick Two.wav', kick);
    await upload(pack.id, 'cover.png', await png());
    let state = await openPack(pack.id);
    const twin = state.files.find((f) => f.path === 'Kick Two.wav')!;
    expect(state.files.find((f) => f.path === 'Kick One.wav')).toMatchObject({ problem: null });
    expect(twin).toMatchObject({ problem: 'duplicate', problem_message: 'Same audio as "Kick One.wav": remove one of them.' });
    expect(state.next_action).toBe('fix-files');
    const blocked = await call(t, 'POST', `/api/studio/packs/${pack.id}/submit`, undefined, { cookie: owner.cookie });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toMatch(/1 file has a problem/);

    expect((await call(t, 'DELETE', `/api/studio/packs/${pack.id}/files/${twin.id}`, undefined, { cookie: collaborator.cookie })).statusCode).toBe(403);
    state = (await call(t, 'DELETE', `/api/studio/packs/${pack.id}/files/${twin.id}`, undefined, { cookie: owner.cookie })).json() as StudioPack;
    expect(state.files.map((f) => f.path).sort()).toEqual(['Kick One.wav', 'cover.png']);
    expect(state.items.map((i) => i.name)).toEqual(['Kick One']);

    const listening = await call(t, 'POST', `/api/studio/packs/${pack.id}/submit`, undefined, { cookie: owner.cookie });
    expect(listening.statusCode).toBe(409);
    expect(listening.json().error.message).toMatch(/A sound is still being listened to for kind, tempo and key/);
    await t.ctx.jobs.drain();
    const sent = await call(t, 'POST', `/api/studio/packs/${pack.id}/submit`, undefined, { cookie: owner.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: PACK_STATUS.awaitingApproval, next_action: 'wait-review' });
    // Under review: no more files, no changes.
    expect((await upload(pack.id, 'Late.wav', toneWav(90))).statusCode).toBe(409);
    expect((await call(t, 'PATCH', `/api/studio/packs/${pack.id}`, { title: 'Changed' }, { cookie: owner.cookie })).statusCode).toBe(409);
  });

  it('saves the sounds table in one go, naming the row that is wrong', async () => {
    const pack = await newPack('Table');
    await upload(pack.id, 'One.wav', toneWav(100));
    await upload(pack.id, 'Two.wav', toneWav(200));
    const { items } = await openPack(pack.id);
    const [one, two] = items;
    const bad = await call(t, 'PATCH', `/api/studio/packs/${pack.id}/items`, { items: [{ id: one!.id, bpm: 90 }, { id: two!.id, plugin: 'Serum' }] }, { cookie: owner.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ field: 'items.1.plugin', message: '"Two" is a sample: only presets target a plugin.' });
    expect((await openPack(pack.id)).items[0]!.bpm).toBeNull();
    const saved = await call(t, 'PATCH', `/api/studio/packs/${pack.id}/items`, { items: [{ id: one!.id, bpm: 90, key: 'A minor', tags: ['Dusty '] }, { id: two!.id, name: 'Second', kind: 'Loop', credit_cost: 3 }] }, { cookie: owner.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as StudioPack).items).toEqual([expect.objectContaining({ bpm: 90, key: 'A minor', tags: ['dusty'] }), expect.objectContaining({ name: 'Second', kind: 'Loop', credit_cost: 3 })]);
  });

  it("keeps packs, uploads and studio views to their creator: collaborators read, others are refused", async () => {
    const pack = await newPack('Private');
    expect((await openPack(pack.id)).abilities).toEqual({ edit: true, submit: true, split: true, withdraw: true });
    expect((await openPack(pack.id, collaborator)).abilities).toEqual({ edit: false, submit: false, split: false, withdraw: false });
    expect((await call(t, 'GET', `/api/studio/packs/${pack.id}`, undefined, { cookie: otherCreator.cookie })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/studio/packs/${pack.id}`, undefined, { cookie: subscriber.cookie })).statusCode).toBe(403);
    expect((await upload(pack.id, 'Kick.wav', toneWav(), otherCreator)).statusCode).toBe(404);
    expect((await upload(pack.id, 'Kick.wav', toneWav(), collaborator)).statusCode).toBe(403);
    const listed = (await call(t, 'GET', '/api/studio/packs', undefined, { cookie: collaborator.cookie })).json() as { items: { id: string; abilities: { edit: boolean } }[] };
    expect(listed.items.find((p) => p.id === pack.id)).toMatchObject({ abilities: { edit: false, submit: false, split: false, withdraw: false } });
    expect(((await call(t, 'GET', '/api/studio/packs', undefined, { cookie: otherCreator.cookie })).json() as { items: unknown[] }).items).toEqual([]);

    // Someone else's upload id is not there for them.
    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Mine.wav' }, 1000);
    // Same-origin only: no CORS header invites another site to read upload answers.
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const location = created.headers.location as string;
    expect((await tusHead(t, otherCreator.cookie, location)).statusCode).toBe(404);
    expect((await tusPatch(t, otherCreator.cookie, location, 0, Buffer.alloc(1000))).statusCode).toBe(404);
    expect((await tusHead(t, owner.cookie, location)).statusCode).toBe(200);
  });

  it('pages the dashboard list newest change first', async () => {
    const user = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, user.id);
    for (let i = 0; i < 5; i++) await createPack(t.ctx, creator.id, { title: `P${i}`, status: PACK_STATUS.draft, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 1)) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(t, 'GET', `/api/studio/packs?limit=2${cursor ? `&cursor=${cursor}` : ''}`, undefined, { cookie: user.cookie });
      const page = res.json() as { items: { title: string }[]; next_cursor: string | null };
      seen.push(...page.items.map((p) => p.title));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
  });

  it('manages collaborators: lists them, removes one (their role goes with the last link), withdraws invites', async () => {
    const creatorUser = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, creatorUser.id);
    const helper = await createUser(t.ctx, { roles: ['collaborator'], name: 'Helper' });
    await addCollaborator(t.ctx, creator.id, helper.id);
    const invited = await call(t, 'POST', '/api/creator/invites', { email: 'friend@example.com' }, { cookie: creatorUser.cookie });
    expect(invited.statusCode, invited.body).toBe(201);
    const team = (await call(t, 'GET', '/api/creator/collaborators', undefined, { cookie: creatorUser.cookie })).json() as Collaborators;
    expect(team.collaborators).toEqual([expect.objectContaining({ user_id: helper.id, name: 'Helper', email: helper.email })]);
    expect(team.invites).toEqual([expect.objectContaining({ email: 'friend@example.com' })]);

    expect((await call(t, 'DELETE', `/api/creator/collaborators/${helper.id}`, undefined, { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/creator/invites/${team.invites[0]!.id}`, undefined, { cookie: owner.cookie })).statusCode).toBe(404);
    const removed = await call(t, 'DELETE', `/api/creator/collaborators/${helper.id}`, undefined, { cookie: creatorUser.cookie });
    expect((removed.json() as Collaborators).collaborators).toEqual([]);
    const roles = await t.ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, helper.id));
    expect(roles.map((r) => r.role)).not.toContain('collaborator');
    const withdrawn = await call(t, 'DELETE', `/api/creator/invites/${team.invites[0]!.id}`, undefined, { cookie: creatorUser.cookie });
    expect((withdrawn.json() as Collaborators).invites).toEqual([]);
  });

  it('lets nothing be half-written when the pack leaves draft between creating and finishing an upload', async () => {
    const pack = await newPack('Raced');
    const bytes = toneWav(300);
    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Raced.wav' }, bytes.length);
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.awaitingApproval }).where(eq(packs.id, pack.id));
    const res = await tusPatch(t, owner.cookie, created.headers.location as string, 0, bytes);
    expect(res.statusCode).toBe(409);
    expect(await t.ctx.db.select().from(files).where(eq(files.packId, pack.id))).toEqual([]);
  });
});
