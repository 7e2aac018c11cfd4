import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLISTS_MAX } from '@crate/contract/library';
import { userPlaylists } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** A user's playlists are answered as one list, so how many one account keeps is capped. */
describe(`playlist cap on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`creates up to ${PLAYLISTS_MAX} playlists, then answers 409 naming the limit; concurrent creations cannot pass it`, async () => {
    const user = await createUser(t.ctx);
    await t.ctx.db.insert(userPlaylists).values(Array.from({ length: PLAYLISTS_MAX - 2 }, (_, i) => ({ userId: user.id, name: `Mix ${i}` })));
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(t, 'POST', '/api/playlists', { name: `Race ${i}` }, { cookie: user.cookie })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', field: 'name' });
    expect(refused.json().error.message).toContain(String(PLAYLISTS_MAX));
    const list = await call(t, 'GET', '/api/playlists', undefined, { cookie: user.cookie });
    expect(list.json()).toHaveLength(PLAYLISTS_MAX);
    // Deleting one makes room again.
    expect((await call(t, 'DELETE', `/api/playlists/${list.json()[0].id}`, undefined, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/playlists', { name: 'Room again' }, { cookie: user.cookie })).statusCode).toBe(201);
  });
});
