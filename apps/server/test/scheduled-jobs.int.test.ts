import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { jobs, jobScheduleSlots } from '../src/db/schema/index.ts';
import { createDbJobQueue } from '../src/jobs/db-job-queue.ts';
import { PermanentJobError, scheduledPayloadSchema, type JobSchedule, type ScheduledPayload } from '../src/jobs/job-queue.ts';
import { JOB_RETENTION } from '../src/jobs/jobs-clean-up.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const silent = pino({ level: 'silent' });
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let counter = 0;
/** Each test schedules its own job name, so its slots and rows are its own. */
const freshName = () => `scheduled-test-${++counter}`;
const at = (iso: string) => new Date(iso);

/** A one-job catalogue: a scheduled job whose handler the test gives. */
const scheduledCatalogue = (name: string, schedule: JobSchedule, run: (payload: ScheduledPayload) => Promise<void> = async () => undefined) => ({
  [name]: { lane: 'bulk' as const, payload: scheduledPayloadSchema, schedule, run: (_ctx: void, payload: ScheduledPayload) => run(payload) },
});

describe(`scheduled jobs on ${TEST_DB}`, () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.db;
  });
  afterAll(() => t.close());

  function queueOn(catalogue: ReturnType<typeof scheduledCatalogue>, clock: ManualClock, on: Db = db) {
    const queue = createDbJobQueue(on, silent, catalogue, { clock });
    queue.handleWith(undefined);
    return queue;
  }
  const rowsOf = (name: string) => db.select().from(jobs).where(eq(jobs.queue, name as never)).orderBy(jobs.id);
  const slotsOf = async (name: string) =>
    (await db.select().from(jobScheduleSlots).where(eq(jobScheduleSlots.name, name as never)).orderBy(jobScheduleSlots.slotAt)).map((row) => row.slotAt.toISOString());

  it('queues the latest due slot once, the next when the clock reaches it, and one run after a downtime, not one per missed slot', async () => {
    const name = freshName();
    const clock = new ManualClock('2026-11-27T09:15:00.000Z');
    const ran: string[] = [];
    const queue = queueOn(scheduledCatalogue(name, { everyMs: HOUR }, async ({ slot }) => void ran.push(slot)), clock);

    expect(await queue.queueDueSlots()).toEqual([{ name, slot: at('2026-11-27T09:00:00.000Z') }]);
    expect(await queue.queueDueSlots()).toEqual([]);
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual(['2026-11-27T09:00:00.000Z']);

    clock.advance(at('2026-11-27T09:59:59.999Z'));
    expect(await queue.queueDueSlots()).toEqual([]);
    clock.advance(1);
    expect(await queue.queueDueSlots()).toEqual([{ name, slot: at('2026-11-27T10:00:00.000Z') }]);

    // Down from 10:00 to 15:30: the missed slots are one run, the latest.
    clock.advance(at('2026-11-27T15:30:00.000Z'));
    expect(await queue.queueDueSlots()).toEqual([{ name, slot: at('2026-11-27T15:00:00.000Z') }]);
    expect(await queue.drain()).toBe(2);
    expect(ran).toEqual(['2026-11-27T09:00:00.000Z', '2026-11-27T10:00:00.000Z', '2026-11-27T15:00:00.000Z']);
    expect(await slotsOf(name)).toEqual(['2026-11-27T09:00:00.000Z', '2026-11-27T10:00:00.000Z', '2026-11-27T15:00:00.000Z']);

    // A process starting now (nothing in memory) finds the slot queued.
    expect(await queueOn(scheduledCatalogue(name, { everyMs: HOUR }), clock).queueDueSlots()).toEqual([]);
    // Nor does one whose clock runs behind queue an older slot again.
    expect(await queueOn(scheduledCatalogue(name, { everyMs: HOUR }), new ManualClock('2026-11-27T14:59:00.000Z')).queueDueSlots()).toEqual([]);
    expect(await rowsOf(name)).toHaveLength(3);
  });

  it('keeps its schedule when a run fails for good', async () => {
    const name = freshName();
    const clock = new ManualClock('2026-11-27T09:15:00.000Z');
    const queue = queueOn(
      scheduledCatalogue(name, { everyMs: HOUR }, async ({ slot }) => {
        if (slot === '2026-11-27T09:00:00.000Z') throw new PermanentJobError('the ledger was away');
      }),
      clock,
    );
    await queue.queueDueSlots();
    expect(await queue.drain()).toBe(1);
    clock.advance(HOUR);
    expect(await queue.queueDueSlots()).toEqual([{ name, slot: at('2026-11-27T10:00:00.000Z') }]);
    expect(await queue.drain()).toBe(1);
    expect((await rowsOf(name)).map((row) => [row.payload, row.status])).toEqual([
      [{ slot: '2026-11-27T09:00:00.000Z' }, 'failed'],
      [{ slot: '2026-11-27T10:00:00.000Z' }, 'done'],
    ]);
  });

  it('runs a monthly cron slot at midnight UTC on the first, whatever the month’s length', async () => {
    const name = freshName();
    const clock = new ManualClock('2027-01-20T08:00:00.000Z');
    const queue = queueOn(scheduledCatalogue(name, { cron: '0 0 1 * *' }), clock);
    expect(await queue.queueDueSlots()).toEqual([{ name, slot: at('2027-01-01T00:00:00.000Z') }]);
    clock.advance(at('2027-01-31T23:59:59.999Z'));
    expect(await queue.queueDueSlots()).toEqual([]);
    clock.advance(at('2027-02-01T00:00:00.000Z'));
    expect(await queue.queueDueSlots()).toEqual([{ name, slot: at('2027-02-01T00:00:00.000Z') }]);
    clock.advance(at('2027-03-01T00:00:00.000Z'));
    expect(await queue.queueDueSlots()).toEqual([{ name, slot: at('2027-03-01T00:00:00.000Z') }]);
    expect((await rowsOf(name)).map((row) => row.payload)).toEqual([
      { slot: '2027-01-01T00:00:00.000Z' },
      { slot: '2027-02-01T00:00:00.000Z' },
      { slot: '2027-03-01T00:00:00.000Z' },
    ]);
  });

  it('once started, queues each slot when the clock reaches it and a worker runs it, with nothing to do in between', async () => {
    const name = freshName();
    const clock = new ManualClock('2026-11-27T09:15:30.000Z');
    const runs: string[] = [];
    let ran: () => void = () => undefined;
    const nextRun = () => new Promise<void>((resolve) => (ran = resolve));
    let running = nextRun();
    const queue = queueOn(
      scheduledCatalogue(name, { everyMs: 60_000 }, async ({ slot }) => {
        runs.push(slot);
        ran();
      }),
      clock,
    );
    queue.start({ concurrency: { bulk: 1 } });
    try {
      await running; // the slot due at start
      running = nextRun();
      // The scheduler sleeps until 09:16 and the worker until its next poll; nothing is queued meanwhile.
      await clock.whenSleeping(2);
      clock.advance(at('2026-11-27T09:15:59.000Z'));
      await clock.whenSleeping(2);
      expect(runs).toEqual(['2026-11-27T09:15:00.000Z']);
      clock.advance(at('2026-11-27T09:16:00.000Z'));
      await running;
      expect(runs).toEqual(['2026-11-27T09:15:00.000Z', '2026-11-27T09:16:00.000Z']);
    } finally {
      await queue.stop();
    }
    expect((await rowsOf(name)).map((row) => row.status)).toEqual(['done', 'done']);
  });

  it('queues each slot exactly once when two schedulers, each on its own connections, reach it together', async () => {
    const name = freshName();
    // On PostgreSQL the two schedulers are separate connection pools, as two processes would be; PGlite is
    // one connection in one process, so there they share it.
    const url = t.ctx.config.database.kind === 'postgres' ? t.ctx.config.database.url : null;
    const databases: Database[] = url ? [await openDatabase({ kind: 'postgres', url }), await openDatabase({ kind: 'postgres', url })] : [];
    try {
      const clocks = [new ManualClock('2026-11-27T09:00:00.000Z'), new ManualClock('2026-11-27T09:00:00.000Z')];
      const schedulers = clocks.map((clock, i) => queueOn(scheduledCatalogue(name, { everyMs: 60_000 }), clock, url ? databases[i]!.db : db));
      let queued = 0;
      for (let minute = 0; minute < 20; minute += 1) {
        const results = await Promise.all(schedulers.map((scheduler) => scheduler.queueDueSlots()));
        expect(results.flat(), `minute ${minute}`).toHaveLength(1);
        queued += results.flat().length;
        for (const clock of clocks) clock.advance(60_000);
      }
      expect(queued).toBe(20);
      const rows = await rowsOf(name);
      expect(rows).toHaveLength(20);
      expect(new Set(rows.map((row) => (row.payload as ScheduledPayload).slot)).size).toBe(20);
      expect(await slotsOf(name)).toHaveLength(20);
    } finally {
      for (const database of databases) await database.close();
    }
  });

  it('deletes finished rows past their retention — done after a week, failed after 30 days — and old slots but each schedule’s latest', async () => {
    const name = freshName();
    const clock = new ManualClock(new Date());
    let fail = false;
    const queue = queueOn(
      scheduledCatalogue(name, { everyMs: DAY }, async () => {
        if (fail) throw new PermanentJobError('failed on purpose');
      }),
      clock,
    );
    await queue.queueDueSlots();
    await queue.drain(); // done now
    clock.advance(DAY);
    fail = true;
    await queue.queueDueSlots();
    await queue.drain(); // failed a day later
    clock.advance(DAY);
    await queue.queueDueSlots(); // queued, never finished
    const [done, failed, queued] = await rowsOf(name);
    expect([done!.status, failed!.status, queued!.status]).toEqual(['done', 'failed', 'queued']);
    const slots = await slotsOf(name);
    expect(slots).toHaveLength(3);

    // A week after the done row finished, only it goes. (The clean-up covers every job name: other tests'
    // rows may go too, so this one counts its own.)
    const ids = async () => (await rowsOf(name)).map((row) => row.id);
    clock.advance(JOB_RETENTION.doneMs - 2 * DAY);
    await queue.deleteFinished(JOB_RETENTION);
    expect(await ids()).toEqual([done!.id, failed!.id, queued!.id]);
    clock.advance(1);
    expect((await queue.deleteFinished(JOB_RETENTION)).done).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([failed!.id, queued!.id]);

    // 30 days after the failure: the failed row, and the slots older than 30 days.
    clock.advance(new Date(failed!.finishedAt!.getTime() + JOB_RETENTION.failedMs + 1));
    await queue.deleteFinished(JOB_RETENTION);
    expect(await ids()).toEqual([queued!.id]);
    expect(await slotsOf(name)).toEqual([slots[2]]);
    // Each schedule's latest slot stays however old, so a process starting later does not queue it again.
    clock.advance(60 * DAY);
    await queue.deleteFinished(JOB_RETENTION);
    expect(await slotsOf(name)).toEqual([slots[2]]);
    expect(await queueOn(scheduledCatalogue(name, { everyMs: DAY }), new ManualClock(new Date(slots[2]!))).queueDueSlots()).toEqual([]);
  });

  it('runs the app’s clean-up job over the real catalogue: finished rows past their retention go, the rest stay', async () => {
    await t.ctx.jobs.enqueue('mail', { to: 'old@example.com', subject: 'Old', text: 'Long done' });
    await t.ctx.jobs.enqueue('mail', { to: 'new@example.com', subject: 'New', text: 'Just done' });
    await t.ctx.jobs.drain();
    const mails = await db.select().from(jobs).where(eq(jobs.queue, 'mail'));
    const old = mails.find((row) => (row.payload as { to: string }).to === 'old@example.com')!;
    // Finished eight days ago (test data; the queue's own retention arithmetic is tested above with a clock).
    await db.update(jobs).set({ finishedAt: new Date(Date.now() - 8 * DAY) }).where(eq(jobs.id, old.id));
    await t.ctx.jobs.enqueue('jobs-clean-up', { slot: new Date().toISOString() });
    await t.ctx.jobs.drain();
    const left = await db.select().from(jobs).where(eq(jobs.queue, 'mail'));
    expect(left.map((row) => (row.payload as { to: string }).to)).toEqual(['new@example.com']);
  });

  it('sweeps uploads abandoned for a week from the uploads directory, as a job', async () => {
    const directory = path.join(t.dataDir, 'uploads');
    await mkdir(directory, { recursive: true });
    const upload = async (id: string, startedDaysAgo: number) => {
      await writeFile(path.join(directory, id), 'abc');
      await writeFile(path.join(directory, `${id}.json`), JSON.stringify({ id, size: 10, offset: 3, metadata: {}, creation_date: new Date(Date.now() - startedDaysAgo * DAY).toISOString() }));
    };
    await upload('a'.repeat(32), 8);
    await upload('b'.repeat(32), 1);
    await t.ctx.jobs.enqueue('uploads-sweep', { slot: new Date().toISOString() });
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect((await readdir(directory)).sort()).toEqual(['b'.repeat(32), `${'b'.repeat(32)}.json`]);
  });
});
