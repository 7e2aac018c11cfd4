import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JOB_LANES, JOB_NAMES } from '@crate/contract/jobs';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { createDbJobQueue } from './db-job-queue.ts';
import { SANDBOX_JOBS } from '../features/payments/sandbox/sandbox-jobs.ts';
import { JOB_CATALOGUE, type AppJobQueue } from './job-catalogue.ts';
import type { JobDefinition } from './job-queue.ts';

const FILE_ID = '3f1c2a7e-9b4d-4c6e-8a2f-1d5e7b9c0a42';

/**
 * Never called: `npm run typecheck` checks these lines. Each `@ts-expect-error` fails the typecheck
 * if its line compiles, i.e. if enqueue stopped checking the payload against the job's schema.
 */
export function enqueueIsTyped(jobs: AppJobQueue): void {
  void jobs.enqueue('derive-media', { fileId: FILE_ID });
  void jobs.enqueueMany('derive-media', [{ fileId: FILE_ID }]);
  void jobs.enqueue('mail', { to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
  // @ts-expect-error a file id is a string
  void jobs.enqueue('derive-media', { fileId: 42 });
  // @ts-expect-error the payload names the file
  void jobs.enqueue('derive-media', {});
  // @ts-expect-error a mail payload is not a derive-media payload
  void jobs.enqueue('derive-media', { to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
  // @ts-expect-error a mail has a subject
  void jobs.enqueue('mail', { to: 'someone@example.com', text: 'Hi' });
  // @ts-expect-error there is no such job
  void jobs.enqueue('derive-everything', { fileId: FILE_ID });
  // @ts-expect-error every payload in a batch is checked
  void jobs.enqueueMany('derive-media', [{ fileId: FILE_ID }, { file: FILE_ID }]);
}

/**
 * Never called: `npm run typecheck` checks these lines too. A handler must take exactly what its
 * schema gives: one that expects a field no payload has does not compile, in an entry or a catalogue.
 */
export function runIsChecked(): void {
  const payload = z.strictObject({ fileId: z.uuid() });
  const job = <S extends z.ZodType>(definition: JobDefinition<S, AppContext>) => definition;
  void job({ lane: 'bulk', payload, run: async (_ctx, p: { fileId: string }) => void p.fileId });
  // @ts-expect-error the handler expects a field the schema never gives
  void job({ lane: 'bulk', payload, run: async (_ctx, p: { fileId: string; sizes: number[] }) => void p.sizes });
  // @ts-expect-error so does this failure hook
  void job({ lane: 'bulk', payload, run: async () => undefined, failedForGood: async (_ctx, p: { packId: string }) => void p.packId });
  // @ts-expect-error and this unique key
  void job({ lane: 'bulk', payload, uniqueKey: (p: { orderId: string }) => p.orderId, run: async () => undefined });
  const db = {} as Db;
  const log = pino({ level: 'silent' });
  // @ts-expect-error a catalogue written without the helper is checked entry by entry when its queue is made
  void createDbJobQueue(db, log, { derive: { lane: 'bulk', payload, run: async (_ctx: AppContext, p: { fileId: string; sizes: number[] }) => void p.sizes } });
}

describe('the job catalogue', () => {
  it('has one entry for every job name of the contract, with the payment sandbox plugin, each in a lane', () => {
    const all = { ...JOB_CATALOGUE, ...SANDBOX_JOBS };
    expect(Object.keys(all).sort()).toEqual([...JOB_NAMES].sort());
    for (const definition of Object.values(all)) expect(JOB_LANES).toContain(definition.lane);
    // The sandbox's jobs are the plugin's own: a server without the sandbox never registers them.
    expect(Object.keys(JOB_CATALOGUE).filter((name) => name.startsWith('sandbox-'))).toEqual([]);
  });

  it('puts e-mail in the interactive lane and media derivatives in the bulk lane', () => {
    expect(JOB_CATALOGUE.mail.lane).toBe('interactive');
    expect(JOB_CATALOGUE['derive-media'].lane).toBe('bulk');
  });

  it('checks a derive-media payload at run time too and keys it by file, so a file is derived once', () => {
    const { payload, uniqueKey } = JOB_CATALOGUE['derive-media'];
    expect(payload.safeParse({ fileId: FILE_ID }).success).toBe(true);
    expect(payload.safeParse({ fileId: 'not-an-id' }).success).toBe(false);
    expect(payload.safeParse({ fileId: FILE_ID, extra: true }).success).toBe(false);
    expect(uniqueKey?.({ fileId: FILE_ID })).toBe(`derive-media:${FILE_ID}`);
  });

  it('schedules the recurring sweeps, each taking the slot it runs for and no unique key', () => {
    const schedules = Object.fromEntries(Object.entries(JOB_CATALOGUE).flatMap(([name, definition]) => ('schedule' in definition ? [[name, definition.schedule]] : [])));
    expect(schedules).toEqual({
      'credits-expire': { everyMs: 3600_000 },
      'play-dedupe-prune': { everyMs: 3600_000 },
      'credits-expiring-notice': { cron: '0 0 * * *' },
      'jobs-clean-up': { everyMs: 3600_000 },
      'uploads-sweep': { everyMs: 3600_000 },
      'site-stats-rollup': { everyMs: 600_000 },
      'payout-drafts': { everyMs: 3_600_000 },
      'attribution-forward': { everyMs: 10_000 },
      'release-reminders': { cron: '0 8 * * *' },
    });
    for (const name of Object.keys(schedules)) {
      const definition = JOB_CATALOGUE[name as keyof typeof JOB_CATALOGUE];
      expect(definition.payload.safeParse({ slot: '2026-11-27T10:00:00.000Z' }).success, name).toBe(true);
      expect('uniqueKey' in definition, name).toBe(false);
    }
  });

  it('retries a mail up to 8 times, and refuses one without a recipient', () => {
    expect(JOB_CATALOGUE.mail.maxAttempts).toBe(8);
    expect(JOB_CATALOGUE.mail.payload.safeParse({ to: '', subject: 'Hello', text: 'Hi' }).success).toBe(false);
  });
});
