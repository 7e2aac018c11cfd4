import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collaboratorPromise } from '@crate/contract/collaborator-role';
import { collaboratorInvites, creatorCollaborators, creators, jobs, users } from '../src/db/schema/index.ts';
import { call, cookieFrom, lastMailTo, tokenFromLink } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

let counter = 0;
const inviteeEmail = () => `invitee-${++counter}-${Date.now()}@example.test`;

describe(`collaborator invites on ${TEST_DB}`, () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t.ctx, { roles: ['creator'], name: 'Kit Kollective' });
  });
  afterAll(() => t.close());

  /** Invites `email` as the creator and returns the token from the e-mailed link. */
  async function invite(email: string, by: TestUser = creator): Promise<{ token: string; id: string; expires_at: string }> {
    const res = await call(t, 'POST', '/api/creator/invites', { email }, { cookie: by.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastMailTo(t, email);
    return { ...res.json(), token: tokenFromLink(mail!, '/acceptinvite') };
  }

  it('creates an invite for 7 days, e-mails an /acceptinvite link and stores only the SHA-256 of its token', async () => {
    const email = inviteeEmail();
    const started = Date.now();
    const res = await call(t, 'POST', '/api/creator/invites', { email: email.toUpperCase() }, { cookie: creator.cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), email, expires_at: expect.any(String) });
    const lifetime = new Date(res.json().expires_at).getTime() - started;
    expect(Math.abs(lifetime - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000);

    const mail = await lastMailTo(t, email);
    expect(mail?.subject).toBe('Kit Kollective invited you to collaborate on Crate');
    const token = tokenFromLink(mail!, '/acceptinvite');
    expect(mail!.text).toContain('http://localhost:3000/acceptinvite?token=');
    // The e-mail promises what the policies keep: reading the creator's studio, not changing it (decision 0071).
    expect(mail!.text).toContain(collaboratorPromise('Kit Kollective'));
    expect(mail!.text).toContain('editing, submitting and withdrawing packs stay with Kit Kollective');
    const [row] = await t.ctx.db.select().from(collaboratorInvites).where(eq(collaboratorInvites.id, res.json().id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const jobRows = await t.ctx.db.select({ payload: jobs.payload }).from(jobs);
    expect(JSON.stringify(jobRows)).not.toContain(token);

    // The creator profile was created on first need, named after the creator.
    const [profile] = await t.ctx.db.select().from(creators).where(eq(creators.userId, creator.id));
    expect(profile).toMatchObject({ name: 'Kit Kollective', slug: 'kit-kollective' });
  });

  it('describes a valid invite to anybody, and answers 404 for an unknown token', async () => {
    const email = inviteeEmail();
    const { token, expires_at } = await invite(email);
    const res = await call(t, 'GET', `/api/invites/${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ creator_name: 'Kit Kollective', email, expires_at });
    const unknown = await call(t, 'GET', '/api/invites/not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('links a signed-in account as collaborator of the inviting creator, once', async () => {
    const email = inviteeEmail();
    const { token } = await invite(email);
    const member = await createUser(t.ctx, { email, roles: ['subscriber'] });
    const before = (await call(t, 'GET', '/api/profile', undefined, { cookie: member.cookie })).json();

    const res = await call(t, 'POST', '/api/invites/accept', { token }, { cookie: member.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ uid: member.id, is_collaborator: true, is_sub: true, roles: expect.arrayContaining(['collaborator', 'subscriber']) });
    expect(res.json().claims_updated_at).not.toEqual(before.claims_updated_at);

    const [creatorRow] = await t.ctx.db.select({ id: creators.id }).from(creators).where(eq(creators.userId, creator.id));
    const links = await t.ctx.db.select().from(creatorCollaborators).where(and(eq(creatorCollaborators.userId, member.id), eq(creatorCollaborators.creatorId, creatorRow!.id)));
    expect(links).toHaveLength(1);

    const again = await call(t, 'POST', '/api/invites/accept', { token }, { cookie: member.cookie });
    expect(again.statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/invites/${encodeURIComponent(token)}`)).statusCode).toBe(404);
    const someoneElse = await createUser(t.ctx);
    expect((await call(t, 'POST', '/api/invites/accept', { token }, { cookie: someoneElse.cookie })).statusCode).toBe(404);
  });

  it('registers a new account straight into the collaboration with invite_token', async () => {
    const email = inviteeEmail();
    const { token } = await invite(email);
    const res = await call(t, 'POST', '/api/auth/register', { email, password: 'correct-horse-battery', invite_token: token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email, is_collaborator: true, roles: ['collaborator'] });
    expect(res.json().claims_updated_at).not.toBeNull();
    expect((await call(t, 'GET', '/api/profile', undefined, { cookie: cookieFrom(res) })).json().is_collaborator).toBe(true);
  });

  it('refuses registration with an unknown or used invite token before creating the account', async () => {
    const email = inviteeEmail();
    const res = await call(t, 'POST', '/api/auth/register', { email, password: 'correct-horse-battery', invite_token: 'made-up' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'invite_token' });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('treats an expired invite as gone', async () => {
    const email = inviteeEmail();
    const { token, id } = await invite(email);
    await t.ctx.db.update(collaboratorInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(collaboratorInvites.id, id));
    expect((await call(t, 'GET', `/api/invites/${encodeURIComponent(token)}`)).statusCode).toBe(404);
    const member = await createUser(t.ctx);
    const res = await call(t, 'POST', '/api/invites/accept', { token }, { cookie: member.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/expired/);
    expect((await call(t, 'GET', '/api/profile', undefined, { cookie: member.cookie })).json().is_collaborator).toBe(false);
  });

  it('keeps only the newest invite to an address working', async () => {
    const email = inviteeEmail();
    const first = await invite(email);
    const second = await invite(email);
    expect((await call(t, 'GET', `/api/invites/${encodeURIComponent(first.token)}`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/invites/${encodeURIComponent(second.token)}`)).statusCode).toBe(200);
  });

  it('does not let a creator accept their own invite', async () => {
    const { token } = await invite(inviteeEmail());
    const res = await call(t, 'POST', '/api/invites/accept', { token }, { cookie: creator.cookie });
    expect(res.statusCode).toBe(409);
  });

  it('needs sign-in to accept', async () => {
    const { token } = await invite(inviteeEmail());
    expect((await call(t, 'POST', '/api/invites/accept', { token })).statusCode).toBe(401);
  });

  it('lets only creators invite: 401 for visitors, 403 for other kinds and for an admin without a creator profile', async () => {
    expect((await call(t, 'POST', '/api/creator/invites', { email: inviteeEmail() })).statusCode).toBe(401);
    for (const role of ['subscriber', 'collaborator', 'affiliate'] as const) {
      const user = await createUser(t.ctx, { roles: [role] });
      const res = await call(t, 'POST', '/api/creator/invites', { email: inviteeEmail() }, { cookie: user.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const admin = await createUser(t.ctx, { roles: ['admin'] });
    const res = await call(t, 'POST', '/api/creator/invites', { email: inviteeEmail() }, { cookie: admin.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/creator profile/);
  });

  it('validates the invite request', async () => {
    const bad = await call(t, 'POST', '/api/creator/invites', { email: 'nope' }, { cookie: creator.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('email');
    const self = await call(t, 'POST', '/api/creator/invites', { email: creator.email }, { cookie: creator.cookie });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.field).toBe('email');
    const extra = await call(t, 'POST', '/api/creator/invites', { email: inviteeEmail(), split: 50 }, { cookie: creator.cookie });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.field).toBe('split');
  });
});

describe(`collaborator invites when e-mail cannot be sent (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A real SMTP client pointed at a port nobody listens on.
    t = await createTestApp({ mail: { kind: 'smtp', url: 'smtp://127.0.0.1:9', from: 'Crate <no-reply@crate.test>' } });
  });
  afterAll(() => t.close());

  it('answers 503 and withdraws the invite, so no link exists that nobody received', async () => {
    const creator = await createUser(t.ctx, { roles: ['creator'] });
    const res = await call(t, 'POST', '/api/creator/invites', { email: inviteeEmail() }, { cookie: creator.cookie });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/could not be sent/) });
    const rows = await t.ctx.db.select({ revokedAt: collaboratorInvites.revokedAt }).from(collaboratorInvites);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
  });
});
