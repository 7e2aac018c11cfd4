import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import { auditLog, jobs, packs } from '../src/db/schema/index.ts';
import { AppError } from '../src/http/app-error.ts';
import { transitionPack, type PackMove } from '../src/packs/pack-lifecycle.ts';
import { call } from './auth-helpers.ts';
import { createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { creatorFixture, type CreatorFixture } from './pack-review-fixtures.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`the pack lifecycle on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: CreatorFixture;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    owner = await creatorFixture(t);
  });
  afterAll(() => t.close());

  const move = (m: Omit<PackMove, 'actor'>) => t.ctx.db.transaction((tx) => transitionPack(t.ctx, tx, { actor: { userId: admin.id }, ...m }));
  /** Everything a move could have written about this pack: its row, its audit entries and the jobs naming it. */
  const traceOf = async (packId: string) => ({
    pack: (await t.ctx.db.select().from(packs).where(eq(packs.id, packId)))[0],
    audits: await t.ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, packId)),
    jobs: (await t.ctx.db.select({ queue: jobs.queue, payload: jobs.payload }).from(jobs)).filter((j) => JSON.stringify(j.payload).includes(packId)),
  });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('refuses a move the table does not allow with a 409 and writes nothing', async () => {
    const pack = await createPack(t.ctx, owner.creator.id, { status: PACK_STATUS.draft });
    const before = await traceOf(pack.id);
    for (const to of [PACK_STATUS.published, PACK_STATUS.approved, PACK_STATUS.processing] as PackStatus[]) {
      const error = await refusal(move({ packId: pack.id, to }));
      expect({ status: error.status, code: error.code }).toEqual({ status: 409, code: 'CONFLICT' });
      expect(error.message).toContain('draft (status 0)');
    }
    expect(await traceOf(pack.id)).toEqual(before);
  });

  it("refuses a move the table allows but the caller's action does not start from, and writes nothing", async () => {
    const pack = await createPack(t.ctx, owner.creator.id, { status: PACK_STATUS.approved });
    const before = await traceOf(pack.id);
    // approved → archived is in the table; a review decides only on packs awaiting approval.
    const error = await refusal(move({ packId: pack.id, to: PACK_STATUS.archived, from: [PACK_STATUS.awaitingApproval], reason: 'No' }));
    expect(error.status).toBe(409);
    expect(await traceOf(pack.id)).toEqual(before);
  });

  it('takes a published pack down only with a takedown reason, keeps it, and the restore endpoint puts the pack back and clears it', async () => {
    const pack = await createPack(t.ctx, owner.creator.id, { status: PACK_STATUS.published });
    await t.ctx.db.update(packs).set({ publishedAt: new Date('2026-01-02T00:00:00Z') }).where(eq(packs.id, pack.id));
    const before = await traceOf(pack.id);
    for (const reason of [undefined, '', 'Because']) {
      const error = await refusal(move({ packId: pack.id, to: PACK_STATUS.archived, ...(reason === undefined ? {} : { reason }) }));
      expect({ status: error.status, field: error.field }).toEqual({ status: 400, field: 'reason' });
    }
    expect(await traceOf(pack.id)).toEqual(before);

    await move({ packId: pack.id, to: PACK_STATUS.archived, reason: 'Technical Issue', audit: { action: 'pack.takedown' } });
    const down = (await traceOf(pack.id)).pack!;
    expect(down).toMatchObject({ status: PACK_STATUS.archived, takedownReason: 'Technical Issue', takenDownAt: expect.any(Date) });

    const res = await call(t, 'POST', `/api/admin/archive/packs/${pack.id}/restore`, undefined, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: pack.id, target: 'pack', pack_status: PACK_STATUS.published, listed: true });
    const after = await traceOf(pack.id);
    // Published again under its first publication's date; the takedown's reason is in the restore's audit entry only.
    expect(after.pack).toMatchObject({ status: PACK_STATUS.published, takedownReason: null, takenDownAt: null, publishedAt: new Date('2026-01-02T00:00:00Z') });
    const [restore] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, pack.id), eq(auditLog.action, 'pack.restore')));
    expect(restore).toMatchObject({ actorUserId: admin.id, details: { from: PACK_STATUS.archived, to: PACK_STATUS.published, takedown_reason: 'Technical Issue' } });
    expect(after.audits.map((a) => a.action).sort()).toEqual(['pack.restore', 'pack.takedown']);
    expect(after.jobs).toEqual([]);
  });
});
