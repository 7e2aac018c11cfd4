import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { auditLog, files, jobs, packReviews, packs, processingOutcomes, processingRuns } from '../src/db/schema/index.ts';
import { AUDIO_VARIANTS } from '../src/media/audio-derivatives.ts';
import { PROCESS_PACK_MAX_ATTEMPTS, runProcessPack } from '../src/processing/process-pack.ts';
import { insertRun } from '../src/processing/processing-run-repository.ts';
import { call, mailsTo } from './auth-helpers.ts';
import { addCollaborator } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { creatorFixture, packWithSounds, toneWav, type CreatorFixture } from './pack-review-fixtures.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`pack review and processing on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: CreatorFixture;
  let collaborator: TestUser;
  let otherCreator: CreatorFixture;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    owner = await creatorFixture(t);
    otherCreator = await creatorFixture(t);
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    await addCollaborator(t.ctx, owner.creator.id, collaborator.id);
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
  });
  afterAll(() => t.close());

  const review = (packId: string, body: object, user: TestUser = admin) => call(t, 'POST', `/api/admin/packs/${packId}/review`, body, { cookie: user.cookie });
  const processing = (packId: string, user: TestUser = owner.user) => call(t, 'GET', `/api/studio/packs/${packId}/processing`, undefined, { cookie: user.cookie });
  const statusOf = async (packId: string) => (await t.ctx.db.select({ status: packs.status }).from(packs).where(eq(packs.id, packId)))[0]!.status;
  /** The creator's e-mail about this pack whose subject says `what` (the outbox is not in sending order). */
  const mailAbout = async (title: string, what: string) => (await mailsTo(t, owner.user.email)).find((m) => m.subject.includes(what) && m.subject.includes(title));
  const problemsOf = async (packId: string) =>
    Object.fromEntries(
      (await t.ctx.db.select({ name: files.originalName, problem: files.problem }).from(files).where(and(eq(files.packId, packId), isNull(files.derivedFromFileId)))).map((f) => [f.name, f.problem]),
    );

  it('lists packs awaiting approval for admins only, oldest submission first, with counts and paging', async () => {
    const first = await packWithSounds(t, owner, [{ name: 'Kick A.wav', body: toneWav(100) }, { name: 'Kick B.wav', body: toneWav(110) }], PACK_STATUS.awaitingApproval, 'Waiting One');
    const second = await packWithSounds(t, owner, [{ name: 'Snare.wav', body: toneWav(300) }], PACK_STATUS.awaitingApproval, 'Waiting Two');
    await packWithSounds(t, owner, [{ name: 'Draft.wav', body: toneWav(320) }], PACK_STATUS.draft, 'Still a draft');

    const res = await call(t, 'GET', '/api/admin/packs/awaiting-review?limit=100', undefined, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().items as Array<{ id: string; title: string }>;
    expect(listed.map((p) => p.title)).not.toContain('Still a draft');
    const one = listed.find((p) => p.id === first.pack.id);
    expect(one).toMatchObject({ title: 'Waiting One', item_count: 2, file_count: 2, creator: { id: owner.creator.id, name: owner.creator.name }, submitted_at: expect.any(String) });
    expect(listed.findIndex((p) => p.id === first.pack.id)).toBeLessThan(listed.findIndex((p) => p.id === second.pack.id));

    const page1 = (await call(t, 'GET', '/api/admin/packs/awaiting-review?limit=1', undefined, { cookie: admin.cookie })).json();
    expect(page1.items).toHaveLength(1);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await call(t, 'GET', `/api/admin/packs/awaiting-review?limit=1&cursor=${page1.next_cursor}`, undefined, { cookie: admin.cookie })).json();
    expect(page2.items[0].id).not.toBe(page1.items[0].id);

    for (const user of [owner.user, collaborator, subscriber]) {
      expect((await call(t, 'GET', '/api/admin/packs/awaiting-review', undefined, { cookie: user.cookie })).statusCode).toBe(403);
      expect((await call(t, 'GET', `/api/admin/packs/${first.pack.id}/review`, undefined, { cookie: user.cookie })).statusCode).toBe(403);
      expect((await review(first.pack.id, { decision: 'approve' }, user)).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/admin/packs/awaiting-review')).statusCode).toBe(401);
  });

  it('shows an admin the pack with items playable inline, approves it, processes it and publishes it where search finds it', async () => {
    const name = `Glasswing Pluck ${Date.now()}`;
    const { pack, files: stored } = await packWithSounds(t, owner, [
      { name: `${name}.wav`, body: toneWav(440) },
      // As the studio stores an upload (no declared type), and with a declared type its bytes contradict.
      { name: 'Glasswing Bass.wav', body: toneWav(55), contentType: 'application/octet-stream' },
      { name: 'Glasswing Pad.wav', body: toneWav(660), contentType: 'text/html' },
    ]);
    const detail = await call(t, 'GET', `/api/admin/packs/${pack.id}/review`, undefined, { cookie: admin.cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ id: pack.id, status: 1, status_label: 'Awaiting approval', creator: { id: owner.creator.id, email: owner.user.email } });
    expect(body.abilities).toEqual({ decide: true, reprocess: false });
    expect(body.items).toHaveLength(3);
    expect(body.files.map((f: { kind: string }) => f.kind)).toEqual(['Sample audio', 'Sample audio', 'Sample audio']);
    // Before processing there is no MP3 preview yet: the original plays.
    const play = await call(t, 'GET', body.items[0].play_url, undefined, { cookie: admin.cookie });
    expect(play.statusCode).toBe(200);
    expect(play.headers['content-type']).toBe('audio/wav');
    expect(play.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // The original's type is what its stored bytes are, whatever its upload declared.
    for (const item of body.items.slice(1)) {
      const original = await call(t, 'GET', item.play_url, undefined, { cookie: admin.cookie });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('audio/wav');
    }
    expect((await call(t, 'GET', body.items[0].play_url, undefined, { cookie: owner.user.cookie })).statusCode).toBe(403);

    const approved = await review(pack.id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: PACK_STATUS.approved, reviews: [{ decision: 'approve' }], abilities: { decide: false, reprocess: false } });
    const [queued] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.queue, 'process-pack'), eq(jobs.status, 'queued')));
    expect(queued?.payload).toEqual({ packId: pack.id });
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, pack.id), eq(auditLog.action, 'pack.approve')));
    expect(audit?.actorUserId).toBe(admin.id);

    await t.ctx.jobs.drain();
    expect(await statusOf(pack.id)).toBe(PACK_STATUS.published);
    const [row] = await t.ctx.db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row!.publishedAt).toBeInstanceOf(Date);
    const runs = await t.ctx.db.select().from(processingRuns).where(eq(processingRuns.packId, pack.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'Complete', finishedAt: expect.any(Date) });
    const outcomes = await t.ctx.db.select().from(processingOutcomes).where(eq(processingOutcomes.runId, runs[0]!.id));
    expect(outcomes.map((o) => o.status)).toEqual(['Success', 'Success', 'Success']);
    for (const file of stored) {
      const variants = await t.ctx.db.select({ variant: files.variant }).from(files).where(eq(files.derivedFromFileId, file.id));
      expect(variants.map((v) => v.variant).sort()).toEqual(Object.values(AUDIO_VARIANTS).sort());
    }

    const report = await processing(pack.id);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ status: 4, status_label: 'Published', run: { status: 'Complete', total_files: 3, done_files: 3, failed_files: 0, progress: 1 }, problems: [] });
    expect((await processing(pack.id, collaborator)).statusCode).toBe(200);
    expect((await processing(pack.id, admin)).statusCode).toBe(200);
    expect((await processing(pack.id, otherCreator.user)).statusCode).toBe(403); // the pack is public now; its studio is not
    // Published: the review panel offers a re-run, no decision.
    expect((await call(t, 'GET', `/api/admin/packs/${pack.id}/review`, undefined, { cookie: admin.cookie })).json().abilities).toEqual({ decide: false, reprocess: true });
    expect(await mailAbout(pack.title, 'is live on Crate')).toBeDefined();

    // After processing, the admin hears the MP3 preview.
    const preview = await call(t, 'GET', body.items[0].play_url, undefined, { cookie: admin.cookie });
    expect(preview.headers['content-type']).toBe('audio/mpeg');

    await expect
      .poll(async () => (await call(t, 'GET', `/api/search?q=${encodeURIComponent(name)}`, undefined, { cookie: subscriber.cookie })).json().items?.map((i: { pack: { id: string } }) => i.pack.id) ?? [], { timeout: 5000, interval: 100 })
      .toContain(pack.id);
  });

  it('answers 409 to a decision on a pack that is not awaiting approval, and 400 naming notes when they are missing', async () => {
    const { pack } = await packWithSounds(t, owner, [{ name: 'Once.wav', body: toneWav(500) }]);
    const noNotes = await review(pack.id, { decision: 'send_back' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'notes' });
    expect((await review(pack.id, { decision: 'reject', notes: '  ' })).json().error.field).toBe('notes');

    expect((await review(pack.id, { decision: 'approve' })).statusCode).toBe(200);
    const again = await review(pack.id, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('approved (status 2)') });
    expect((await review(pack.id, { decision: 'send_back', notes: 'Too late for this' })).statusCode).toBe(409);
    const rerun = await call(t, 'POST', `/api/admin/packs/${pack.id}/process`, undefined, { cookie: admin.cookie });
    expect(rerun.statusCode).toBe(409);
    expect(await t.ctx.db.select().from(packReviews).where(eq(packReviews.packId, pack.id))).toHaveLength(1);

    const draft = await packWithSounds(t, owner, [{ name: 'Draft again.wav', body: toneWav(510) }], PACK_STATUS.draft);
    expect((await review(draft.pack.id, { decision: 'approve' })).statusCode).toBe(409);
    expect((await review('00000000-0000-4000-8000-000000000000', { decision: 'approve' })).statusCode).toBe(404);
  });

  it('sends a pack back to draft with notes the creator reads and is e-mailed; rejects another with a reason', async () => {
    const { pack } = await packWithSounds(t, owner, [{ name: 'Rough.wav', body: toneWav(520) }]);
    const notes = 'The kicks clip at 0 dBFS; please leave some headroom.';
    const sent = await review(pack.id, { decision: 'send_back', notes });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: PACK_STATUS.draft, reviews: [{ decision: 'send_back', notes }] });
    const mail = await mailAbout(pack.title, 'needs changes');
    expect(mail?.text).toContain(notes);
    expect(mail?.text).toContain(`/packupload/${pack.id}`);
    expect((await processing(pack.id)).json()).toMatchObject({ status: 0, run: null, last_review: { decision: 'send_back', notes } });
    expect((await processing(pack.id, otherCreator.user)).statusCode).toBe(404); // an unpublished pack does not exist for them

    const other = await packWithSounds(t, owner, [{ name: 'Not ours.wav', body: toneWav(530) }]);
    const rejected = await review(other.pack.id, { decision: 'reject', notes: 'These loops are from a commercial library.' });
    expect(rejected.json()).toMatchObject({ status: PACK_STATUS.archived });
    expect((await mailAbout(other.pack.title, 'was not accepted'))?.text).toContain('Reason: These loops are from a commercial library.');
    expect(await t.ctx.db.select().from(jobs).where(and(eq(jobs.queue, 'process-pack'), eq(jobs.status, 'queued')))).toHaveLength(0);
  });

  it('finds duplicates within the pack and against the creator’s other packs, and lists them against the right file', async () => {
    const published = await packWithSounds(t, owner, [{ name: 'Signature Snare.wav', body: toneWav(777) }], PACK_STATUS.published, 'Older pack');
    // The same content in another creator's pack is not this creator's duplicate.
    await packWithSounds(t, otherCreator, [{ name: 'Their Hat.wav', body: toneWav(888) }], PACK_STATUS.published);
    const { pack } = await packWithSounds(t, owner, [
      { name: 'Hat.wav', body: toneWav(880) },
      { name: 'Hat copy.wav', body: toneWav(880) },
      { name: 'Snare again.wav', body: toneWav(777) },
      { name: 'Their Hat too.wav', body: toneWav(888) },
    ]);
    void published;
    await review(pack.id, { decision: 'approve' });
    await t.ctx.jobs.drain();
    expect(await statusOf(pack.id)).toBe(PACK_STATUS.fileErrors);
    expect(await problemsOf(pack.id)).toEqual({ 'Hat.wav': null, 'Hat copy.wav': 'duplicate', 'Snare again.wav': 'duplicate', 'Their Hat too.wav': null });
    const report = (await processing(pack.id)).json();
    expect(report.run).toMatchObject({ status: 'Errors', total_files: 4, done_files: 4, failed_files: 2, progress: 1 });
    expect(report.problems).toEqual([
      expect.objectContaining({ name: 'Hat copy.wav', status: 'Failed', problem: 'duplicate', message: expect.stringContaining('same content as "Hat.wav" in this pack') }),
      expect.objectContaining({ name: 'Snare again.wav', problem: 'duplicate', message: expect.stringContaining('"Signature Snare.wav" in your pack "Older pack"') }),
    ]);
    expect(await mailAbout(pack.title, 'has file problems')).toBeDefined();
  });

  it('of two packs sharing a file approved close together, the first approved keeps it and only the later is flagged, in whichever order their runs check', async () => {
    /** The process-pack job's run itself, so the test decides which pack's run goes first. */
    const run = (packId: string) => runProcessPack(t.ctx, { packId }, { id: 0, queue: 'process-pack', attempts: 1, maxAttempts: PROCESS_PACK_MAX_ATTEMPTS, signal: new AbortController().signal });
    const twins = async (tone: number, label: string) => {
      const first = await packWithSounds(t, owner, [{ name: `${label} Rim.wav`, body: toneWav(tone) }, { name: `${label} Shaker.wav`, body: toneWav(tone + 10) }], PACK_STATUS.awaitingApproval, `${label} first`);
      const later = await packWithSounds(t, owner, [{ name: `${label} Rim copy.wav`, body: toneWav(tone) }, { name: `${label} Clap.wav`, body: toneWav(tone + 20) }], PACK_STATUS.awaitingApproval, `${label} later`);
      expect((await review(first.pack.id, { decision: 'approve' })).statusCode).toBe(200);
      expect((await review(later.pack.id, { decision: 'approve' })).statusCode).toBe(200);
      return { first: first.pack, later: later.pack };
    };
    const expectFirstWins = async ({ first, later }: { first: { id: string }; later: { id: string } }, label: string) => {
      expect(await statusOf(first.id)).toBe(PACK_STATUS.published);
      expect(await problemsOf(first.id)).toEqual({ [`${label} Rim.wav`]: null, [`${label} Shaker.wav`]: null });
      expect(await statusOf(later.id)).toBe(PACK_STATUS.fileErrors);
      expect(await problemsOf(later.id)).toEqual({ [`${label} Rim copy.wav`]: 'duplicate', [`${label} Clap.wav`]: null });
      expect((await processing(later.id)).json().problems).toEqual([
        expect.objectContaining({ name: `${label} Rim copy.wav`, problem: 'duplicate', message: expect.stringContaining(`"${label} Rim.wav" in your pack "${label} first"`) }),
      ]);
    };

    // The later pack's run checks first, while the first is still waiting for its run; then the first's run.
    const inOrder = await twins(1710, 'Serial');
    await run(inOrder.later.id);
    await run(inOrder.first.id);
    await expectFirstWins(inOrder, 'Serial');

    // Both runs at once, each pack processing while the other checks.
    const together = await twins(1810, 'Parallel');
    await Promise.all([run(together.later.id), run(together.first.id)]);
    await expectFirstWins(together, 'Parallel');

    // The queued jobs of these packs find nothing left to do.
    await t.ctx.jobs.drain();
    expect(await statusOf(inOrder.first.id)).toBe(PACK_STATUS.published);
    expect(await statusOf(together.later.id)).toBe(PACK_STATUS.fileErrors);
  });

  it('reports a 0-byte file and silent audio as empty, text named .wav as not decodable and a lost object as missing', async () => {
    const { pack, files: stored } = await packWithSounds(t, owner, [
      { name: 'Fine.wav', body: toneWav(1000) },
      { name: 'Zero.wav', body: Buffer.alloc(0) },
      { name: 'No samples.wav', body: toneWav(1000, 0) },
      { name: 'Notes.wav', body: Buffer.from('these are my mixing notes, not a sound\n'.repeat(40)) },
      { name: 'Gone.wav', body: toneWav(1100) },
    ]);
    await t.ctx.storage.delete(stored[4]!.storageKey);
    await review(pack.id, { decision: 'approve' });
    await t.ctx.jobs.drain();
    expect(await statusOf(pack.id)).toBe(PACK_STATUS.fileErrors);
    expect(await problemsOf(pack.id)).toEqual({ 'Fine.wav': null, 'Zero.wav': 'empty', 'No samples.wav': 'empty', 'Notes.wav': null, 'Gone.wav': 'missing' });
    const problems = (await processing(pack.id)).json().problems as Array<{ name: string; problem: string | null; message: string }>;
    expect(Object.fromEntries(problems.map((p) => [p.name, p.message]))).toEqual({
      'Zero.wav': '"Zero.wav" is empty (0 bytes).',
      'No samples.wav': '"No samples.wav" contains no audio (it decodes to no samples).',
      'Notes.wav': '"Notes.wav" is not audio we can decode (use WAV, AIFF, FLAC, MP3 or OGG).',
      'Gone.wav': '"Gone.wav" was not found in storage: upload it again.',
    });
    // Nothing half-published: the pack is not listed, the good file's derivatives wait for the next run.
    expect((await call(t, 'GET', `/api/packs/${pack.id}`, undefined, { cookie: subscriber.cookie })).statusCode).toBe(404);
  });

  it('lets an admin re-run processing of a pack with file errors (−2 → 3) and of a published one (4 → 3)', async () => {
    const { pack, files: stored } = await packWithSounds(t, owner, [
      { name: 'Good.wav', body: toneWav(1200) },
      { name: 'Lost.wav', body: toneWav(1300) },
    ]);
    await t.ctx.storage.delete(stored[1]!.storageKey);
    await review(pack.id, { decision: 'approve' });
    await t.ctx.jobs.drain();
    expect(await statusOf(pack.id)).toBe(PACK_STATUS.fileErrors);

    // Our side fixes it (the object is restored), then an admin runs it again.
    await t.ctx.storage.put(stored[1]!.storageKey, toneWav(1300), { contentType: 'audio/wav' });
    expect((await call(t, 'POST', `/api/admin/packs/${pack.id}/process`, undefined, { cookie: owner.user.cookie })).statusCode).toBe(403);
    const rerun = await call(t, 'POST', `/api/admin/packs/${pack.id}/process`, undefined, { cookie: admin.cookie });
    expect(rerun.statusCode, rerun.body).toBe(201);
    expect(rerun.json()).toMatchObject({ status: PACK_STATUS.processing });
    await t.ctx.jobs.drain();
    expect(await statusOf(pack.id)).toBe(PACK_STATUS.published);
    expect(await problemsOf(pack.id)).toEqual({ 'Good.wav': null, 'Lost.wav': null });
    const runs = await t.ctx.db.select().from(processingRuns).where(eq(processingRuns.packId, pack.id));
    expect(runs.map((r) => r.status).sort()).toEqual(['Complete', 'Errors']);

    const [before] = await t.ctx.db.select({ publishedAt: packs.publishedAt }).from(packs).where(eq(packs.id, pack.id));
    expect((await call(t, 'POST', `/api/admin/packs/${pack.id}/process`, undefined, { cookie: admin.cookie })).statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const [after] = await t.ctx.db.select({ status: packs.status, publishedAt: packs.publishedAt }).from(packs).where(eq(packs.id, pack.id));
    expect(after).toEqual({ status: PACK_STATUS.published, publishedAt: before!.publishedAt });
  });

  it('resumes after a worker died mid-run: the dead run is closed with Expired files and a new run finishes the pack', async () => {
    const { pack } = await packWithSounds(t, owner, [
      { name: 'One.wav', body: toneWav(1400) },
      { name: 'Two.wav', body: toneWav(1500) },
    ]);
    // What a killed worker leaves: the pack in 3, a Running run with one file done, and its job to run again.
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.processing }).where(eq(packs.id, pack.id));
    const dead = await insertRun(t.ctx.db, pack.id, { total_files: 2, attempt: 1 });
    await t.ctx.jobs.enqueue('process-pack', { packId: pack.id });
    await t.ctx.jobs.drain();

    expect(await statusOf(pack.id)).toBe(PACK_STATUS.published);
    const [closed] = await t.ctx.db.select().from(processingRuns).where(eq(processingRuns.id, dead.id));
    expect(closed).toMatchObject({ status: 'Errors', finishedAt: expect.any(Date) });
    expect((closed!.summary as { note: string }).note).toMatch(/stopped before it finished/);
    const expired = await t.ctx.db.select().from(processingOutcomes).where(eq(processingOutcomes.runId, dead.id));
    expect(expired.map((o) => o.status)).toEqual(['Expired', 'Expired']);
    expect((await processing(pack.id)).json().run).toMatchObject({ status: 'Complete', done_files: 2 });
  });

  it('moves the pack to file errors, never leaving it processing, when the worker dies on the last attempt', async () => {
    const { pack } = await packWithSounds(t, owner, [{ name: 'Last try.wav', body: toneWav(1600) }]);
    await review(pack.id, { decision: 'approve' });
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.processing }).where(eq(packs.id, pack.id));
    await insertRun(t.ctx.db, pack.id, { total_files: 1, attempt: PROCESS_PACK_MAX_ATTEMPTS });
    // The job as a worker that died on its last attempt leaves it: running, lock long stale, no attempts left.
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', attempts: PROCESS_PACK_MAX_ATTEMPTS, lockedBy: 'dead-worker', lockedAt: new Date(Date.now() - 3600_000) })
      .where(and(eq(jobs.queue, 'process-pack'), eq(jobs.status, 'queued')));
    await t.ctx.jobs.drain();

    expect(await statusOf(pack.id)).toBe(PACK_STATUS.fileErrors);
    const [job] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.queue, 'process-pack'), eq(jobs.lockedBy, 'dead-worker')));
    expect(job?.status).toBe('failed');
    const report = (await processing(pack.id)).json();
    expect(report.run).toMatchObject({ status: 'Errors', note: expect.stringContaining('Processing could not finish') });
    expect(report.problems).toEqual([expect.objectContaining({ name: 'Last try.wav', status: 'Expired', problem: null })]);
    // An admin can run it again from there.
    expect((await call(t, 'POST', `/api/admin/packs/${pack.id}/process`, undefined, { cookie: admin.cookie })).statusCode).toBe(201);
    await t.ctx.jobs.drain();
    expect(await statusOf(pack.id)).toBe(PACK_STATUS.published);
  });
});
