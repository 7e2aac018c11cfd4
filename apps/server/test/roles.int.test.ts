import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const toMs = (ts: { seconds: number; nanoseconds: number }) => ts.seconds * 1000 + ts.nanoseconds / 1e6;

describe(`roles and claims on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const setRoles = (userId: string, roles: unknown, cookie = admin.cookie) => call(t, 'PUT', `/api/admin/users/${userId}/roles`, { roles }, { cookie });
  const profile = async (cookie: string) => (await call(t, 'GET', '/api/profile', undefined, { cookie })).json();

  it('replaces the roles, moves claims_updated_at, writes an audit row, and the next request sees the new roles', async () => {
    const user = await createUser(t.ctx, { roles: ['subscriber'] });
    const before = await profile(user.cookie);
    expect(before).toMatchObject({ is_sub: true, can_search: true, is_creator: false });
    // Creator-only endpoints refuse them until the role is granted.
    expect((await call(t, 'POST', '/api/creator/invites', { email: 'friend@example.test' }, { cookie: user.cookie })).statusCode).toBe(403);

    await new Promise((r) => setTimeout(r, 5));
    const res = await setRoles(user.id, ['creator']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, display_name: user.email, roles: ['creator'], status: 'active' });
    expect(new Date(res.json().claims_updated_at).getTime()).toBeGreaterThan(toMs(before.claims_updated_at));

    const after = await profile(user.cookie);
    expect(after).toMatchObject({ roles: ['creator'], is_sub: false, can_search: false, is_creator: true });
    expect(after.claims_updated_at).not.toEqual(before.claims_updated_at);
    expect(toMs(after.claims_updated_at)).toBeGreaterThan(toMs(before.claims_updated_at));
    expect((await call(t, 'POST', '/api/creator/invites', { email: 'friend@example.test' }, { cookie: user.cookie })).statusCode).toBe(201);

    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.roles_changed')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, details: expect.objectContaining({ before: ['subscriber'], after: ['creator'], added: ['creator'], removed: ['subscriber'] }) });
  });

  it('leaves claims_updated_at alone when nothing changes', async () => {
    const user = await createUser(t.ctx, { roles: ['affiliate'] });
    const before = (await profile(user.cookie)).claims_updated_at;
    const res = await setRoles(user.id, ['affiliate']);
    expect(res.statusCode).toBe(200);
    expect((await profile(user.cookie)).claims_updated_at).toEqual(before);
  });

  it('can take every role away', async () => {
    const user = await createUser(t.ctx, { roles: ['subscriber', 'collaborator'] });
    expect((await setRoles(user.id, [])).json().roles).toEqual([]);
    expect(await profile(user.cookie)).toMatchObject({ roles: [], is_sub: false, is_collaborator: false, can_search: false });
  });

  it('is for admins only', async () => {
    const subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    const res = await setRoles(subscriber.id, ['admin'], subscriber.cookie);
    expect(res.statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/users/${subscriber.id}/roles`, { roles: ['admin'] })).statusCode).toBe(401);
    expect((await profile(subscriber.cookie)).is_admin).toBe(false);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await setRoles('00000000-0000-0000-0000-000000000000', ['subscriber']);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('does not let an admin remove their own admin role', async () => {
    const res = await setRoles(admin.id, ['subscriber']);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', field: 'roles' });
    expect((await profile(admin.cookie)).is_admin).toBe(true);
  });

  it.each([[['owner']], [['subscriber', 'subscriber']], ['admin']])('rejects roles %j with 400 on the roles field', async (roles) => {
    const user = await createUser(t.ctx);
    const res = await setRoles(user.id, roles);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toMatch(/^roles/);
  });
});
