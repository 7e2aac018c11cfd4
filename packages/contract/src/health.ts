import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  mail: z.enum(['outbox', 'smtp']),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * Readiness (GET /api/ready): whether this process should get traffic. Answered 200 with each check when all
 * pass; otherwise 503 UNAVAILABLE, its message naming every check that failed (docs/decisions/0065).
 */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    /** `postgres`: this process answers search from PostgreSQL (SEARCH_INDEX=postgres, or the index could not be built). */
    search_index: z.enum(['ok', 'postgres']),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** The Prometheus text format /metrics answers in. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
