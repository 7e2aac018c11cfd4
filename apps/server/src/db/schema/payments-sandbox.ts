/**
 * The payment sandbox's table (features/payments/sandbox, a plugin loaded only when the sandbox takes
 * payments). It stays in the schema in every mode because migrations are one history for every database.
 */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The sandbox provider's own state: checkout sessions, subscriptions, invoices and events as the
 * provider holds them (decision 0023). Only the sandbox reads and writes these rows; Crate's fulfilment
 * sees them through the provider interface, as it sees Stripe's.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_objects_type_idx').on(t.type, t.createdAt)],
);
