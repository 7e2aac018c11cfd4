import { and, eq } from 'drizzle-orm';
import type { PaymentProvider as ProviderKind } from '@crate/contract/commerce-enums';
import type { DbOrTx } from '../../db/client.ts';
import { payoutAccounts, users } from '../../db/schema/index.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: DbOrTx, userId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row ?? null;
}

/** Records the provider's account for the user; a row already there (two clicks at once) stays as it is. */
export async function insertPayoutAccount(db: DbOrTx, row: { userId: string; provider: ProviderKind; providerAccountId: string }): Promise<boolean> {
  const inserted = await db.insert(payoutAccounts).values(row).onConflictDoNothing({ target: payoutAccounts.userId }).returning({ userId: payoutAccounts.userId });
  return inserted.length > 0;
}

/** onboarding → active, once: true only for the call that changed it. */
export async function activatePayoutAccount(db: DbOrTx, userId: string): Promise<boolean> {
  const changed = await db
    .update(payoutAccounts)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.status, 'onboarding')))
    .returning({ userId: payoutAccounts.userId });
  return changed.length > 0;
}

export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
