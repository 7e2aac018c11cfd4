import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { createDbJobQueue } from './db-job-queue.ts';
import { scheduledPayloadSchema } from './job-queue.ts';
import { scheduleSlots } from './job-schedule.ts';

const at = (iso: string) => new Date(iso);

describe('schedule slots', () => {
  it('counts an interval from the Unix epoch, so every process computes the same slots', () => {
    const hourly = scheduleSlots('sweep', { everyMs: 3600_000 });
    expect(hourly.latest(at('2026-11-27T09:15:42.123Z'))).toEqual(at('2026-11-27T09:00:00.000Z'));
    expect(hourly.next(at('2026-11-27T09:15:42.123Z'))).toEqual(at('2026-11-27T10:00:00.000Z'));
    // A slot exactly now is due now; the next one is a whole interval later.
    expect(hourly.latest(at('2026-11-27T10:00:00.000Z'))).toEqual(at('2026-11-27T10:00:00.000Z'));
    expect(hourly.next(at('2026-11-27T10:00:00.000Z'))).toEqual(at('2026-11-27T11:00:00.000Z'));
  });

  it('reads a cron expression in UTC: a monthly slot on the first, whatever the month’s length', () => {
    const monthly = scheduleSlots('payouts', { cron: '0 0 1 * *' });
    expect(monthly.latest(at('2026-02-28T23:59:59.999Z'))).toEqual(at('2026-02-01T00:00:00.000Z'));
    expect(monthly.next(at('2026-02-28T23:59:59.999Z'))).toEqual(at('2026-03-01T00:00:00.000Z'));
    expect(monthly.latest(at('2026-03-01T00:00:00.000Z'))).toEqual(at('2026-03-01T00:00:00.000Z'));
    expect(monthly.next(at('2026-12-15T12:00:00.000Z'))).toEqual(at('2027-01-01T00:00:00.000Z'));
    const weekdays = scheduleSlots('digest', { cron: '30 6 * * 1-5' });
    // Friday 27 November 2026 → Monday 30 November.
    expect(weekdays.next(at('2026-11-27T07:00:00.000Z'))).toEqual(at('2026-11-30T06:30:00.000Z'));
  });

  it('refuses a schedule that names no time, saying which job', () => {
    expect(() => scheduleSlots('payouts', { cron: '61 * * * *' })).toThrow(/Job "payouts" has a schedule that is not a cron expression \("61 \* \* \* \*"\)/);
    expect(() => scheduleSlots('payouts', { cron: 'every month' })).toThrow(/Job "payouts" has a schedule that is not a cron expression/);
    expect(() => scheduleSlots('payouts', { cron: '0 0 0 1 * *' })).toThrow(/expected five fields/);
    expect(() => scheduleSlots('sweep', { everyMs: 0 })).toThrow('Job "sweep" is scheduled every 0 ms');
    expect(() => scheduleSlots('sweep', { everyMs: 1.5 })).toThrow(/whole number of milliseconds/);
  });
});

describe('a catalogue with scheduled jobs', () => {
  const noDb = {} as Db;
  const silent = pino({ level: 'silent' });
  const run = async () => undefined;

  it('is refused when the queue is created: a payload that is not the slot, a unique key, or a bad schedule', () => {
    expect(() => createDbJobQueue(noDb, silent, { sweep: { lane: 'bulk', payload: z.strictObject({ hour: z.string() }), schedule: { everyMs: 60_000 }, run } })).toThrow(
      'Job "sweep" is scheduled, so its payload is the slot it runs for (scheduledPayloadSchema)',
    );
    expect(() =>
      createDbJobQueue(noDb, silent, { sweep: { lane: 'bulk', payload: scheduledPayloadSchema, schedule: { everyMs: 60_000 }, uniqueKey: ({ slot }) => slot, run } }),
    ).toThrow('Job "sweep" is scheduled: its slot is its key, so it takes no uniqueKey');
    expect(() => createDbJobQueue(noDb, silent, { sweep: { lane: 'bulk', payload: scheduledPayloadSchema, schedule: { cron: '* * *' }, run } })).toThrow(/Job "sweep" has a schedule/);
    expect(() => createDbJobQueue(noDb, silent, { sweep: { lane: 'bulk', payload: scheduledPayloadSchema, schedule: { cron: '15 * * * *' }, run } })).not.toThrow();
  });
});
