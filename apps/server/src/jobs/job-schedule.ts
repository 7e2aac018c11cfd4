import { CronExpressionParser } from 'cron-parser';
import type { JobSchedule } from './job-queue.ts';

/** The slots of one schedule: the latest at or before a time, and the first after it. */
export interface ScheduleSlots {
  latest(at: Date): Date;
  next(at: Date): Date;
}

/**
 * Reads a schedule, refusing one that names no time (a cron expression that does not parse, an interval
 * under a second), so a bad catalogue entry stops the process at start rather than at its first slot.
 */
export function scheduleSlots(name: string, schedule: JobSchedule): ScheduleSlots {
  if ('everyMs' in schedule) {
    const every = schedule.everyMs;
    if (!Number.isSafeInteger(every) || every < 1000) throw new Error(`Job "${name}" is scheduled every ${every} ms; a schedule's interval is a whole number of milliseconds, at least 1000`);
    // Counted from the Unix epoch, so every process computes the same slots whenever it started.
    return {
      latest: (at) => new Date(Math.floor(at.getTime() / every) * every),
      next: (at) => new Date(Math.floor(at.getTime() / every) * every + every),
    };
  }
  const parse = (at: Date) => CronExpressionParser.parse(schedule.cron, { currentDate: at, tz: 'UTC' });
  try {
    if (schedule.cron.trim().split(/\s+/).length !== 5) throw new Error('expected five fields: minute hour day-of-month month day-of-week');
    parse(new Date(0)).next();
  } catch (error) {
    throw new Error(`Job "${name}" has a schedule that is not a cron expression ("${schedule.cron}"): ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    // prev() and next() exclude the current date itself: a slot exactly now is the latest one.
    latest: (at) => parse(new Date(at.getTime() + 1)).prev().toDate(),
    next: (at) => parse(at).next().toDate(),
  };
}
