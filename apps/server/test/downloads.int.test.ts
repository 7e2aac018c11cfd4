import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { downloads, items, packs } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { call } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** Entries of a zip as name → bytes, read back with yauzl (a different library than the one that wrote it). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe(`downloads on ${TEST_DB}`, () => {
  let t: TestApp;
  let creatorId: string;
  let creatorUser: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    creatorUser = await createUser(t.ctx, { roles: ['creator'] });
    creatorId = (await createCreator(t.ctx, creatorUser.id, { name: 'Night Shift Audio' })).id;
  });
  afterAll(() => t.close());

  const download = (url: string, user: TestUser | null, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });

  /** A published pack whose sounds each have an original file of random bytes (and the first a stem). */
  async function packWithFiles(count: number, overrides: { isFree?: boolean; title?: string } = {}) {
    const pack = await createPack(t.ctx, creatorId, { title: overrides.title ?? 'Night Drums', status: PACK_STATUS.published });
    const sounds = await createItems(t.ctx, pack, count, { creditCost: 1, isFree: overrides.isFree ?? false });
    const originals = new Map<string, Buffer>();
    for (const [index, sound] of sounds.entries()) {
      const bytes = randomBytes(50_000 + index);
      const file = await createFileFromUpload(t.ctx, { body: bytes, originalName: `take_${index}.wav`, contentType: 'audio/wav', kind: 'Sample audio', packId: pack.id, itemId: sound.id, ownerUserId: creatorUser.id });
      await t.ctx.db.update(items).set({ audioFileId: file.id, name: `Kick ${index + 1}` }).where(eq(items.id, sound.id));
      originals.set(sound.id, bytes);
    }
    const stem = randomBytes(1234);
    await createFileFromUpload(t.ctx, { body: stem, originalName: 'kick_sub.wav', contentType: 'audio/wav', kind: 'Stem audio', packId: pack.id, itemId: sounds[0]!.id, ownerUserId: creatorUser.id });
    return { pack, sounds, originals, stem };
  }

  async function buyer(credits = 10) {
    const user = await createUser(t.ctx, { name: 'Dana Producer' });
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: credits, reason: 'plan', idempotencyKey: `grant:${randomUUID()}`, expiresAt: null });
    return user;
  }
  const get = (user: TestUser, target: 'item' | 'pack', id: string) => call(t, 'POST', '/api/acquisitions', { target, id, idempotency_key: randomUUID() }, { cookie: user.cookie });

  it('gives an owner the original file as an attachment named after the sound, and records the download', async () => {
    const { sounds, originals } = await packWithFiles(1);
    const user = await buyer();
    expect((await get(user, 'item', sounds[0]!.id)).statusCode).toBe(200);

    const res = await download(`/api/downloads/items/${sounds[0]!.id}`, user);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(originals.get(sounds[0]!.id)!)).toBe(true);
    expect(res.headers['content-disposition']).toContain('Kick 1.wav');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const history = (await call(t, 'GET', '/api/library/downloads', undefined, { cookie: user.cookie })).json();
    expect(history.items).toEqual([expect.objectContaining({ item_id: sounds[0]!.id, item_name: 'Kick 1', pack_title: 'Night Drums' })]);
  });

  it("gives a preset's owner the preset file, not its preview audio", async () => {
    const pack = await createPack(t.ctx, creatorId, { title: 'Serum Bank', status: PACK_STATUS.published });
    const [preset] = await createItems(t.ctx, pack, 1, { type: 'preset', plugin: 'Serum', name: 'Supersaw Lead', creditCost: 1 });
    const sheet = Buffer.from(JSON.stringify({ plugin: 'Serum', osc: 'saw' }));
    const presetFile = await createFileFromUpload(t.ctx, { body: sheet, originalName: 'Serum - Supersaw Lead.json', contentType: 'application/json', kind: 'Preset', packId: pack.id, itemId: preset!.id });
    const preview = await createFileFromUpload(t.ctx, { body: randomBytes(3000), originalName: 'preview.wav', contentType: 'audio/wav', kind: 'Preset preview audio', packId: pack.id, itemId: preset!.id });
    await t.ctx.db.update(items).set({ presetFileId: presetFile.id, audioFileId: preview.id }).where(eq(items.id, preset!.id));
    const user = await buyer();
    await get(user, 'item', preset!.id);
    const res = await download(`/api/downloads/items/${preset!.id}`, user);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(sheet)).toBe(true);
    expect(res.headers['content-disposition']).toContain('Supersaw Lead.json');
  });

  it('answers byte ranges with exactly those bytes, records only a download from the first byte, and refuses a range past the end', async () => {
    const { sounds, originals } = await packWithFiles(1);
    const user = await buyer();
    await get(user, 'item', sounds[0]!.id);
    const original = originals.get(sounds[0]!.id)!;
    const part = await download(`/api/downloads/items/${sounds[0]!.id}`, user, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(original.subarray(1000, 2000))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${original.length}`);
    const rows = await t.ctx.db.select().from(downloads).where(eq(downloads.userId, user.id));
    expect(rows).toHaveLength(0);
    expect((await download(`/api/downloads/items/${sounds[0]!.id}`, user, { range: `bytes=${original.length + 10}-` })).statusCode).toBe(416);
  });

  it('records a download by what the answer sends, for every spelling of Range: the whole file or a range from byte 0 is recorded; a resumed range, HEAD, 304 and 416 are not', async () => {
    const { sounds, originals } = await packWithFiles(1);
    const user = await buyer();
    await get(user, 'item', sounds[0]!.id);
    const url = `/api/downloads/items/${sounds[0]!.id}`;
    const size = originals.get(sounds[0]!.id)!.length;
    const etag = (await download(url, user)).headers.etag as string;
    const count = async () => (await t.ctx.db.select().from(downloads).where(eq(downloads.userId, user.id))).length;
    // [request headers, status, bytes sent, recorded]
    const cases: [Record<string, string>, number, number, boolean][] = [
      [{}, 200, size, true],
      [{ range: 'bytes=0-' }, 206, size, true],
      [{ range: 'bytes=0-99' }, 206, 100, true],
      [{ range: 'bytes=1000-1999' }, 206, 1000, false],
      [{ range: 'bytes=-100' }, 206, 100, false],
      [{ range: 'bytes=9-0' }, 416, 0, false],
      [{ range: 'bytes=a-b' }, 416, 0, false],
      [{ range: 'bytes=-' }, 416, 0, false],
      [{ range: 'bytes=0-10,x' }, 416, 0, false],
      [{ range: `bytes=${size + 10}-` }, 416, 0, false],
      [{ range: 'items=0-' }, 200, size, true],
      [{ range: 'bytes 0-10' }, 200, size, true],
      [{ range: 'bytes=0-10,20-30' }, 200, size, true],
      [{ range: 'bytes=1000-', 'if-range': '"stale"' }, 200, size, true],
      [{ 'if-none-match': etag }, 304, 0, false],
    ];
    for (const [headers, status, bytes, recorded] of cases) {
      const before = await count();
      const res = await download(url, user, headers);
      const at = `${JSON.stringify(headers)}: ${res.statusCode}`;
      expect(res.statusCode, at).toBe(status);
      if (status < 300) expect(res.rawPayload.length, at).toBe(bytes);
      if (status === 416) expect(res.json(), at).toMatchObject({ error: { code: 'RANGE_NOT_SATISFIABLE' } });
      expect((await count()) - before, at).toBe(recorded ? 1 : 0);
    }
    const before = await count();
    const head = await t.app.inject({ method: 'HEAD', url, headers: { cookie: user.cookie } });
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, String(size)]);
    const packHead = await t.app.inject({ method: 'HEAD', url: `/api/downloads/packs/${sounds[0]!.packId}`, headers: { cookie: user.cookie } });
    expect([packHead.statusCode, packHead.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(await count()).toBe(before);
  });

  it('refuses another user, a visitor, and an unowned paid sound; lets anyone signed in take a free one; keeps a taken-down sound for its owner', async () => {
    const paid = await packWithFiles(2);
    const free = await packWithFiles(1, { isFree: true, title: 'Free Hits' });
    const owner = await buyer();
    const other = await buyer();
    await get(owner, 'item', paid.sounds[0]!.id);
    const url = `/api/downloads/items/${paid.sounds[0]!.id}`;

    expect((await download(url, null)).statusCode).toBe(401);
    expect((await download(url, other)).statusCode).toBe(403); // they may read the sound, not download it
    expect((await download(`/api/downloads/items/${paid.sounds[1]!.id}`, owner)).statusCode).toBe(403);
    expect((await download(`/api/downloads/items/${free.sounds[0]!.id}`, other)).statusCode).toBe(200);
    expect((await download(`/api/downloads/items/${randomUUID()}`, owner)).statusCode).toBe(404);

    // Taken down, or its pack archived: what was got stays downloadable for the owner, and the sound stays hidden from everyone else.
    await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, paid.sounds[0]!.id));
    expect((await download(url, owner)).statusCode).toBe(200);
    expect((await download(url, other)).statusCode).toBe(404);
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.archived }).where(eq(packs.id, paid.pack.id));
    expect((await download(url, owner)).statusCode).toBe(200);
  });

  it('zips the sounds an owner has in a pack, with their stems and a licence list, and nothing they do not own', async () => {
    const { pack, sounds, originals, stem } = await packWithFiles(3, { title: 'Night/Drums: Vol 1' });
    const user = await buyer();
    await get(user, 'item', sounds[0]!.id);
    await get(user, 'item', sounds[2]!.id);

    const res = await download(`/api/downloads/packs/${pack.id}`, user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.rawPayload);
    const folder = 'Night-Drums_ Vol 1';
    const names = [...entries.keys()].sort();
    expect(names.filter((n) => !n.includes('/Licences/'))).toEqual([`${folder}/01 Kick 1 - Stem audio/kick_sub.wav`, `${folder}/01 Kick 1.wav`, `${folder}/02 Kick 3.wav`]);
    const certificates = names.filter((n) => n.includes('/Licences/'));
    expect(certificates).toEqual([expect.stringMatching(new RegExp(`^${folder}/Licences/01 Kick 1 - CRT-[0-9A-Z-]+\\.pdf$`)), expect.stringMatching(/\/Licences\/02 Kick 3 - CRT-/)]);
    expect(entries.get(`${folder}/01 Kick 1.wav`)!.equals(originals.get(sounds[0]!.id)!)).toBe(true);
    expect(entries.get(`${folder}/02 Kick 3.wav`)!.equals(originals.get(sounds[2]!.id)!)).toBe(true);
    expect(entries.get(`${folder}/01 Kick 1 - Stem audio/kick_sub.wav`)!.equals(stem)).toBe(true);
    expect(entries.get(certificates[0]!)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(names.some((n) => n.includes('Kick 2'))).toBe(false);
    // Each sound's original counts as a download of it.
    const rows = await t.ctx.db.select().from(downloads).where(eq(downloads.userId, user.id));
    expect(rows.map((r) => r.itemId).sort()).toEqual([sounds[0]!.id, sounds[2]!.id].sort());

    const stranger = await buyer();
    expect((await download(`/api/downloads/packs/${pack.id}`, stranger)).statusCode).toBe(404);
    expect((await download(`/api/downloads/packs/${pack.id}`, null)).statusCode).toBe(401);
  });

  it('lets anyone verify a certificate by its number without the holder’s e-mail, and only its holder download the PDF', async () => {
    const { sounds } = await packWithFiles(1, { title: 'Certified Drums' });
    const holder = await buyer();
    await get(holder, 'item', sounds[0]!.id);
    const number = (await call(t, 'GET', '/api/library/owned', undefined, { cookie: holder.cookie })).json().items[0].certificate_number as string;

    const verified = await download(`/api/licences/${number}`, null);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ certificate_number: number, valid: true, licence_type: 'Royalty-Free', holder_name: 'Dana Producer', licensor_name: 'Night Shift Audio', item: { name: 'Kick 1', pack_title: 'Certified Drums' } });
    expect(verified.body).not.toContain(holder.email);
    // Typed in lower case, it is the same certificate; a malformed or unknown number is refused.
    expect((await download(`/api/licences/${number.toLowerCase()}`, null)).json().certificate_number).toBe(number);
    expect((await download('/api/licences/CRT-0000', null)).statusCode).toBe(400);
    expect((await download('/api/licences/CRT-0000-0000-0000', null)).statusCode).toBe(404);

    const pdf = await download(`/api/licences/${number}/pdf`, holder);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(`/api/licences/${number}/pdf`, await buyer())).statusCode).toBe(404);
    expect((await download(`/api/licences/${number}/pdf`, null)).statusCode).toBe(401);
  });
});

describe(`downloads from S3 on ${TEST_DB}`, () => {
  let t: TestApp;
  let s3: S3rver;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'crate-s3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'crate-downloads', configs: [] }] });
    const { port } = await s3.run();
    t = await createTestApp({ storage: { kind: 's3', endpoint: `http://127.0.0.1:${port}`, bucket: 'crate-downloads', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true } });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("sends an owner to a short-lived signed URL of the store, named after the sound, and records the download; others are refused before any URL is made", async () => {
    const maker = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, maker.id, { name: 'Cloud Audio' });
    const pack = await createPack(t.ctx, creator.id, { status: PACK_STATUS.published });
    const [sound] = await createItems(t.ctx, pack, 1, { creditCost: 1, name: 'Cloud Kick' });
    const bytes = randomBytes(20_000);
    const file = await createFileFromUpload(t.ctx, { body: bytes, originalName: 'cloud.wav', contentType: 'audio/wav', kind: 'Sample audio', packId: pack.id, itemId: sound!.id });
    await t.ctx.db.update(items).set({ audioFileId: file.id }).where(eq(items.id, sound!.id));
    const owner = await createUser(t.ctx);
    await addCredits(t.ctx.db, { userId: owner.id, kind: 'grant', amount: 5, reason: 'plan', idempotencyKey: `grant:${randomUUID()}`, expiresAt: null });
    expect((await call(t, 'POST', '/api/acquisitions', { target: 'item', id: sound!.id, idempotency_key: randomUUID() }, { cookie: owner.cookie })).statusCode).toBe(200);

    const res = await t.app.inject({ url: `/api/downloads/items/${sound!.id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/X-Amz-Expires=60/);
    const fetched = await fetch(location);
    expect(fetched.headers.get('content-disposition')).toContain('Cloud Kick.wav');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await t.ctx.db.select().from(downloads).where(eq(downloads.userId, owner.id))).toHaveLength(1);

    const stranger = await createUser(t.ctx);
    const refused = await t.app.inject({ url: `/api/downloads/items/${sound!.id}`, headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.location).toBeUndefined();

    // What the store will send is decided here too, and recorded by it: a malformed range is a 416 before any URL.
    const count = async () => (await t.ctx.db.select().from(downloads).where(eq(downloads.userId, owner.id))).length;
    for (const [range, status, recorded] of [['bytes=9-0', 416, false], ['items=0-', 302, true], ['bytes=100-', 302, false], ['bytes=0-99', 302, true]] as const) {
      const before = await count();
      const res = await t.app.inject({ url: `/api/downloads/items/${sound!.id}`, headers: { cookie: owner.cookie, range } });
      expect([range, res.statusCode, (await count()) - before]).toEqual([range, status, recorded ? 1 : 0]);
    }
  });
});
