import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { jobs, packs, processingOutcomes, processingRuns } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { creatorFixture, packWithSounds, toneWav } from './pack-review-fixtures.ts';
import { exited, spawnAppProcess } from './app-child-process.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const WORKER = path.resolve(import.meta.dirname, '../src/worker.ts');
/** A lock not renewed for this long is a dead worker's: short, so the test does not wait five minutes. */
const STALE_AFTER_MS = 1500;
const FILES = 14;

/**
 * A real crash: `npm run worker`'s entry point in a child process on a PostgreSQL database shared with the
 * test, killed with SIGKILL in the middle of processing a pack. A second worker must pick the job up once
 * its lock goes stale, close the dead run and finish the pack: it ends published or with file errors,
 * never left in 3 (files processing). PGlite lives inside one process, so this runs on PostgreSQL only.
 */
describe.skipIf(TEST_DB !== 'postgres')(`a worker killed with -9 mid-run on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t.close();
  });

  function startWorker(): { child: ChildProcess; output: () => string } {
    const started = spawnAppProcess(t, WORKER, { JOB_STALE_AFTER_MS: String(STALE_AFTER_MS) });
    children.push(started.child);
    return started;
  }

  it('leaves no pack in processing: the next worker closes the dead run and finishes the pack', { timeout: 120_000 }, async () => {
    const owner = await creatorFixture(t);
    // Long enough files that the run is still going when it is killed (each takes ffmpeg a few hundred ms).
    const sounds = Array.from({ length: FILES }, (_, i) => ({ name: `Crash ${String(i + 1).padStart(2, '0')}.wav`, body: toneWav(200 + i * 37, 6) }));
    const { pack } = await packWithSounds(t, owner, sounds);
    const approved = await call(t, 'POST', `/api/admin/packs/${pack.id}/review`, { decision: 'approve' }, { cookie: admin.cookie });
    expect(approved.statusCode, approved.body).toBe(200);

    const first = startWorker();
    // Wait until the run is under way: at least one file finished, not all of them.
    let deadRunId: string | null = null;
    await expect
      .poll(
        async () => {
          const [run] = await t.ctx.db.select({ id: processingRuns.id }).from(processingRuns).where(and(eq(processingRuns.packId, pack.id), eq(processingRuns.status, 'Running')));
          if (run && (await t.ctx.db.select().from(processingOutcomes).where(eq(processingOutcomes.runId, run.id))).length >= 1) deadRunId = run.id;
          return deadRunId;
        },
        { timeout: 60_000, interval: 25 },
      )
      .not.toBeNull()
      .catch(async (error: unknown) => {
        throw new Error(`the first worker never got going:\n${first.output()}\n${JSON.stringify(await t.ctx.db.select().from(jobs))}\n${JSON.stringify(await t.ctx.db.select().from(processingRuns))}`, { cause: error });
      });
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    const [left] = await t.ctx.db.select({ status: packs.status }).from(packs).where(eq(packs.id, pack.id));
    expect(left!.status).toBe(PACK_STATUS.processing);
    const doneBeforeKill = await t.ctx.db.select().from(processingOutcomes).where(eq(processingOutcomes.runId, deadRunId!));
    expect(doneBeforeKill.length).toBeLessThan(FILES);

    const second = startWorker();
    await expect
      .poll(async () => (await t.ctx.db.select({ status: packs.status }).from(packs).where(eq(packs.id, pack.id)))[0]!.status, {
        timeout: 90_000,
        interval: 100,
      })
      .toBeOneOf([PACK_STATUS.published, PACK_STATUS.fileErrors])
      .catch((error: unknown) => {
        throw new Error(`the second worker did not finish the pack:\n${second.output()}`, { cause: error });
      });
    second.child.kill('SIGTERM');
    await exited(second.child);

    const [final] = await t.ctx.db.select({ status: packs.status }).from(packs).where(eq(packs.id, pack.id));
    expect(final!.status).toBe(PACK_STATUS.published);
    const runs = await t.ctx.db.select().from(processingRuns).where(eq(processingRuns.packId, pack.id));
    const dead = runs.find((r) => r.id === deadRunId)!;
    expect(dead).toMatchObject({ status: 'Errors', finishedAt: expect.any(Date) });
    const expired = await t.ctx.db
      .select()
      .from(processingOutcomes)
      .where(and(eq(processingOutcomes.runId, dead.id), inArray(processingOutcomes.status, ['Expired'])));
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.length + doneBeforeKill.length).toBeGreaterThanOrEqual(FILES);
    const finishing = runs.filter((r) => r.id !== deadRunId);
    expect(finishing.map((r) => r.status)).toEqual(['Complete']);
    expect(runs.filter((r) => r.status === 'Running')).toEqual([]);
  });
});
