import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';
import { AUTO_NAMED_STATEMENT } from './prepared.ts';
import { rowsOf } from './sql-rows.ts';

const dialect = new PgDialect();

/**
 * A hand-written statement (its values `sql.placeholder`s) whose text is built once for the process and that runs
 * prepared under AUTO_NAMED_STATEMENT on whichever handle it is given — the database or an open transaction.
 * keptPrepared keeps a query per handle, and a transaction is a new handle each time: for the statements of a
 * short transaction on a hot path (a credit get, decision 0076) that would build the text again on every call.
 * Both drivers answer the rows as the database sends them (no column mapping): cast in SQL what must arrive alike
 * (ints, text[], epoch milliseconds for times).
 */
export function keptStatement<Row>(build: () => SQL): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  let query: ReturnType<PgDialect['sqlToQuery']> | null = null;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    return rowsOf<Row>(await db._.session.prepareQuery(query, undefined, AUTO_NAMED_STATEMENT, false).execute(values));
  };
}
