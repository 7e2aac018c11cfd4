import type { CreditAdjustment } from '@crate/contract/commerce';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { addCredits, creditBalance, findEntryByKey, lockCreditAccount, takeCredits, type CreditBalance } from './credit-ledger-service.ts';

/**
 * An admin adds or takes credits, with a reason, as one `adjust` entry and an audit row. Taking
 * more than the user holds is refused (the balance never goes negative). A replayed key changes
 * nothing; the same key for another user is a conflict.
 */
export async function adjustCredits(db: Db, input: { userId: string; actorUserId: string; ipAddress: string | null } & CreditAdjustment): Promise<CreditBalance> {
  const key = `adjust:${input.actorUserId}:${input.idempotency_key}`;
  return db.transaction(async (tx) => {
    await lockCreditAccount(tx, input.userId);
    const previous = await findEntryByKey(tx, key);
    if (previous && previous.userId !== input.userId) throw new AppError('CONFLICT', 'This idempotency_key was used for another adjustment', 'idempotency_key');
    if (!previous) {
      const entry = { userId: input.userId, reason: input.reason, idempotencyKey: key, createdBy: input.actorUserId };
      const entryId =
        input.amount > 0
          ? await addCredits(tx, { ...entry, kind: 'adjust', amount: input.amount, expiresAt: input.expires_at ? new Date(input.expires_at) : null })
          : await takeCredits(tx, { ...entry, kind: 'adjust', amount: -input.amount });
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: 'credits.adjusted',
        targetType: 'user',
        targetId: input.userId,
        details: { amount: input.amount, reason: input.reason, entry_id: entryId, expires_at: input.expires_at ?? null },
        ipAddress: input.ipAddress,
      });
    }
    return creditBalance(tx, input.userId);
  });
}
