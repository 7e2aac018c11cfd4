import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DbOrTx } from './client.ts';

/**
 * Frequent reads run as named statements: PostgreSQL parses and plans each once per connection and then
 * reuses the plan (planning the catalogue's joins over the items table cost ~3 ms, several times more than
 * running them). A query opts in with `runPrepared`; its statement is named after a hash of its text by
 * the pool's client class below, so every call of one shape shares one statement and different shapes
 * never collide. Each connection keeps its statements: this is for queries of a few fixed shapes — not for
 * search's filter combinations, which also need a plan of their own for each set of values.
 * PGlite (one in-process connection) ignores statement names.
 */
/** The name a statement is prepared under to be named after a hash of its text (a query kept prepared passes it itself). */
export const AUTO_NAMED_STATEMENT = 'crate:auto-named';

interface Preparable<R> {
  prepare(name: string): { execute(): Promise<R> };
}

export function runPrepared<R>(query: Preparable<R>): Promise<R> {
  return query.prepare(AUTO_NAMED_STATEMENT).execute();
}

/**
 * A query built once per database handle and shape, its values placeholders (`sql.placeholder`), then
 * prepared under AUTO_NAMED_STATEMENT: a request only fills the values in. For the reads on every screen's
 * path (the viewer's session, a pack and its page of sounds, an item, search's rows): building a query with
 * drizzle costs more of the server's time than PostgreSQL spends answering it (a quarter of a pack page's
 * time in a profile). `shape` names the variants that change the SQL's text (signed in, a later page).
 */
export function keptPrepared<Shape extends (string | boolean)[], Query>(build: (db: DbOrTx, ...shape: Shape) => Query): (db: DbOrTx, ...shape: Shape) => Query {
  const built = new WeakMap<DbOrTx, Map<string, Query>>();
  return (db, ...shape) => {
    let byShape = built.get(db);
    if (!byShape) built.set(db, (byShape = new Map()));
    const key = shape.join('|');
    let query = byShape.get(key);
    if (!query) byShape.set(key, (query = build(db, ...shape)));
    return query;
  };
}

const statementName = (text: string) => `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/** The pg client of our pools: gives statements sent with AUTO_NAMED_STATEMENT their own name. */
export class StatementNamingClient extends pg.Client {}
const sendQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
StatementNamingClient.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
  const named =
    config !== null && typeof config === 'object' && (config as pg.QueryConfig).name === AUTO_NAMED_STATEMENT
      ? { ...(config as pg.QueryConfig), name: statementName((config as pg.QueryConfig).text) }
      : config;
  return sendQuery.call(this, named, ...rest);
} as pg.Client['query'];
