import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import type { ScheduledPayload } from '../../jobs/job-queue.ts';
import { expireLots, listUsersWithExpiredLots, lockCreditAccount } from './credit-ledger-service.ts';

/**
 * The `credits-expire` job: writes an `expire` entry for every lot whose expiry has passed with
 * credits left. Balances never count an expired lot (they are derived from open lots), so the job only
 * puts on record what already happened; it is scheduled hourly (jobs/job-catalogue.ts) and is safe to
 * run twice (one entry per lot).
 */
const USERS_PER_BATCH = 200;

/** Expires every due lot as of `at`, one transaction per user (holding the same lock as spends). Returns the credits expired. */
export async function expireDueCredits(db: Db, at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const userIds = await listUsersWithExpiredLots(db, at, USERS_PER_BATCH);
    if (userIds.length === 0) return total;
    for (const userId of userIds) {
      total += await db.transaction(async (tx) => {
        await lockCreditAccount(tx, userId);
        return expireLots(tx, userId, at);
      });
    }
  }
}

/** Expires the lots due by the slot's time (a later slot takes those due after it). */
export async function runCreditExpiry(ctx: AppContext, { slot }: ScheduledPayload): Promise<void> {
  const expired = await expireDueCredits(ctx.db, new Date(slot));
  if (expired > 0) ctx.log.info({ expired }, 'expired credits put on record');
}
