import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import { auditLog, items, packs } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call, mailsTo } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`takedowns on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let subscriber: TestUser;
  let creatorUser: TestUser;
  let creatorId: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    creatorUser = await createUser(t.ctx, { roles: ['creator'] });
    creatorId = (await createCreator(t.ctx, creatorUser.id, { name: 'Quarry Sounds' })).id;
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, user: TestUser = admin) => call(t, 'POST', url, body, { cookie: user.cookie });
  const searchNames = async (q: string, user: TestUser = subscriber) => {
    await t.app.searchIndex?.catchUp();
    const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { name: string }[]).map((i) => i.name);
  };
  const auditsOf = (targetId: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  it('takes a sound down: gone from search for others, still in its owner’s library, the creator told why, audited', async () => {
    const pack = await createPack(t.ctx, creatorId, { title: 'Granite Drums' });
    const [sound] = await createItems(t.ctx, pack, 1, { name: 'Zephyr Snare', creditCost: 1 });
    const owner = await createUser(t.ctx, { roles: ['subscriber'] });
    await addCredits(t.ctx.db, { userId: owner.id, kind: 'grant', amount: 5, reason: 'plan', idempotencyKey: `grant:${randomUUID()}`, expiresAt: null });
    expect((await post('/api/acquisitions', { target: 'item', id: sound!.id, idempotency_key: randomUUID() }, owner)).statusCode).toBe(200);
    expect(await searchNames('zephyr')).toEqual(['Zephyr Snare']);

    const res = await post(`/api/admin/items/${sound!.id}/takedown`, { reason: "Creator doesn't own rights", note: 'The vocal is from a commercial record.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: sound!.id, target: 'item', pack_status: PACK_STATUS.published, listed: false });

    expect(await searchNames('zephyr')).toEqual([]);
    const library = await call(t, 'GET', '/api/library/owned', undefined, { cookie: owner.cookie });
    expect((library.json().items as { id: string }[]).map((row) => row.id)).toContain(sound!.id);
    expect((await call(t, 'GET', `/api/items/${sound!.slug}`, undefined, { cookie: subscriber.cookie })).statusCode).toBe(404);

    const [row] = await t.ctx.db.select().from(items).where(eq(items.id, sound!.id));
    expect(row).toMatchObject({ takedownReason: "Creator doesn't own rights", takenDownAt: expect.any(Date) });
    const [audit] = await auditsOf(sound!.id);
    expect(audit).toMatchObject({ actorUserId: admin.id, action: 'item.takedown', details: { takedown_reason: "Creator doesn't own rights", note: 'The vocal is from a commercial record.' } });
    const mail = (await mailsTo(t, creatorUser.email)).find((m) => m.subject.includes('Zephyr Snare'));
    expect(mail?.subject).toBe('Your sound was taken down: Zephyr Snare');
    expect(mail?.text).toContain("Reason: Creator doesn't own rights");
    expect(mail?.text).toContain('The vocal is from a commercial record.');

    // The archive shows the reason; taking it down again is a clear conflict that writes nothing.
    await t.app.searchIndex?.catchUp();
    const archived = await call(t, 'GET', '/api/search/archived?q=zephyr', undefined, { cookie: admin.cookie });
    expect(archived.json().items).toEqual([expect.objectContaining({ name: 'Zephyr Snare', takedown_reason: "Creator doesn't own rights" })]);
    const again = await post(`/api/admin/items/${sound!.id}/takedown`, { reason: 'Technical Issue' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already taken down');
    expect(await auditsOf(sound!.id)).toHaveLength(1);
  });

  it('refuses everyone but admins, a missing or unknown reason and an over-long note, naming the field, and writes nothing', async () => {
    const pack = await createPack(t.ctx, creatorId);
    const [sound] = await createItems(t.ctx, pack, 1);
    const url = `/api/admin/items/${sound!.id}/takedown`;
    expect((await call(t, 'POST', url, { reason: 'Technical Issue' })).statusCode).toBe(401);
    expect((await post(url, { reason: 'Technical Issue' }, subscriber)).statusCode).toBe(403);
    expect((await post(url, { reason: 'Technical Issue' }, creatorUser)).statusCode).toBe(403);
    expect((await post(`/api/admin/packs/${pack.id}/archive`, { reason: 'Technical Issue' }, creatorUser)).statusCode).toBe(403);

    for (const body of [{}, { reason: 'Because' }, { reason: 'Technical Issue', note: 'x'.repeat(2001) }, { reason: 'Technical Issue', extra: 1 }]) {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const missing = await post(url, {});
    expect(missing.json().error.field).toBe('reason');
    expect((await post(`/api/admin/items/${randomUUID()}/takedown`, { reason: 'Technical Issue' })).statusCode).toBe(404);
    expect((await post('/api/admin/items/not-an-id/takedown', { reason: 'Technical Issue' })).statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(items).where(eq(items.id, sound!.id));
    expect(row!.takenDownAt).toBeNull();
    expect(await auditsOf(sound!.id)).toEqual([]);
  });

  it('archives a published pack with its reason: its sounds leave search, the creator is told, the restore brings it back', async () => {
    const pack = await createPack(t.ctx, creatorId, { title: 'Basalt Loops' });
    await createItems(t.ctx, pack, 2, { name: 'Basalt Pad' });
    expect(await searchNames('basalt')).toHaveLength(2);

    const res = await post(`/api/admin/packs/${pack.id}/archive`, { reason: 'Technical Issue', note: 'Every file clips.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: pack.id, target: 'pack', pack_status: PACK_STATUS.archived, listed: false });
    expect(await searchNames('basalt')).toEqual([]);
    const [row] = await t.ctx.db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ status: PACK_STATUS.archived, takedownReason: 'Technical Issue', takenDownAt: expect.any(Date) });
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, pack.id), eq(auditLog.action, 'pack.takedown')));
    expect(audit).toMatchObject({ actorUserId: admin.id, details: { from: PACK_STATUS.published, to: PACK_STATUS.archived, takedown_reason: 'Technical Issue', note: 'Every file clips.' } });
    const mail = (await mailsTo(t, creatorUser.email)).find((m) => m.subject.includes('Basalt Loops'));
    expect(mail?.text).toContain('Reason: Technical Issue');
    expect(mail?.text).toContain('Every file clips.');

    expect((await post(`/api/admin/archive/packs/${pack.id}/restore`, undefined)).statusCode).toBe(200);
    expect(await searchNames('basalt')).toHaveLength(2);
  });

  it('archives a draft, an approved pack and one with file errors, and refuses one awaiting approval, being processed or already archived with a 409 that writes nothing', async () => {
    for (const status of [PACK_STATUS.draft, PACK_STATUS.approved, PACK_STATUS.fileErrors] as PackStatus[]) {
      const pack = await createPack(t.ctx, creatorId, { status });
      const res = await post(`/api/admin/packs/${pack.id}/archive`, { reason: 'Technical Issue' });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().pack_status).toBe(PACK_STATUS.archived);
    }
    const refusals: [PackStatus, string][] = [
      [PACK_STATUS.awaitingApproval, 'reject it from its review'],
      [PACK_STATUS.processing, 'once processing ends'],
      [PACK_STATUS.archived, 'already archived'],
    ];
    for (const [status, message] of refusals) {
      const pack = await createPack(t.ctx, creatorId, { status });
      const res = await post(`/api/admin/packs/${pack.id}/archive`, { reason: 'Technical Issue' });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
      expect(res.json().error.message).toContain(message);
      const [row] = await t.ctx.db.select().from(packs).where(eq(packs.id, pack.id));
      expect(row!.status).toBe(status);
      expect(await auditsOf(pack.id)).toEqual([]);
    }
  });

  it('tells the admin what they may take down on the sound and pack pages, and nobody else', async () => {
    const pack = await createPack(t.ctx, creatorId);
    const [sound] = await createItems(t.ctx, pack, 1);
    const abilities = async (url: string, user: TestUser) => (await call(t, 'GET', url, undefined, { cookie: user.cookie })).json().abilities;
    expect(await abilities(`/api/items/${sound!.slug}`, admin)).toMatchObject({ takedown: true });
    expect(await abilities(`/api/items/${sound!.slug}`, creatorUser)).toMatchObject({ takedown: false });
    expect(await abilities(`/api/packs/${pack.id}`, admin)).toMatchObject({ takedown: true });
    expect(await abilities(`/api/packs/${pack.id}`, subscriber)).toMatchObject({ takedown: false });
  });
});
