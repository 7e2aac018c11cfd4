import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@crate/audio/wav';
import { creatorApplications, creators, files, users } from '../src/db/schema/index.ts';
import { call, freshAddress, lastMailTo } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** Half a second of a 440 Hz tone: a real WAV ffmpeg decodes. */
function toneWav(): Buffer {
  const samples = new Float32Array(22050);
  for (let i = 0; i < samples.length; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / 44100);
  return encodeWav({ sampleRate: 44100, channels: [samples] });
}

const application = (demoIds: string[]) => ({
  artist_name: 'Night Tapes',
  bio: 'Dusty drums and warm keys recorded to tape in my basement studio.',
  links: ['https://soundcloud.com/night-tapes'],
  genres: ['lo-fi-hip-hop'],
  demo_file_ids: demoIds,
  accept_content_agreement: true,
});

describe(`creator applications on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  async function uploadDemo(user: TestUser, body: Buffer, name = 'demo.wav', type = 'audio/wav') {
    return t.app.inject({ method: 'POST', url: `/api/creator-application/demos?name=${encodeURIComponent(name)}`, payload: body, remoteAddress: freshAddress(), headers: { cookie: user.cookie, 'content-type': type } });
  }

  async function applicant(): Promise<{ user: TestUser; demoId: string }> {
    const user = await createUser(t.ctx, { roles: ['subscriber'] });
    const res = await uploadDemo(user, toneWav(), 'Night Tapes – Dusty Loop 90bpm.wav', 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    return { user, demoId: res.json().id };
  }

  it('checks a demo by decoding it: real audio is kept with its duration, anything else is refused and nothing stays behind', async () => {
    const user = await createUser(t.ctx, { roles: ['subscriber'] });
    const ok = await uploadDemo(user, toneWav(), 'Dusty Loop.wav');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ id: expect.any(String), name: 'Dusty Loop.wav', duration_ms: 500 });

    const before = await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, user.id));
    const text = await uploadDemo(user, Buffer.from('this is only text, renamed to look like a wave file\n'.repeat(50)), 'fake.wav');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'file', message: expect.stringContaining('"fake.wav" is not audio') });
    const truncated = await uploadDemo(user, toneWav().subarray(0, 30), 'truncated.wav');
    expect(truncated.statusCode).toBe(415);
    const empty = await uploadDemo(user, Buffer.alloc(0), 'empty.wav');
    expect(empty.statusCode).toBe(400);
    const control = await uploadDemo(user, toneWav(), 'bad\u0007name.wav');
    expect(control.statusCode).toBe(400);
    const after = await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, user.id));
    expect(after).toEqual(before);
    expect((await call(t, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('submits one application, accepts the content agreement, e-mails the applicant and refuses a second open one', async () => {
    const { user, demoId } = await applicant();
    const none = await call(t, 'GET', '/api/creator-application', undefined, { cookie: user.cookie });
    expect(none.json()).toEqual({ application: null, accepted_content_agreement: false, is_creator: false });

    const res = await call(t, 'POST', '/api/creator-application', application([demoId]), { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'submitted', artist_name: 'Night Tapes', demos: [{ id: demoId, name: 'Night Tapes – Dusty Loop 90bpm.wav', duration_ms: 500 }] });
    const mine = (await call(t, 'GET', '/api/creator-application', undefined, { cookie: user.cookie })).json();
    expect(mine).toMatchObject({ application: { id: res.json().id, status: 'submitted' }, accepted_content_agreement: true });
    expect((await lastMailTo(t, user.email))?.subject).toBe('We received your Crate creator application');

    const again = await call(t, 'POST', '/api/creator-application', application([demoId]), { cookie: user.cookie });
    expect(again.statusCode).toBe(409);
    // Nothing to resubmit while it waits for review.
    expect((await call(t, 'PUT', '/api/creator-application', application([demoId]), { cookie: user.cookie })).statusCode).toBe(409);
    const rows = await t.ctx.db.select().from(creatorApplications).where(eq(creatorApplications.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an application without the agreement, with someone else’s demo or with invalid fields', async () => {
    const { user } = await applicant();
    const other = await applicant();
    const theirs = await call(t, 'POST', '/api/creator-application', application([other.demoId]), { cookie: user.cookie });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.field).toBe('demo_file_ids');
    const noAgreement = await call(t, 'POST', '/api/creator-application', { ...application([other.demoId]), accept_content_agreement: false }, { cookie: other.user.cookie });
    expect(noAgreement.statusCode).toBe(400);
    const badLink = await call(t, 'POST', '/api/creator-application', { ...application([other.demoId]), links: ['javascript:alert(1)'] }, { cookie: other.user.cookie });
    expect(badLink.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(creatorApplications).where(eq(creatorApplications.userId, other.user.id))).toHaveLength(0);
    const [row] = await t.ctx.db.select({ at: users.acceptedContentAgreementAt }).from(users).where(eq(users.id, other.user.id));
    expect(row?.at).toBeNull();
  });

  it('lets an admin ask for changes, the applicant resubmit, and an admin approve: creator role, profile with slug, claims bumped', async () => {
    const { user, demoId } = await applicant();
    const submitted = (await call(t, 'POST', '/api/creator-application', application([demoId]), { cookie: user.cookie })).json();

    const waiting = (await call(t, 'GET', '/api/admin/creator-applications', undefined, { cookie: admin.cookie })).json();
    expect(waiting).toEqual(expect.arrayContaining([expect.objectContaining({ id: submitted.id, artist_name: 'Night Tapes', applicant_email: user.email, demo_count: 1 })]));

    const demo = await call(t, 'GET', `/api/creator-applications/${submitted.id}/demos/${demoId}`, undefined, { cookie: admin.cookie });
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['content-type']).toBe('audio/mpeg');
    expect(demo.rawPayload.subarray(0, 3).toString('latin1') === 'ID3' || demo.rawPayload[0] === 0xff).toBe(true);
    const ownDemo = await call(t, 'GET', `/api/creator-applications/${submitted.id}/demos/${demoId}`, undefined, { cookie: user.cookie });
    expect(ownDemo.statusCode).toBe(200);
    const stranger = await createUser(t.ctx, { roles: ['subscriber'] });
    expect((await call(t, 'GET', `/api/creator-applications/${submitted.id}/demos/${demoId}`, undefined, { cookie: stranger.cookie })).statusCode).toBe(404);

    const changes = await call(t, 'POST', `/api/admin/creator-applications/${submitted.id}/review`, { decision: 'request_changes', reason: 'Please add a longer demo with drums.' }, { cookie: admin.cookie });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json()).toMatchObject({ status: 'needs_changes', review_note: 'Please add a longer demo with drums.' });
    const changesMail = await lastMailTo(t, user.email);
    expect(changesMail?.subject).toBe('Your Crate creator application needs changes');
    expect(changesMail?.text).toContain('Please add a longer demo with drums.');
    // Only a submitted application is reviewed.
    expect((await call(t, 'POST', `/api/admin/creator-applications/${submitted.id}/review`, { decision: 'approve' }, { cookie: admin.cookie })).statusCode).toBe(409);

    const resubmitted = await call(t, 'PUT', '/api/creator-application', { ...application([demoId]), artist_name: 'Night Tapes Studio' }, { cookie: user.cookie });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ id: submitted.id, status: 'submitted', artist_name: 'Night Tapes Studio' });

    const before = (await call(t, 'GET', '/api/profile', undefined, { cookie: user.cookie })).json();
    const approved = await call(t, 'POST', `/api/admin/creator-applications/${submitted.id}/review`, { decision: 'approve' }, { cookie: admin.cookie });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', creator_slug: 'night-tapes-studio', review_note: null });
    const after = (await call(t, 'GET', '/api/profile', undefined, { cookie: user.cookie })).json();
    expect(after).toMatchObject({ is_creator: true, roles: expect.arrayContaining(['creator']) });
    expect(after.claims_updated_at).not.toEqual(before.claims_updated_at);
    const [profile] = await t.ctx.db.select().from(creators).where(eq(creators.userId, user.id));
    expect(profile).toMatchObject({ name: 'Night Tapes Studio', slug: 'night-tapes-studio', links: ['https://soundcloud.com/night-tapes'] });
    expect((await lastMailTo(t, user.email))?.subject).toBe('You are now a Crate creator');
    const waitingAfter = (await call(t, 'GET', '/api/admin/creator-applications', undefined, { cookie: admin.cookie })).json();
    expect(waitingAfter.map((w: { id: string }) => w.id)).not.toContain(submitted.id);
    // A creator does not apply again.
    expect((await call(t, 'POST', '/api/creator-application', application([demoId]), { cookie: user.cookie })).statusCode).toBe(409);
  });

  it('declines with a reason that is shown and e-mailed; the applicant may then apply again', async () => {
    const { user, demoId } = await applicant();
    const submitted = (await call(t, 'POST', '/api/creator-application', application([demoId]), { cookie: user.cookie })).json();
    const noReason = await call(t, 'POST', `/api/admin/creator-applications/${submitted.id}/review`, { decision: 'decline' }, { cookie: admin.cookie });
    expect(noReason.statusCode).toBe(400);
    const declined = await call(t, 'POST', `/api/admin/creator-applications/${submitted.id}/review`, { decision: 'decline', reason: 'The demos are clipped throughout.' }, { cookie: admin.cookie });
    expect(declined.json()).toMatchObject({ status: 'declined', review_note: 'The demos are clipped throughout.' });
    const mine = (await call(t, 'GET', '/api/creator-application', undefined, { cookie: user.cookie })).json();
    expect(mine.application).toMatchObject({ status: 'declined', review_note: 'The demos are clipped throughout.' });
    expect((await lastMailTo(t, user.email))?.text).toContain('Reason: The demos are clipped throughout.');
    expect((await call(t, 'GET', '/api/profile', undefined, { cookie: user.cookie })).json().is_creator).toBe(false);
    const again = await call(t, 'POST', '/api/creator-application', application([demoId]), { cookie: user.cookie });
    expect(again.statusCode).toBe(201);
  });

  it('keeps applications to admins: others get 403, and an admin cannot review their own', async () => {
    const { user, demoId } = await applicant();
    const submitted = (await call(t, 'POST', '/api/creator-application', application([demoId]), { cookie: user.cookie })).json();
    expect((await call(t, 'GET', '/api/admin/creator-applications', undefined, { cookie: user.cookie })).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/admin/creator-applications/${submitted.id}`, undefined, { cookie: user.cookie })).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/admin/creator-applications/${submitted.id}/review`, { decision: 'approve' }, { cookie: user.cookie })).statusCode).toBe(403);

    const selfAdmin = await createUser(t.ctx, { roles: ['admin'] });
    const demo = await uploadDemo(selfAdmin, toneWav());
    const own = (await call(t, 'POST', '/api/creator-application', application([demo.json().id]), { cookie: selfAdmin.cookie })).json();
    expect((await call(t, 'POST', `/api/admin/creator-applications/${own.id}/review`, { decision: 'approve' }, { cookie: selfAdmin.cookie })).statusCode).toBe(403);
  });
});
