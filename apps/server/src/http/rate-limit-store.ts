import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether registerEndpoint applies the endpoints' declared rate limits (config.rateLimits). */
    rateLimitsEnforced: boolean;
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
