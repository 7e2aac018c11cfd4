import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { MyShares, Split } from '@crate/contract/splits';
import type { StudioPack } from '@crate/contract/studio-packs';
import { auditLog, monthlyPayouts, revenueSplits, revenueSplitShares } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { addCollaborator, createCreator, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`collaborator revenue splits on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: TestUser;
  let creatorId: string;
  const collaborators: TestUser[] = [];
  let outsider: TestUser;
  let otherCreator: TestUser;
  let otherCreatorId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx, { roles: ['creator'], name: 'Owner Olga' });
    creatorId = (await createCreator(t.ctx, owner.id, { name: 'Dusty Tapes' })).id;
    for (let i = 0; i < 6; i++) {
      const user = await createUser(t.ctx, { roles: ['collaborator'], name: `Collab ${i}` });
      await addCollaborator(t.ctx, creatorId, user.id);
      collaborators.push(user);
    }
    outsider = await createUser(t.ctx, { roles: ['subscriber'], name: 'Outsider' });
    otherCreator = await createUser(t.ctx, { roles: ['creator'] });
    otherCreatorId = (await createCreator(t.ctx, otherCreator.id)).id;
    // Nine accounts (each a password hash) on a loaded machine.
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(monthlyPayouts);
  });

  const put = (path: string, shares: unknown, user: TestUser = owner) => call(t, 'PUT', path, { shares }, { cookie: user.cookie });
  const get = (path: string, user: TestUser = owner) => call(t, 'GET', path, undefined, { cookie: user.cookie });
  const splitPath = (packId: string) => `/api/studio/packs/${packId}/split`;
  const newPack = async () => createPack(t.ctx, creatorId, { status: PACK_STATUS.draft });
  const storedShares = async (packId: string | null) => {
    const rows = await t.ctx.db
      .select({ month: revenueSplits.effectiveMonth, userId: revenueSplitShares.userId, bps: revenueSplitShares.bps })
      .from(revenueSplits)
      .innerJoin(revenueSplitShares, eq(revenueSplitShares.splitId, revenueSplits.id))
      .where(packId ? eq(revenueSplits.packId, packId) : and(eq(revenueSplits.creatorId, creatorId)))
      .orderBy(asc(revenueSplits.effectiveMonth), asc(revenueSplitShares.bps));
    return rows;
  };
  const approveMonth = async (month: string, status: 'approved' | 'paid' | 'draft' = 'approved') => {
    await t.ctx.db.insert(monthlyPayouts).values({ month, status });
  };

  it('a pack with no split: the creator takes 100 %, every collaborator can be named, changes apply to every unpaid month', async () => {
    const pack = await newPack();
    const res = await get(splitPath(pack.id));
    expect(res.statusCode, res.body).toBe(200);
    const split = res.json() as Split;
    expect(split).toMatchObject({ effective_month: null, applies_from: '2000-01-01', history: [] });
    expect(split.shares).toEqual([{ user_id: owner.id, name: 'Owner Olga', role: 'creator', bps: 10_000 }]);
    expect(split.collaborators.map((c) => c.user_id).sort()).toEqual(collaborators.map((c) => c.id).sort());
    expect(split.collaborators.find((c) => c.user_id === collaborators[0]!.id)?.name).toBe('Collab 0');
  });

  it('sets a collaborator at 30 %: the creator keeps 70 %, stored with their own row, summing to 10,000, audited', async () => {
    const pack = await newPack();
    const res = await put(splitPath(pack.id), [{ user_id: collaborators[0]!.id, bps: 3000 }]);
    expect(res.statusCode, res.body).toBe(200);
    const split = res.json() as Split;
    expect(split.effective_month).toBe('2000-01-01');
    expect(split.shares).toEqual([
      { user_id: owner.id, name: 'Owner Olga', role: 'creator', bps: 7000 },
      { user_id: collaborators[0]!.id, name: 'Collab 0', role: 'collaborator', bps: 3000 },
    ]);
    expect(split.history).toHaveLength(1);
    expect(await storedShares(pack.id)).toEqual([
      { month: '2000-01-01', userId: collaborators[0]!.id, bps: 3000 },
      { month: '2000-01-01', userId: owner.id, bps: 7000 },
    ]);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'split.pack_set'), eq(auditLog.targetId, pack.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: owner.id, targetType: 'pack', details: { effective_month: '2000-01-01', replaced: false } });
    expect((await get(splitPath(pack.id))).json()).toEqual(split);
  });

  it('a second change for the same month replaces the version (one version, new shares), audited as a replacement', async () => {
    const pack = await newPack();
    expect((await put(splitPath(pack.id), [{ user_id: collaborators[0]!.id, bps: 3000 }])).statusCode).toBe(200);
    const res = await put(splitPath(pack.id), [
      { user_id: collaborators[1]!.id, bps: 2500 },
      { user_id: collaborators[2]!.id, bps: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Split).history).toHaveLength(1);
    expect(await storedShares(pack.id)).toEqual([
      { month: '2000-01-01', userId: collaborators[2]!.id, bps: 1 },
      { month: '2000-01-01', userId: collaborators[1]!.id, bps: 2500 },
      { month: '2000-01-01', userId: owner.id, bps: 7499 },
    ]);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'split.pack_set'), eq(auditLog.targetId, pack.id)));
    expect(audits.map((a) => (a.details as { replaced: boolean }).replaced).sort()).toEqual([false, true]);
    // Back to the creator alone: one row of 10,000.
    expect((await put(splitPath(pack.id), [])).statusCode).toBe(200);
    expect(await storedShares(pack.id)).toEqual([{ month: '2000-01-01', userId: owner.id, bps: 10_000 }]);
    // Everything to one collaborator: no 0 bps row for the creator is stored, and the editor still shows them at 0.
    const all = await put(splitPath(pack.id), [{ user_id: collaborators[1]!.id, bps: 10_000 }]);
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json() as Split).shares.map((s) => [s.role, s.bps])).toEqual([
      ['creator', 0],
      ['collaborator', 10_000],
    ]);
    expect(await storedShares(pack.id)).toEqual([{ month: '2000-01-01', userId: collaborators[1]!.id, bps: 10_000 }]);
  });

  it('a change after an approved month applies from the month after it, and never rewrites the version the approved month used', async () => {
    const pack = await newPack();
    expect((await put(splitPath(pack.id), [{ user_id: collaborators[0]!.id, bps: 3000 }])).statusCode).toBe(200);
    await approveMonth('2026-01-01', 'paid');
    await approveMonth('2026-02-01', 'approved');
    await approveMonth('2026-03-01', 'draft');
    expect(((await get(splitPath(pack.id))).json() as Split).applies_from).toBe('2026-03-01');
    const res = await put(splitPath(pack.id), [{ user_id: collaborators[0]!.id, bps: 4000 }]);
    expect(res.statusCode, res.body).toBe(200);
    const split = res.json() as Split;
    expect(split.effective_month).toBe('2026-03-01');
    expect(split.shares.map((s) => s.bps)).toEqual([6000, 4000]);
    expect(split.history.map((v) => [v.effective_month, v.shares.map((s) => s.bps)])).toEqual([
      ['2026-03-01', [6000, 4000]],
      ['2000-01-01', [7000, 3000]],
    ]);
    expect(await storedShares(pack.id)).toHaveLength(4);
    // December closing the year: the next month is January of the next year.
    await approveMonth('2026-12-01', 'approved');
    expect(((await put(splitPath(pack.id), [])).json() as Split).effective_month).toBe('2027-01-01');
  });

  it.each([
    ['shares adding up to more than 100 %', () => [{ user_id: collaborators[0]!.id, bps: 6000 }, { user_id: collaborators[1]!.id, bps: 5000 }], 'shares', /110\.00 %/],
    ['shares with the creator not adding up to 100 %', () => [{ user_id: owner.id, bps: 5000 }, { user_id: collaborators[0]!.id, bps: 3000 }], 'shares', /80\.00 %: they must add up to exactly 100 %/],
    ['more than five collaborators', () => collaborators.map((c) => ({ user_id: c.id, bps: 100 })), 'shares', /at most 5 collaborators/],
    ['a negative share', () => [{ user_id: collaborators[0]!.id, bps: -500 }], 'shares.0.bps', /more than 0/],
    ['a fractional share', () => [{ user_id: collaborators[0]!.id, bps: 2500.5 }], 'shares.0.bps', /whole number of basis points/],
    ['a share that is not a number', () => [{ user_id: collaborators[0]!.id, bps: '3000' }], 'shares.0.bps', /number/],
    ['a user who is not a collaborator', () => [{ user_id: outsider.id, bps: 1000 }], 'shares.0.user_id', /not one of your collaborators/],
    ['the same collaborator twice', () => [{ user_id: collaborators[0]!.id, bps: 1000 }, { user_id: collaborators[0]!.id, bps: 1000 }], 'shares.1.user_id', /already named/],
    ['an unknown field', () => [{ user_id: collaborators[0]!.id, bps: 1000, percent: 10 }], undefined, /Unknown field/],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_what, shares, field, message) => {
    const pack = await newPack();
    const res = await put(splitPath(pack.id), shares());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.message).toMatch(message);
    if (field) expect(res.json().error.field).toBe(field);
    expect(await storedShares(pack.id)).toEqual([]);
  });

  it("refuses another creator's pack as the studio does (404 for a draft, 403 for a published pack), and collaborators (403)", async () => {
    const draft = await createPack(t.ctx, otherCreatorId, { status: PACK_STATUS.draft });
    const published = await createPack(t.ctx, otherCreatorId);
    expect((await get(splitPath(draft.id))).statusCode).toBe(404);
    expect((await put(splitPath(draft.id), [])).statusCode).toBe(404);
    expect((await get(splitPath(published.id))).statusCode).toBe(403);
    expect((await put(splitPath(published.id), [])).statusCode).toBe(403);
    const own = await newPack();
    expect((await get(splitPath(own.id), collaborators[0]!)).statusCode).toBe(403);
    expect((await put(splitPath(own.id), [{ user_id: collaborators[0]!.id, bps: 10_000 }], collaborators[0]!)).statusCode).toBe(403);
    expect((await get(splitPath('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect(await storedShares(draft.id)).toEqual([]);
    expect(await storedShares(published.id)).toEqual([]);
  });

  it('sets the default split, and a new pack starts with it from the next unpaid month; packs made before keep theirs', async () => {
    const before = await newPack();
    expect(((await get('/api/studio/split-default')).json() as Split).shares).toEqual([{ user_id: owner.id, name: 'Owner Olga', role: 'creator', bps: 10_000 }]);
    const res = await put('/api/studio/split-default', [
      { user_id: collaborators[3]!.id, bps: 2000 },
      { user_id: collaborators[4]!.id, bps: 1000 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Split).shares.map((s) => [s.user_id, s.bps])).toEqual([
      [owner.id, 7000],
      [collaborators[3]!.id, 2000],
      [collaborators[4]!.id, 1000],
    ]);
    const defaults = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'split.default_set'), eq(auditLog.targetId, creatorId)));
    expect(defaults).toHaveLength(1);
    expect(await storedShares(before.id)).toEqual([]);

    await approveMonth('2026-05-01');
    const created = await call(t, 'POST', '/api/studio/packs', { title: 'With the default', genres: ['trap'] }, { cookie: owner.cookie });
    expect(created.statusCode, created.body).toBe(201);
    const pack = created.json() as StudioPack;
    const split = (await get(splitPath(pack.id))).json() as Split;
    expect(split.effective_month).toBe('2026-06-01');
    expect(split.shares.map((s) => [s.user_id, s.bps])).toEqual([
      [owner.id, 7000],
      [collaborators[3]!.id, 2000],
      [collaborators[4]!.id, 1000],
    ]);
    const copied = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'split.pack_set'), eq(auditLog.targetId, pack.id)));
    expect(copied).toHaveLength(1);

    // The default refuses what a pack's split refuses.
    const bad = await put('/api/studio/split-default', [{ user_id: outsider.id, bps: 100 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('shares.0.user_id');
    // Collaborators have no default to set.
    expect((await get('/api/studio/split-default', collaborators[0]!)).statusCode).toBe(403);
  });

  it("a collaborator sees each pack where they hold a share now: title, creator, their share and when it applies from; nobody else's", async () => {
    const viewer = collaborators[5]!;
    const shared = await createPack(t.ctx, creatorId, { title: 'Aaa Shared Pack', status: PACK_STATUS.draft });
    const dropped = await createPack(t.ctx, creatorId, { title: 'Bbb Dropped Pack', status: PACK_STATUS.draft });
    expect((await put(splitPath(shared.id), [{ user_id: viewer.id, bps: 3000 }])).statusCode).toBe(200);
    expect((await put(splitPath(dropped.id), [{ user_id: viewer.id, bps: 1500 }])).statusCode).toBe(200);
    await approveMonth('2026-07-01');
    // Dropped from the second pack from August: it is no longer theirs to see.
    expect((await put(splitPath(dropped.id), [])).statusCode).toBe(200);
    const res = await get('/api/collaborator/splits', viewer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as MyShares).toEqual({ shares: [{ pack_id: shared.id, pack_title: 'Aaa Shared Pack', creator_name: 'Dusty Tapes', bps: 3000, effective_month: '2000-01-01' }] });
    expect(((await get('/api/collaborator/splits', outsider)).json() as MyShares).shares).toEqual([]);
    // The creator's own packs are not "shares" of theirs.
    expect(((await get('/api/collaborator/splits', owner)).json() as MyShares).shares).toEqual([]);
  });
});
