import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLISTS_MAX } from '@crate/contract/library';
import { userPlaylists } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** How many playlists one account keeps is capped, and the list of them is answered a page at a time. */
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
    const firstPage = (await call(t, 'GET', '/api/playlists?limit=100', undefined, { cookie: user.cookie })).json();
    expect(firstPage.items).toHaveLength(100);
    expect(firstPage.next_cursor).toEqual(expect.any(String));
    // Deleting one makes room again.
    expect((await call(t, 'DELETE', `/api/playlists/${firstPage.items[0].id}`, undefined, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/playlists', { name: 'Room again' }, { cookie: user.cookie })).statusCode).toBe(201);
  });

  it('pages through every playlist once, most recently changed first, even when several changed in the same instant', async () => {
    const user = await createUser(t.ctx);
    const sameInstant = new Date('2026-05-01T12:00:00.123456Z');
    await t.ctx.db.insert(userPlaylists).values(Array.from({ length: 9 }, (_, i) => ({ userId: user.id, name: `Same ${i}`, updatedAt: sameInstant })));
    await t.ctx.db.insert(userPlaylists).values(Array.from({ length: 8 }, (_, i) => ({ userId: user.id, name: `Day ${i}`, updatedAt: new Date(Date.UTC(2026, 4, 2 + i)) })));
    const seen: { name: string; updated_at: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: { name: string; updated_at: string }[]; next_cursor: string | null } = (await call(t, 'GET', `/api/playlists?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, undefined, { cookie: user.cookie })).json();
      seen.push(...page.items);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(17);
    expect(new Set(seen.map((p) => p.name)).size).toBe(17);
    expect(seen.slice(0, 8).map((p) => p.name)).toEqual(['Day 7', 'Day 6', 'Day 5', 'Day 4', 'Day 3', 'Day 2', 'Day 1', 'Day 0']);
    // Another user's list is theirs alone.
    const other = await createUser(t.ctx);
    expect((await call(t, 'GET', '/api/playlists', undefined, { cookie: other.cookie })).json()).toEqual({ items: [], next_cursor: null });
  });

  it('refuses a malformed cursor or limit with 400 naming the field', async () => {
    const user = await createUser(t.ctx);
    const badCursor = await call(t, 'GET', '/api/playlists?cursor=not-a-cursor', undefined, { cookie: user.cookie });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.field).toBe('cursor');
    const badLimit = await call(t, 'GET', '/api/playlists?limit=1000', undefined, { cookie: user.cookie });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error.field).toBe('limit');
  });
});
