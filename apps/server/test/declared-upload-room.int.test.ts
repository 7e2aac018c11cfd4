import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes, STUDIO_LIMITS } from '@crate/contract/studio-limits';
import type { StudioPack } from '@crate/contract/studio-packs';
import { files, uploadReservations } from '../src/db/schema/index.ts';
import { releaseExpiredUploadRoom } from '../src/features/studio-packs/upload-room.ts';
import { call } from './auth-helpers.ts';
import { createCreator } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { toneWav, tusCreate, tusDelete, tusPatch } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const GB = 1024 ** 3;

/**
 * Declared sizes are reserved (issue 26, finding 9; docs/decisions/0032): an upload holds its declared size
 * against its pack's and its creator's room from the moment it is created, so five 4 GB uploads cannot be
 * opened in one 4 GB pack; it gives the room back when it is finished (its files count instead), cancelled
 * or expired; and a creator has at most STUDIO_LIMITS.openUploadsMax uploads open at once.
 */
describe(`declared upload sizes are reserved, on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newCreator = async () => {
    const user = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, user.id);
    return { user, creatorId: creator.id };
  };
  const newPack = async (user: TestUser) => ((await call(t, 'POST', '/api/studio/packs', { title: `Pack ${randomUUID().slice(0, 6)}`, genres: ['trap'] }, { cookie: user.cookie })).json() as StudioPack).id;
  const open = (user: TestUser, packId: string, relativePath: string, size: number) => tusCreate(t, user.cookie, { packId, relativePath }, size);
  const reservationsOf = (creatorId: string) => t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.creatorId, creatorId));

  it('refuses a second 4 GB upload into a 4 GB pack with a message the studio shows, and takes it once the first is cancelled', async () => {
    const { user, creatorId } = await newCreator();
    const packId = await newPack(user);
    const first = await open(user, packId, 'Whole Pack.zip', 4 * GB);
    expect(first.statusCode, first.body).toBe(201);
    for (let n = 2; n <= 5; n++) {
      const refused = await open(user, packId, `Whole Pack ${n}.zip`, 4 * GB);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        error: {
          code: 'PAYLOAD_TOO_LARGE',
          message: `A pack is at most 4 GB: this one holds 0 bytes and uploads in progress hold 4 GB more, so "Whole Pack ${n}.zip" (4 GB) does not fit. Finish or cancel an upload in progress, or remove files from the pack.`,
          field: 'file',
          requestId: expect.any(String),
        },
      });
    }
    expect(await reservationsOf(creatorId)).toEqual([expect.objectContaining({ packId, bytes: 4 * GB, files: 1 })]);

    expect((await tusDelete(t, user.cookie, first.headers.location as string)).statusCode).toBe(204);
    expect(await reservationsOf(creatorId)).toEqual([]);
    expect((await open(user, packId, 'Whole Pack 6.zip', 4 * GB)).statusCode).toBe(201);
  });

  it('counts a finished upload once, as its file: the room it reserved becomes the file’s, not both', async () => {
    const { user, creatorId } = await newCreator();
    const packId = await newPack(user);
    const wav = toneWav(330, 0.3);
    // The pack's room less one and a half of this file: the file fits beside the big zip, a second copy does not.
    const big = await open(user, packId, 'Most of it.zip', STUDIO_LIMITS.packMaxBytes - Math.floor(wav.length * 1.5));
    expect(big.statusCode, big.body).toBe(201);
    const kick = await open(user, packId, 'Kick.wav', wav.length);
    expect(kick.statusCode, kick.body).toBe(201);
    expect((await open(user, packId, 'Snare.wav', wav.length)).statusCode).toBe(413);

    const finished = await tusPatch(t, user.cookie, kick.headers.location as string, 0, wav);
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await reservationsOf(creatorId)).map((r) => r.bytes)).toEqual([STUDIO_LIMITS.packMaxBytes - Math.floor(wav.length * 1.5)]);
    expect((await t.ctx.db.select({ size: files.size }).from(files).where(eq(files.packId, packId))).map((f) => f.size)).toEqual([wav.length]);
    // Still no room for a second copy — and not refused twice over either: the big zip's cancellation frees it.
    expect((await open(user, packId, 'Snare.wav', wav.length)).statusCode).toBe(413);
    expect((await tusDelete(t, user.cookie, big.headers.location as string)).statusCode).toBe(204);
    expect((await open(user, packId, 'Snare.wav', wav.length)).statusCode).toBe(201);
  });

  it(`refuses upload number ${STUDIO_LIMITS.openUploadsMax + 1} while ${STUDIO_LIMITS.openUploadsMax} are open, across packs; finishing or cancelling one makes room`, async () => {
    const { user, creatorId } = await newCreator();
    const packs = [await newPack(user), await newPack(user)];
    const wav = toneWav(440, 0.2);
    const opened: string[] = [];
    for (let n = 0; n < STUDIO_LIMITS.openUploadsMax; n++) {
      const res = await open(user, packs[n % 2]!, `Hit ${n}.wav`, wav.length);
      expect(res.statusCode, res.body).toBe(201);
      opened.push(res.headers.location as string);
    }
    const over = await open(user, packs[0]!, 'One more.wav', wav.length);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: {
        code: 'TOO_MANY_OPEN_UPLOADS',
        message: `You have ${STUDIO_LIMITS.openUploadsMax} uploads open, the most at once: finish or cancel one, then send "One more.wav" again (an unfinished upload is let go a week after it started).`,
        field: 'file',
        requestId: expect.any(String),
      },
    });

    expect((await tusPatch(t, user.cookie, opened[0]!, 0, wav)).statusCode).toBe(200);
    expect((await open(user, packs[0]!, 'One more.wav', wav.length)).statusCode).toBe(201);
    expect((await open(user, packs[0]!, 'And another.wav', wav.length)).statusCode).toBe(409);
    expect((await tusDelete(t, user.cookie, opened[1]!)).statusCode).toBe(204);
    expect((await open(user, packs[0]!, 'And another.wav', wav.length)).statusCode).toBe(201);
    expect(await reservationsOf(creatorId)).toHaveLength(STUDIO_LIMITS.openUploadsMax);
  });

  it('gives back the room of an upload that was refused when it finished', async () => {
    const { user, creatorId } = await newCreator();
    const packId = await newPack(user);
    const text = Buffer.from('not audio at all, only words '.repeat(40));
    const created = await open(user, packId, 'Fake.wav', text.length);
    const refused = await tusPatch(t, user.cookie, created.headers.location as string, 0, text);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await reservationsOf(creatorId)).toEqual([]);
  });

  it("holds a creator's declared sizes against their whole allowance, across packs", async () => {
    const { user, creatorId } = await newCreator();
    const [packA, packB] = [await newPack(user), await newPack(user)];
    // What they stored before: all of their allowance but 3 GB (the bytes are never read, only counted).
    await t.ctx.db.insert(files).values({ storageKey: `test/${randomUUID()}`, packId: await newPack(user), size: STUDIO_LIMITS.creatorMaxBytes - 3 * GB, kind: 'Sample audio' });
    expect((await open(user, packA, 'Two.zip', 2 * GB)).statusCode).toBe(201);
    const refused = await open(user, packB, 'Two more.zip', 2 * GB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(
      `Your uploads may take at most ${formatBytes(STUDIO_LIMITS.creatorMaxBytes)}: you use ${formatBytes(STUDIO_LIMITS.creatorMaxBytes - 3 * GB)} and uploads in progress hold 2 GB more, so "Two more.zip" (2 GB) does not fit. Write to us for more room.`,
    );
    expect(await reservationsOf(creatorId)).toHaveLength(1);
  });

  it('lets an expired upload’s reservation go: it counts no more, and the sweep removes it', async () => {
    const { user, creatorId } = await newCreator();
    const packId = await newPack(user);
    expect((await open(user, packId, 'Abandoned.zip', 4 * GB)).statusCode).toBe(201);
    await t.ctx.db.update(uploadReservations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(uploadReservations.creatorId, creatorId));
    expect((await open(user, packId, 'Again.zip', 4 * GB)).statusCode).toBe(201);
    await releaseExpiredUploadRoom(t.ctx);
    expect((await reservationsOf(creatorId)).map((r) => r.bytes)).toEqual([4 * GB]);
  });

  it('lets only one of five concurrent 4 GB uploads into one pack', async () => {
    const { user, creatorId } = await newCreator();
    const packId = await newPack(user);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => open(user, packId, `Race ${n}.zip`, 4 * GB)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413, 413, 413, 413]);
    expect(await reservationsOf(creatorId)).toHaveLength(1);
  });
});
