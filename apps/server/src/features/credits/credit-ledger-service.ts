import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as ledger from './credit-ledger-repository.ts';

/**
 * The credit ledger (docs/decisions/0020). Lots are the rows that add credits; rows that take credits
 * draw from the open lots, soonest-expiring first (never-expiring last). Nothing stores a balance:
 * it is the sum of what is left in the lots that have not expired.
 *
 * Writers that take credits hold the user's row lock (lockCreditAccount) for the whole transaction, so
 * concurrent spends from many tabs or processes queue up one behind the other and each sees what the
 * previous one left: the balance can never go below zero. The queries are in credit-ledger-repository.ts;
 * the reads other features need pass through here.
 */
export { findEntryByKey, listLotsExpiringBetween, listUsersWithExpiredLots } from './credit-ledger-repository.ts';
export { listCreditHistory } from './credit-history-repository.ts';

export interface CreditBalance {
  credits: number;
  /** When the soonest-expiring open credits expire; null when there are none or none expire. */
  creditsExpireAt: Date | null;
}

export async function creditBalance(db: DbOrTx, userId: string, at: Date = new Date()): Promise<CreditBalance> {
  const lots = await ledger.listOpenLots(db, userId, at);
  const expiring = lots.filter((lot) => lot.expiresAt !== null);
  return { credits: lots.reduce((sum, lot) => sum + lot.remaining, 0), creditsExpireAt: expiring[0]?.expiresAt ?? null };
}

/** Takes the user's row lock until the transaction ends: every writer that takes credits does this first. */
export async function lockCreditAccount(tx: Tx, userId: string): Promise<void> {
  if (!(await ledger.lockUserRow(tx, userId))) throw notFound('The account');
}

export interface CreditEntryInput {
  userId: string;
  reason: string;
  /** Unique across the ledger: a second write with the same key changes nothing. */
  idempotencyKey: string;
  createdBy?: string | null;
  subscriptionId?: string | null;
  checkoutSessionId?: string | null;
}

/**
 * Adds a lot. Returns its id, or null when an entry with this idempotency key exists already (the
 * credits were added before: a replayed webhook, a retried request).
 */
export async function addCredits(
  db: DbOrTx,
  entry: CreditEntryInput & { kind: 'grant' | 'refill' | 'adjust'; amount: number; expiresAt: Date | null },
): Promise<string | null> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0) throw new Error(`addCredits needs a positive whole amount, got ${entry.amount}`);
  return ledger.insertEntry(
    db,
    {
      userId: entry.userId,
      kind: entry.kind,
      amount: entry.amount,
      reason: entry.reason,
      idempotencyKey: entry.idempotencyKey,
      expiresAt: entry.expiresAt,
      createdBy: entry.createdBy ?? null,
      subscriptionId: entry.subscriptionId ?? null,
      checkoutSessionId: entry.checkoutSessionId ?? null,
    },
    true,
  );
}

/** What a spend the open lots cannot cover answers (402). */
export function insufficientCredits(needed: number, available: number): AppError {
  return new AppError(
    'INSUFFICIENT_CREDITS',
    `This costs ${needed} ${needed === 1 ? 'credit' : 'credits'} and you have ${available}. Subscribe or buy a refill to get it.`,
  );
}

/**
 * Takes `amount` credits from the open lots, soonest-expiring first, as one entry. The caller must
 * hold lockCreditAccount in this transaction. Throws INSUFFICIENT_CREDITS, writing nothing, when the
 * open lots hold less. Returns the entry's id.
 */
export async function takeCredits(tx: Tx, entry: CreditEntryInput & { kind: 'spend' | 'adjust'; amount: number }): Promise<string> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0) throw new Error(`takeCredits needs a positive whole amount, got ${entry.amount}`);
  const lots = await ledger.listOpenLots(tx, entry.userId);
  const available = lots.reduce((sum, lot) => sum + lot.remaining, 0);
  if (available < entry.amount) throw insufficientCredits(entry.amount, available);
  const entryId = (await ledger.insertEntry(
    tx,
    {
      userId: entry.userId,
      kind: entry.kind,
      amount: -entry.amount,
      reason: entry.reason,
      idempotencyKey: entry.idempotencyKey,
      createdBy: entry.createdBy ?? null,
      subscriptionId: entry.subscriptionId ?? null,
      checkoutSessionId: entry.checkoutSessionId ?? null,
    },
    false,
  ))!;
  const draws: { entryId: string; lotId: string; amount: number }[] = [];
  let left = entry.amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    draws.push({ entryId, lotId: lot.id, amount: take });
    left -= take;
  }
  await ledger.insertDraws(tx, draws);
  return entryId;
}

/**
 * Writes an expiry entry for every lot of this user whose expiry has passed with credits left, each
 * drawing exactly what was left of its lot. Idempotent per lot (key `expire:<lot id>`).
 */
export async function expireLots(tx: Tx, userId: string, at: Date): Promise<number> {
  let expired = 0;
  for (const lot of await ledger.listExpiredLots(tx, userId, at)) {
    const entryId = await ledger.insertEntry(tx, { userId, kind: 'expire', amount: -lot.remaining, reason: `Credits expired on ${lot.expiresAt.toISOString().slice(0, 10)}`, idempotencyKey: `expire:${lot.id}` }, true);
    if (!entryId) continue;
    await ledger.insertDraws(tx, [{ entryId, lotId: lot.id, amount: lot.remaining }]);
    expired += lot.remaining;
  }
  return expired;
}

/**
 * The plan ended (decision 0074): every lot that lasted as long as a plan did (a plan's grants and refills: lots
 * with a subscription and no date of their own) expires now, each by one `expire` entry drawing what was left —
 * the same key as a dated expiry (`expire:<lot id>`), so a lot expires once. The caller holds lockCreditAccount.
 */
export async function expirePlanCredits(tx: Tx, userId: string, at: Date): Promise<number> {
  let expired = 0;
  for (const lot of await ledger.listOpenPlanLots(tx, userId)) {
    const entryId = await ledger.insertEntry(tx, { userId, kind: 'expire', amount: -lot.remaining, reason: `Your plan ended on ${at.toISOString().slice(0, 10)}: its unused credits went with it`, idempotencyKey: `expire:${lot.id}` }, true);
    if (!entryId) continue;
    await ledger.insertDraws(tx, [{ entryId, lotId: lot.id, amount: lot.remaining }]);
    expired += lot.remaining;
  }
  return expired;
}

/**
 * Takes back what is left of one lot (a refunded or disputed payment's credits), as one `adjust` entry
 * drawing only from that lot. What was already spent stays spent. The caller must hold
 * lockCreditAccount. Returns the credits taken (0 when nothing was left or the key was used).
 */
export async function takeBackLot(tx: Tx, entry: Omit<CreditEntryInput, 'userId'> & { userId: string; lotId: string }): Promise<number> {
  const lot = await ledger.findLot(tx, entry.userId, entry.lotId);
  const remaining = lot?.remaining ?? 0;
  if (!lot || remaining <= 0 || (lot.expiresAt !== null && lot.expiresAt <= new Date())) return 0;
  const entryId = await ledger.insertEntry(
    tx,
    { userId: entry.userId, kind: 'adjust', amount: -remaining, reason: entry.reason, idempotencyKey: entry.idempotencyKey, createdBy: entry.createdBy ?? null, subscriptionId: entry.subscriptionId ?? null, checkoutSessionId: entry.checkoutSessionId ?? null },
    true,
  );
  if (!entryId) return 0;
  await ledger.insertDraws(tx, [{ entryId, lotId: entry.lotId, amount: remaining }]);
  return remaining;
}
