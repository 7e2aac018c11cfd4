import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { rateLimitWindows } from '../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether registerEndpoint applies the endpoints' declared rate limits (config.rateLimits). */
    rateLimitsEnforced: boolean;
    /** Requests under way per key, for budgets with `concurrentPerUser` (the database's when it is PostgreSQL). */
    concurrencySlots: ConcurrencySlots;
  }
}

/** Every this many counts, windows that ended over an hour ago are deleted (the table stays the size of the active ones). */
const SWEEP_EVERY = 1000;

/**
 * A @fastify/rate-limit store in the PostgreSQL database, so that every API process draws on the same
 * budget: one fixed window per key, counted with one upsert (a window that has ended starts again at 1).
 * Keys already name the endpoint and the user or address, so children share the store.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let counted = 0;
  const sweep = () => db.delete(rateLimitWindows).where(lt(rateLimitWindows.resetsAt, sql`now() - interval '1 hour'`));

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const ended = sql`${rateLimitWindows.resetsAt} <= now()`;
      db.insert(rateLimitWindows)
        .values({ key, hits: 1, resetsAt: sql`now() + make_interval(secs => ${timeWindow / 1000})` })
        .onConflictDoUpdate({
          target: rateLimitWindows.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimitWindows.hits} + 1 end`,
            resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitWindows.resetsAt} end`,
          },
        })
        .returning({ hits: rateLimitWindows.hits, ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitWindows.resetsAt} - now())) * 1000))::int` })
        .then(([row]) => {
          counted += 1;
          if (counted % SWEEP_EVERY === 0) void sweep().catch(() => undefined);
          callback(null, { current: row!.hits, ttl: row!.ttl });
        }, (error: Error) => callback(error));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Slots for requests under way: `take` one of `max` for a key (false when all are taken), `release` it once
 * the answer has been sent. A key names the budget and the user.
 */
export interface ConcurrencySlots {
  take(key: string, max: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** The embedded single process: counted in memory. */
export function memoryConcurrencySlots(): ConcurrencySlots {
  const taken = new Map<string, number>();
  return {
    async take(key, max) {
      const now = taken.get(key) ?? 0;
      if (now >= max) return false;
      taken.set(key, now + 1);
      return true;
    },
    async release(key) {
      const now = taken.get(key) ?? 0;
      if (now <= 1) taken.delete(key);
      else taken.set(key, now - 1);
    },
  };
}

/**
 * How long a taken slot lasts if it is never released (the process that took it died): every take renews
 * the key's lease, and a key whose lease has ended starts again at one. Exports finish in seconds.
 */
const SLOT_LEASE_SECONDS = 120;

/**
 * Slots in PostgreSQL, so that every API process counts the same requests under way: a row of
 * rate_limit_windows per key whose `hits` are the slots taken, taken with one conditional upsert (no row
 * comes back when all are taken and the lease holds) and given back with one update.
 */
export function postgresConcurrencySlots(db: Db): ConcurrencySlots {
  return {
    async take(key, max) {
      const result = await db.execute(sql`
        insert into rate_limit_windows as w (key, hits, resets_at) values (${key}, 1, now() + make_interval(secs => ${SLOT_LEASE_SECONDS}))
        on conflict (key) do update set
          hits = case when w.resets_at <= now() then 1 else w.hits + 1 end,
          resets_at = excluded.resets_at
        where w.resets_at <= now() or w.hits < ${max}
        returning w.hits`);
      return rowsOf(result).length === 1;
    },
    async release(key) {
      await db.execute(sql`update rate_limit_windows set hits = greatest(hits - 1, 0) where key = ${key}`);
    },
  };
}
