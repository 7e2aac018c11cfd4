import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Runs a read planned for its values: every session plans with `force_generic_plan` (client.ts), which suits
 * the fixed shapes of the hot reads, but a filter whose best plan depends on its value (a rare role or a
 * common one, a name prefix matching ten accounts or ten thousand) needs the values' own plan. One
 * transaction, so the setting ends with it.
 */
export function withCustomPlan<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return read(tx);
  });
}
