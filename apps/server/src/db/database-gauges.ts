import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from './client.ts';

/**
 * The database as this process uses it, read at scrape from counters it keeps anyway: PostgreSQL's pool
 * (open, idle, callers waiting for a connection) and the queries sent on either driver. PGlite is one
 * connection inside the process: its load shows as the query rate and the event-loop delay.
 */
export function registerDatabaseGauges(registry: Registry, database: Database): void {
  new Gauge({
    name: 'crate_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: total open, idle, and requests waiting for one (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const connections = database.connections();
      if (!connections) return;
      this.set({ state: 'total' }, connections.total);
      this.set({ state: 'idle' }, connections.idle);
      this.set({ state: 'waiting' }, connections.waiting);
    },
  });
  let counted = 0;
  new Counter({
    name: 'crate_db_queries_total',
    help: `Queries this process sent to the database (${database.kind})`,
    registers: [registry],
    collect() {
      const sent = database.queryCount();
      this.inc(sent - counted);
      counted = sent;
    },
  });
}
