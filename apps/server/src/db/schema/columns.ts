/** Column helpers every domain's tables share, so that timestamps and ids are declared one way. */
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
export const id = () => uuid('id').primaryKey().defaultRandom();

/** PostgreSQL full-text document (search). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A point in n dimensions from the `cube` extension; `<->` is Euclidean distance (similar sounds). */
export const cube = customType<{ data: string }>({ dataType: () => 'cube' });
