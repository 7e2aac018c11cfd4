import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../src/db/schema/index.ts';
import { call, cookieFrom } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`admin user management on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'], name: 'Ada Admin' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin.cookie) => call(t, 'GET', url, undefined, { cookie });
  const disable = (id: string, body: unknown = { reason: 'Chargeback fraud' }, cookie = admin.cookie) => call(t, 'POST', `/api/admin/users/${id}/disable`, body, { cookie });
  const enable = (id: string, body: unknown = { reason: 'Cleared by support' }, cookie = admin.cookie) => call(t, 'POST', `/api/admin/users/${id}/enable`, body, { cookie });
  const auditRows = (userId: string, action: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action)));

  describe('disable and enable', () => {
    it('ends every session of the user at once, refuses their old cookie, and sign-in answers "user disabled"; enabling lets them back', async () => {
      const user = await createUser(t.ctx, { roles: ['subscriber'] });
      // A second browser of the same user.
      const second = await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password });
      expect(second.statusCode).toBe(200);
      expect((await get('/api/profile', user.cookie)).statusCode).toBe(200);

      const res = await disable(user.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, status: 'disabled', disabled_reason: 'Chargeback fraud' });
      expect(res.json().disabled_at).toEqual(expect.any(String));

      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      expect((await get('/api/profile', user.cookie)).statusCode).toBe(401);
      expect((await get('/api/profile', cookieFrom(second))).statusCode).toBe(401);
      const login = await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password });
      expect(login.statusCode).toBe(403);
      expect(login.json().error).toMatchObject({ code: 'ACCOUNT_DISABLED', message: expect.stringContaining('disabled by Crate staff') });

      const [audit] = await auditRows(user.id, 'user.disabled');
      expect(audit).toMatchObject({ actorUserId: admin.id, details: { reason: 'Chargeback fraud' } });

      const enabled = await enable(user.id);
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(enabled.json()).toMatchObject({ status: 'active', disabled_at: null, disabled_reason: null });
      expect(await auditRows(user.id, 'user.enabled')).toEqual([expect.objectContaining({ actorUserId: admin.id, details: { reason: 'Cleared by support' } })]);
      expect((await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    });

    it('answers 409 for disabling a disabled account or enabling an active one, writing nothing', async () => {
      const user = await createUser(t.ctx);
      expect((await disable(user.id)).statusCode).toBe(200);
      const again = await disable(user.id, { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: 'This account is already disabled.' });
      const [row] = await t.ctx.db.select({ reason: users.disabledReason }).from(users).where(eq(users.id, user.id));
      expect(row!.reason).toBe('Chargeback fraud');
      expect(await auditRows(user.id, 'user.disabled')).toHaveLength(1);

      const other = await createUser(t.ctx);
      const notDisabled = await enable(other.id);
      expect(notDisabled.statusCode).toBe(409);
      expect(notDisabled.json().error.message).toBe('This account is not disabled.');
      expect(await auditRows(other.id, 'user.enabled')).toHaveLength(0);
    });

    it('refuses an admin disabling themselves, with a clear message', async () => {
      const res = await disable(admin.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('You cannot disable your own account; ask another admin.');
      expect((await get('/api/profile')).statusCode).toBe(200);
    });

    it('keeps the last active admin: after one admin disables the other, the disabled one cannot be the last to go, and neither role change nor disable leaves none', async () => {
      const t2 = await createTestApp();
      try {
        const first = await createUser(t2.ctx, { roles: ['admin'] });
        const second = await createUser(t2.ctx, { roles: ['admin'] });
        // Two admins: one disables the other.
        expect((await call(t2, 'POST', `/api/admin/users/${second.id}/disable`, { reason: 'Left the company' }, { cookie: first.cookie })).statusCode).toBe(200);
        // The disabled admin's session is gone: they cannot strike back.
        expect((await call(t2, 'POST', `/api/admin/users/${first.id}/disable`, { reason: 'Revenge' }, { cookie: second.cookie })).statusCode).toBe(401);
        // The service refuses it even when asked directly (two admins disabling each other at the same moment queue on the admins' rows).
        const { disableUser } = await import('../src/features/admin-users/admin-user-service.ts');
        const asSecond = { userId: second.id, email: second.email, sessionId: 'x', emailVerified: true, roles: ['admin' as const], creatorId: null, collaboratorOf: [], stateVersion: 0 };
        await expect(disableUser(t2.ctx.db, asSecond, { userId: first.id, reason: 'Revenge', ipAddress: null })).rejects.toMatchObject({
          code: 'CONFLICT',
          message: 'This is the last active admin: make another account admin first.',
        });
        const [row] = await t2.ctx.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, first.id));
        expect(row!.disabledAt).toBeNull();
      } finally {
        await t2.close();
      }
    });

    it.each([
      [{}, 'reason'],
      [{ reason: 'no' }, 'reason'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ reason: 'Fine reason', extra: 1 }, undefined],
    ])('rejects the body %j with 400', async (body, field) => {
      const user = await createUser(t.ctx);
      const res = await disable(user.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      if (field) expect(res.json().error.field).toBe(field);
      expect(await auditRows(user.id, 'user.disabled')).toHaveLength(0);
    });

    it('is for admins only, and answers 404 for an unknown account', async () => {
      const user = await createUser(t.ctx, { roles: ['subscriber'] });
      const other = await createUser(t.ctx);
      expect((await disable(other.id, undefined, user.cookie)).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/admin/users/${other.id}/disable`, { reason: 'Anonymous' })).statusCode).toBe(401);
      expect((await disable('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await disable('not-a-uuid')).statusCode).toBe(404);
      expect((await disable('x'.repeat(65))).statusCode).toBe(400);
    });
  });

  describe('roles', () => {
    it('refuses taking admin away from the last active admin', async () => {
      const t2 = await createTestApp();
      try {
        const only = await createUser(t2.ctx, { roles: ['admin'] });
        const { setRoles } = await import('../src/features/roles/role-service.ts');
        // Another admin (since disabled) asks: the only active admin is the target.
        const other = await createUser(t2.ctx, { roles: ['admin'] });
        await t2.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, other.id));
        await expect(setRoles(t2.ctx.db, { userId: only.id, actorUserId: other.id, reason: 'admin' }, ['subscriber'])).rejects.toMatchObject({ code: 'CONFLICT', field: 'roles' });
        expect((await call(t2, 'GET', '/api/profile', undefined, { cookie: only.cookie })).json().is_admin).toBe(true);
      } finally {
        await t2.close();
      }
    });
  });

  describe('the user list', () => {
    it('pages newest first without repeats, and filters by role, status and search', async () => {
      const t2 = await createTestApp();
      try {
        const boss = await createUser(t2.ctx, { roles: ['admin'], email: 'boss@example.test', name: 'Boss' });
        const made: TestUser[] = [];
        for (let i = 0; i < 5; i++) made.push(await createUser(t2.ctx, { email: `listed-${i}@example.test`, name: `Listed ${i}`, roles: i % 2 === 0 ? ['creator'] : [] }));
        const zed = await createUser(t2.ctx, { email: 'zed@example.test', name: 'Zoë Quinn' });
        await call(t2, 'POST', `/api/admin/users/${made[1]!.id}/disable`, { reason: 'Spam uploads' }, { cookie: boss.cookie });
        const list = (query: string) => call(t2, 'GET', `/api/admin/users?${query}`, undefined, { cookie: boss.cookie });

        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await list(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
          expect(res.statusCode, res.body).toBe(200);
          seen.push(...res.json().items.map((u: { id: string }) => u.id));
          cursor = res.json().next_cursor;
        } while (cursor);
        expect(seen).toEqual([zed, ...[...made].reverse(), boss].map((u) => u.id));

        const creators = (await list('role=creator')).json().items.map((u: { email: string }) => u.email);
        expect(creators).toEqual(['listed-4@example.test', 'listed-2@example.test', 'listed-0@example.test']);
        expect((await list('status=disabled')).json().items).toEqual([expect.objectContaining({ id: made[1]!.id, status: 'disabled' })]);
        expect((await list('status=active')).json().items.map((u: { id: string }) => u.id)).not.toContain(made[1]!.id);
        expect((await list('q=LISTED-3')).json().items.map((u: { id: string }) => u.id)).toEqual([made[3]!.id]);
        expect((await list('q=zo%C3%AB')).json().items.map((u: { id: string }) => u.id)).toEqual([zed.id]);
        expect((await list(`q=${made[2]!.id}`)).json().items.map((u: { id: string }) => u.id)).toEqual([made[2]!.id]);
        // A LIKE wildcard is a character, not a pattern.
        expect((await list('q=%25')).json().items).toEqual([]);
        expect((await list('role=creator&status=disabled')).json().items).toEqual([]);
      } finally {
        await t2.close();
      }
    });

    it('rejects a bad filter or cursor with 400 naming it', async () => {
      for (const [query, field] of [
        ['role=owner', 'role'],
        ['status=asleep', 'status'],
        ['cursor=nonsense', 'cursor'],
        ['limit=1000', 'limit'],
      ] as const) {
        const res = await get(`/api/admin/users?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.field).toBe(field);
      }
    });
  });

  describe("one account's page", () => {
    it('shows standing, credits with their ledger, creator links and the audit trail to and by the account', async () => {
      const user = await createUser(t.ctx, { name: 'Lee' });
      const adjusted = await call(t, 'POST', `/api/admin/users/${user.id}/credits`, { amount: 25, reason: 'Goodwill', idempotency_key: 'adjust-lee-1' }, { cookie: admin.cookie });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
      expect((await call(t, 'PATCH', '/api/profile', { display_name: 'Lee R' }, { cookie: user.cookie })).statusCode).toBe(200);

      const page = await get(`/api/admin/users/${user.id}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ id: user.id, status: 'active', credits: { credits: 25 }, creator: null, collaborator_of: [], billing: { subscription: null } });

      const history = await get(`/api/admin/users/${user.id}/credits/history`);
      expect(history.json().items).toEqual([expect.objectContaining({ kind: 'adjust', amount: 25, reason: 'Goodwill' })]);
      expect((await get(`/api/admin/users/${user.id}/owned`)).json()).toEqual({ items: [], next_cursor: null });
      expect((await get(`/api/admin/users/${user.id}/downloads`)).json()).toEqual({ items: [], next_cursor: null });
      expect((await get(`/api/admin/users/${user.id}/receipts`)).json()).toEqual({ items: [], next_cursor: null });

      await disable(user.id, { reason: 'Testing the trail' });
      const first = await get(`/api/admin/users/${user.id}/audit?limit=1`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().items).toEqual([expect.objectContaining({ action: 'user.disabled', direction: 'to', actor: { id: admin.id, display_name: 'Ada Admin' }, details: { reason: 'Testing the trail' } })]);
      const rest = await get(`/api/admin/users/${user.id}/audit?limit=10&cursor=${first.json().next_cursor}`);
      expect(rest.json().items.map((e: { action: string }) => e.action)).toEqual(['credits.adjusted']);

      // What the admin did shows on the admin's own trail as done by them.
      const mine = await get(`/api/admin/users/${admin.id}/audit?limit=100`);
      expect(mine.json().items).toContainEqual(expect.objectContaining({ action: 'user.disabled', direction: 'by', target_id: user.id }));
    });

    it('is 404 for an unknown account, 400 for a bad audit cursor, and 403 for anyone but admins', async () => {
      const user = await createUser(t.ctx, { roles: ['creator'] });
      expect((await get('/api/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await get('/api/admin/users/00000000-0000-4000-8000-000000000000/credits/history')).statusCode).toBe(404);
      expect((await get(`/api/admin/users/${user.id}/audit?cursor=abc`)).statusCode).toBe(400);
      expect((await get(`/api/admin/users/${user.id}`, user.cookie)).statusCode).toBe(403);
      expect((await get('/api/admin/users', user.cookie)).statusCode).toBe(403);
    });
  });
});
