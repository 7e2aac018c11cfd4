import { and, eq, exists, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { JobName } from '@crate/contract/jobs';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobScheduleSlots } from '../db/schema/index.ts';
import type { ScheduleSlots } from './job-schedule.ts';

/** A process that slept through a slot (a failed attempt, a clock set forward) looks again within this. */
const MAX_WAIT_MS = 60_000;

export interface ScheduledJob {
  name: string;
  slots: ScheduleSlots;
}

export interface JobScheduler {
  /** Queues the latest due slot of each scheduled job that no process has queued yet; returns those this call queued. */
  queueDueSlots(): Promise<Array<{ name: string; slot: Date }>>;
  /** Queues due slots, then sleeps until the next slot of any schedule, until `signal` aborts. */
  run(signal: AbortSignal): Promise<void>;
  /** Forgets slots older than `cutoff`, except each schedule's latest (which stops an older slot being queued again). */
  deleteSlotsBefore(cutoff: SQL): Promise<number>;
}

/** The `name` column is typed with the product's job names; a catalogue of other names (the queue's own tests) is stored the same way. */
const nameValue = (name: string) => name as JobName;

/**
 * The scheduler of docs/decisions/0037: each scheduled job's slots are computed by every process that
 * runs workers, and a slot's job is queued in the same transaction as its row in `job_schedule_slots`,
 * whose primary key (name, slot) lets exactly one of them do it. Only the latest due slot is queued,
 * so a process starting after a downtime queues one run, not one per missed slot; a run that fails
 * changes nothing for the next slot.
 */
export function createJobScheduler(
  db: Db,
  log: Logger,
  clock: Clock,
  scheduled: readonly ScheduledJob[],
  queue: {
    /** Queues the slot's job inside the transaction that records the slot. */
    slot(tx: DbOrTx, name: string, slot: Date): Promise<void>;
    /** After the commit: the job can be claimed now. */
    committed(name: string): void;
  },
): JobScheduler {
  /** The latest slot this process saw queued (by itself or another), so a wake-up between slots asks the database nothing. */
  const seen = new Map<string, number>();

  async function queueSlotOnce(name: string, slot: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      // A slot at or after this one is already queued: a process whose clock runs behind must not queue an older one.
      const [later] = await tx
        .select({ slotAt: jobScheduleSlots.slotAt })
        .from(jobScheduleSlots)
        .where(and(eq(jobScheduleSlots.name, nameValue(name)), gte(jobScheduleSlots.slotAt, slot)))
        .limit(1);
      if (later) return false;
      const inserted = await tx.insert(jobScheduleSlots).values({ name: nameValue(name), slotAt: slot }).onConflictDoNothing().returning({ name: jobScheduleSlots.name });
      if (inserted.length === 0) return false;
      await queue.slot(tx, name, slot);
      return true;
    });
  }

  const scheduler: JobScheduler = {
    async queueDueSlots() {
      const now = clock.now();
      const queued: Array<{ name: string; slot: Date }> = [];
      for (const { name, slots } of scheduled) {
        const slot = slots.latest(now);
        if ((seen.get(name) ?? -Infinity) >= slot.getTime()) continue;
        if (await queueSlotOnce(name, slot)) {
          queue.committed(name);
          queued.push({ name, slot });
          // Debug, not info: the attribution forwarder's slot comes every 10 s, six lines a minute of nothing to see.
          log.debug({ job: name, slot: slot.toISOString() }, 'scheduled job queued');
        }
        seen.set(name, slot.getTime());
      }
      return queued;
    },

    async run(signal) {
      if (scheduled.length === 0) return;
      while (!signal.aborted) {
        try {
          await scheduler.queueDueSlots();
        } catch (error) {
          log.error({ err: error }, 'the scheduler could not queue a slot; it tries again within a minute');
        }
        if (signal.aborted) return;
        const now = clock.now().getTime();
        const next = Math.min(...scheduled.map(({ slots }) => slots.next(new Date(now)).getTime()));
        await clock.sleep(Math.min(next - now, MAX_WAIT_MS), signal);
      }
    },

    async deleteSlotsBefore(cutoff) {
      const later = alias(jobScheduleSlots, 'later');
      const deleted = await db
        .delete(jobScheduleSlots)
        .where(
          and(
            lt(jobScheduleSlots.slotAt, cutoff),
            exists(db.select({ one: sql`1` }).from(later).where(and(eq(later.name, jobScheduleSlots.name), gt(later.slotAt, jobScheduleSlots.slotAt)))),
          ),
        )
        .returning({ name: jobScheduleSlots.name });
      return deleted.length;
    },
  };
  return scheduler;
}
