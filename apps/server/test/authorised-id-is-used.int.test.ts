import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioPack, UploadResult } from '@crate/contract/studio-packs';
import { files } from '../src/db/schema/index.ts';
import { call, freshAddress } from './auth-helpers.ts';
import { createCreator } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { toneWav, tusCreate, tusHead, tusPatch, UPLOADS } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * The id that was authorised is the id that is used (issue 26, finding 4; docs/decisions/0032). Fastify
 * checked the id in the path while @tus/server took the last segment of the whole URL, so
 * `/api/studio/uploads/<mine>?x=/<theirs>` read, wrote and deleted another creator's upload. Whatever is
 * appended to or respelled in an upload's address, creator B reaches nothing of creator A's upload, and A's
 * upload finishes with exactly A's bytes.
 */
describe(`the id that was authorised is the id that is used, on ${TEST_DB}`, () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, a.id);
    b = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, b.id);
  });
  afterAll(() => t.close());

  const newPack = async (user: TestUser) => ((await call(t, 'POST', '/api/studio/packs', { title: 'Night Drums', genres: ['trap'] }, { cookie: user.cookie })).json() as StudioPack).id;
  const send = (method: 'HEAD' | 'PATCH' | 'DELETE', url: string, user: TestUser, offset: number) =>
    t.app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', ...(method === 'PATCH' ? { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' } : {}) },
      ...(method === 'PATCH' ? { payload: Buffer.alloc(64, 0x58) } : {}),
    });

  /** Addresses that name B's upload to the router and A's upload to anything reading the URL's end, or A's upload respelled. */
  const tricks = (mine: string, theirs: string) => {
    const respelled = [...theirs].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    return {
      queryString: [`${UPLOADS}/${mine}?x=/${theirs}`, `${UPLOADS}/${mine}?id=${theirs}`, `${UPLOADS}/${mine}?/${theirs}`],
      other: [
        `${UPLOADS}/${mine}%2F${theirs}`,
        `${UPLOADS}/${mine}%2f..%2f${theirs}`,
        `${UPLOADS}/${mine}/${theirs}`,
        `${UPLOADS}/${mine}/`,
        `${UPLOADS}/${mine};/${theirs}`,
        `${UPLOADS}/${mine}/../${theirs}`,
        `${UPLOADS}/${mine}/..%2F${theirs}`,
        `${UPLOADS}/..%2F${theirs}`,
        `${UPLOADS}/${respelled}`,
        `${UPLOADS}/${theirs.toUpperCase()}`,
        `/api/studio/uploads//${theirs}`,
        `//api/studio/uploads/${theirs}`,
        `${UPLOADS}/${theirs}`,
        `${UPLOADS}/${theirs}?`,
      ],
    };
  };

  it("refuses creator B every read, write and delete of creator A's upload however its address is spelled, and A's upload finishes intact", async () => {
    const bytes = toneWav(220, 0.4);
    const half = Math.floor(bytes.length / 2);
    const created = await tusCreate(t, a.cookie, { packId: await newPack(a), relativePath: 'Theirs.wav' }, bytes.length);
    expect(created.statusCode, created.body).toBe(201);
    const theirsAt = created.headers.location as string;
    expect((await tusPatch(t, a.cookie, theirsAt, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    const minePack = await newPack(b);
    const mineAt = (await tusCreate(t, b.cookie, { packId: minePack, relativePath: 'Mine.wav' }, 5000)).headers.location as string;
    const [theirs, mine] = [theirsAt, mineAt].map((location) => location.split('/').pop()!);

    const { queryString, other } = tricks(mine!, theirs!);
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      for (const url of [...queryString, ...other]) {
        const res = await send(method, url, b, half);
        const at = `${method} ${url}: ${res.statusCode} ${res.body}`;
        expect(res.statusCode, at).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, at).toBeLessThan(500);
        expect(res.headers['upload-length'], at).toBeUndefined();
        if (queryString.includes(url)) {
          expect(res.statusCode, at).toBe(400);
          if (method !== 'HEAD') expect(res.json(), at).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'An upload’s address takes no query string: send to the Location the upload was created with.', requestId: expect.any(String) } });
        }
      }
    }

    // A's upload is where A left it, and B's own is untouched by the refused tricks.
    const theirsNow = await tusHead(t, a.cookie, theirsAt);
    expect([theirsNow.statusCode, theirsNow.headers['upload-offset'], theirsNow.headers['upload-length']]).toEqual([200, String(half), String(bytes.length)]);
    const mineNow = await tusHead(t, b.cookie, mineAt);
    expect([mineNow.statusCode, mineNow.headers['upload-offset']]).toEqual([200, '0']);

    // A finishes it, and the pack holds A's bytes exactly.
    const finished = await tusPatch(t, a.cookie, theirsAt, half, bytes.subarray(half));
    expect(finished.statusCode, finished.body).toBe(200);
    const [file] = (finished.json() as UploadResult).files;
    const [row] = await t.ctx.db.select({ storageKey: files.storageKey }).from(files).where(eq(files.id, file!.id));
    const stored = await t.ctx.storage.get(row!.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('refuses a query string on creating an upload too, before anything is reserved', async () => {
    const packId = await newPack(b);
    const res = await t.app.inject({
      method: 'POST',
      url: `${UPLOADS}?x=1`,
      remoteAddress: freshAddress(),
      headers: { cookie: b.cookie, 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': `packId ${Buffer.from(packId).toString('base64')},relativePath ${Buffer.from('Kick.wav').toString('base64')}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'An upload’s address takes no query string: send to the Location the upload was created with.', requestId: expect.any(String) } });
  });
});
