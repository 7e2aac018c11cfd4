/** Request limits shared by every API process on the database (docs/decisions/0017). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** One fixed window of one limit: `key` names the endpoint and the user or client address. */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: ts('resets_at').notNull(),
});
