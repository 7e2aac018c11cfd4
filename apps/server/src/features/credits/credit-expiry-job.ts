import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { expireLots, listUsersWithExpiredLots, lockCreditAccount } from './credit-ledger-service.ts';

/**
 * The `credits-expire` job: writes an `expire` entry for every lot whose expiry has passed with
 * credits left. Balances never count an expired lot (they are derived from open lots), so the job only
 * puts on record what already happened; it runs hourly and is safe to run twice (one entry per lot).
 */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const USERS_PER_BATCH = 200;

/** The hour the sweep is for: one job per hour, however many processes schedule it. */
export const creditExpiryPayloadSchema = z.strictObject({ hour: z.iso.datetime() });
export const creditExpiryJobKey = (payload: { hour: string }) => `credits-expire:${payload.hour}`;

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

/** Queues the sweep of the next whole hour. */
export async function scheduleCreditExpiry(ctx: AppContext, after: Date = new Date()): Promise<void> {
  const runAt = new Date(Math.floor(after.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS);
  await ctx.jobs.enqueue('credits-expire', { hour: runAt.toISOString() }, { runAt });
}

export async function runCreditExpiry(ctx: AppContext): Promise<void> {
  const expired = await expireDueCredits(ctx.db, new Date());
  if (expired > 0) ctx.log.info({ expired }, 'expired credits put on record');
  await scheduleCreditExpiry(ctx);
}
