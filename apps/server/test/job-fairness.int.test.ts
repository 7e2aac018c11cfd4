import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { createDbJobQueue } from '../src/jobs/db-job-queue.ts';
import { JOB_CATALOGUE } from '../src/jobs/job-catalogue.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * docs/decisions/0075: work somebody waits for goes before the demo catalogue's backfill, and each owner's jobs
 * take turns, so one creator's thousand files never make another creator's one file wait behind them.
 */
describe(`job fairness on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A queue whose derive-media jobs only record the order they ran in (by the label in the payload's file id). */
  function recordingQueue() {
    const ran: string[] = [];
    const labels = new Map<string, string>();
    const queue = createDbJobQueue(t.ctx.db, pino({ level: 'silent' }), {
      'derive-media': {
        ...JOB_CATALOGUE['derive-media'],
        run: async (_ctx: AppContext, { fileId }: { fileId: string }) => void ran.push(labels.get(fileId)!),
      },
    });
    queue.handleWith(t.ctx);
    const file = (label: string) => {
      const fileId = randomUUID();
      labels.set(fileId, label);
      return { fileId };
    };
    return { queue, ran, file };
  }

  it('takes backfill last and interleaves owners, oldest first within a position', async () => {
    const { queue, ran, file } = recordingQueue();
    const alice = randomUUID();
    const bob = randomUUID();
    await queue.enqueueMany('derive-media', [file('seed-1'), file('seed-2'), file('seed-3')], { backfill: true });
    await queue.enqueueMany('derive-media', [file('alice-1'), file('alice-2'), file('alice-3'), file('alice-4')], { owner: alice });
    await queue.enqueue('derive-media', file('bob-1'), { owner: bob });
    await queue.enqueue('derive-media', file('nobody-1'));
    await queue.enqueue('derive-media', file('bob-2'), { owner: bob });

    expect(await queue.drain()).toBe(10);
    expect(ran).toEqual(['alice-1', 'bob-1', 'nobody-1', 'alice-2', 'bob-2', 'alice-3', 'alice-4', 'seed-1', 'seed-2', 'seed-3']);
  });

  it("counts only an owner's unfinished jobs: once their queue is empty, their next job is first in line again", async () => {
    const { queue, ran, file } = recordingQueue();
    const carol = randomUUID();
    const dave = randomUUID();
    await queue.enqueueMany('derive-media', [file('carol-1'), file('carol-2'), file('carol-3')], { owner: carol });
    expect(await queue.drain()).toBe(3);
    await queue.enqueueMany('derive-media', [file('dave-1'), file('dave-2')], { owner: dave });
    await queue.enqueue('derive-media', file('carol-4'), { owner: carol });

    expect(await queue.drain()).toBe(3);
    expect(ran.slice(3)).toEqual(['dave-1', 'carol-4', 'dave-2']);
  });
});
