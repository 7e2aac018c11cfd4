import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';
import { StatementNamingClient } from './prepared.ts';
import { rowsOf } from './sql-rows.ts';

type Schema = typeof schema;
/** One type for both drivers: every query is written once and runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Queries issued so far by this process (tests use it to prove lists are not N+1). */
  queryCount(): number;
  migrate(): Promise<void>;
  /** How many of the migrations this code ships the database has not applied (readiness: a process may not serve a schema it predates). */
  pendingMigrations(): Promise<number>;
  /** PostgreSQL: the pool's connections (open, idle, and requests waiting for one); null on PGlite, one connection in-process. */
  connections(): { total: number; idle: number; waiting: number } | null;
  /** Opens the connections a request needs before any request comes (PostgreSQL forks a backend per connection). */
  warmUp(): Promise<void>;
  /** How many connections warmUp opens (and the pool keeps): a statement prepared on each is ready for the first visitors. */
  readonly warmConnections: number;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball, to start other instances from. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only (one process owns the database): calls `listener` as soon as a statement that changed what a session
   * resolves to commits (migration 0038's triggers notify this connection only), before the writer goes on.
   */
  onViewerChange?(listener: () => void): Promise<void>;
}

/**
 * Settings of every database session the app opens. The app runs short statements: compiling a plan
 * with JIT costs more (30+ ms on search's broad plans) than running it. Search keeps a broad match in
 * memory to count its facets; the 4 MB default would spill it to disk. Set per connection, so no
 * statement needs a transaction around it to set them (each round trip costs here).
 */
const SESSION_SETTINGS = { jit: 'off', work_mem: '64MB', plan_cache_mode: 'force_generic_plan' } as const;
const SESSION_OPTIONS = Object.entries(SESSION_SETTINGS).map(([name, value]) => `-c ${name}=${value}`).join(' ');

/**
 * Connections the pool opens at start and keeps however quiet it gets: the first visitor after a restart or
 * a quiet minute does not wait for PostgreSQL to start a backend (several ms each) for the session lookup,
 * the roles and the search page's reads. Each then opens every table once, so that its backend has read
 * their catalogue entries and indexes (what a new backend's first query on a table pays, several ms in all).
 */
const WARM_CONNECTIONS = 4;
const OPEN_EVERY_TABLE = `select string_agg(format('select from %I.%I limit 0', schemaname, tablename), '; ') as sql from pg_tables where schemaname = 'public'`;

const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');

/** When each migration this code ships was made (drizzle's journal): the migrator records the newest applied one's. */
async function shippedMigrationTimes(): Promise<number[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return journal.entries.map((entry) => entry.when);
}

/** Migrations made after the newest one the database has applied (drizzle's own record of them). */
async function countPendingMigrations(db: Db, shipped: Promise<number[]>): Promise<number> {
  const [row] = rowsOf<{ last: string | number }>(await db.execute(sql`select coalesce(max(created_at), 0) as last from drizzle.__drizzle_migrations`));
  const last = Number(row?.last ?? 0);
  return (await shipped).filter((when) => when > last).length;
}

/** DATABASE_URL set → PostgreSQL through `pg`; unset → PGlite in DATA_DIR (or in memory when dir is null). */
/**
 * `onConnectionLost` hears about pooled PostgreSQL connections that die while idle (server restart,
 * failover, a terminated backend): the pool replaces them on the next checkout, so the process must not
 * crash on the unhandled 'error' event.
 */
export async function openDatabase(config: Config['database'], onConnectionLost: (error: Error) => void = () => {}): Promise<Database> {
  let queries = 0;
  const shipped = shippedMigrationTimes();
  const logger = { logQuery: () => void (queries += 1) };
  const queryCount = () => queries;
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 20, min: WARM_CONNECTIONS, options: SESSION_OPTIONS, Client: StatementNamingClient });
    pool.on('error', onConnectionLost);
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      queryCount,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      pendingMigrations: () => countPendingMigrations(db, shipped),
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      warmConnections: WARM_CONNECTIONS,
      async warmUp() {
        const clients = await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => pool.connect()));
        try {
          const { rows } = await clients[0]!.query<{ sql: string | null }>(OPEN_EVERY_TABLE);
          if (rows[0]?.sql) await Promise.all(clients.map((client) => client.query(rows[0]!.sql!)));
        } finally {
          for (const client of clients) client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // The contrib extensions the migrations create, shipped inside the pglite package (PostgreSQL has them in contrib).
  const extensions = { pg_trgm, cube, btree_gin };
  const loadDataDir = config.template ? new Blob([await readFile(config.template)]) : undefined;
  const client = config.dir ? new PGlite(config.dir, { extensions }) : new PGlite({ extensions, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  await client.exec(Object.entries({ ...SESSION_SETTINGS, 'crate.notify_viewer_changes': 'on' }).map(([name, value]) => `set ${name} = '${value}';`).join('\n'));
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryCount,
    dumpDataDir: () => client.dumpDataDir('none'),
    onViewerChange: async (listener) => void (await client.listen('crate_viewer_changed', listener)),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    pendingMigrations: () => countPendingMigrations(db, shipped),
    connections: () => null,
    // One in-process connection, open from the start.
    warmConnections: 1,
    warmUp: async () => {},
    close: () => client.close(),
  };
}
