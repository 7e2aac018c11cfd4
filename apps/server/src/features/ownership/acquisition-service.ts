import { LICENCE_TERMS_VERSION, type Acquire, type AcquisitionQuote, type AcquisitionTarget } from '@crate/contract/commerce';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { creditBalance, findEntryByKey, lockCreditAccount, takeCredits, type CreditBalance } from '../credits/credit-ledger-service.ts';
import type { Viewer } from '../../http/viewer.ts';
import { recordItemEvents, shareCredits } from '../tracking/item-events-service.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { findCollectionForAcquisition, findItemForAcquisition, listOwnedAmong, recordOwnership, type AcquirableItem, type AcquisitionTargetRows } from './acquisition-repository.ts';

const TARGET_NAMES: Record<AcquisitionTarget, string> = { item: 'That sound', pack: 'That pack', bundle: 'That bundle' };

/** What the target offers; an item goes through its policy (`get`: listed, signed in), collections list only listed items. */
async function findTarget(db: DbOrTx, viewer: Viewer, targetKind: AcquisitionTarget, id: string): Promise<AcquisitionTargetRows> {
  if (targetKind === 'item') {
    const row = authorize(viewer, 'get', await findItemForAcquisition(db, id), asItem, TARGET_NAMES.item);
    return { items: [{ id: row.id, cost: row.cost, licenceType: row.licenceType, creatorName: row.creatorName }], priceCap: null, title: row.name };
  }
  const collection = await findCollectionForAcquisition(db, targetKind, id);
  if (!collection) throw notFound(TARGET_NAMES[targetKind]);
  return collection;
}

interface Priced {
  target: AcquisitionTargetRows;
  missing: AcquirableItem[];
  cost: number;
}

/**
 * What getting a target costs one user now (docs/decisions/0020): only the items they do not own yet
 * are charged, free items cost nothing, and a pack or bundle never costs more than its own credit
 * price when it has one.
 */
async function price(db: DbOrTx, viewer: Viewer, targetKind: AcquisitionTarget, id: string): Promise<Priced> {
  const userId = viewer.userId;
  const target = await findTarget(db, viewer, targetKind, id);
  if (target.items.length === 0) throw notFound(TARGET_NAMES[targetKind]);
  const owned = await listOwnedAmong(db, userId, target.items.map((item) => item.id));
  const missing = target.items.filter((item) => !owned.has(item.id));
  const sum = missing.reduce((total, item) => total + Number(item.cost), 0);
  const cost = target.priceCap === null ? sum : Math.min(sum, target.priceCap);
  return { target, missing, cost };
}

export async function quoteAcquisition(db: Db, viewer: Viewer, targetKind: AcquisitionTarget, id: string): Promise<AcquisitionQuote> {
  const { target, missing, cost } = await price(db, viewer, targetKind, id);
  const balance = await creditBalance(db, viewer.userId);
  return { target: targetKind, id, item_count: target.items.length, owned_count: target.items.length - missing.length, cost, credits: balance.credits };
}

export interface AcquisitionOutcome {
  charged: number;
  ownedItemIds: string[];
  balance: CreditBalance;
}

/**
 * Gets a sound, a pack or a bundle in one transaction: the user's credit lock, the spend (soonest-
 * expiring credits first), ownership and licences commit together or not at all. The same key again
 * spends nothing more; items owned already are never charged twice.
 */
export async function acquire(db: Db, viewer: Viewer, input: Acquire): Promise<AcquisitionOutcome> {
  const userId = viewer.userId;
  const key = `get:${userId}:${input.idempotency_key}`;
  return db.transaction(async (tx) => {
    await lockCreditAccount(tx, userId);
    const replayed = await findEntryByKey(tx, key);
    const { target, missing, cost } = await price(tx, viewer, input.target, input.id);
    let charged = replayed ? -replayed.amount : 0;
    if (!replayed && missing.length > 0) {
      if (cost > 0) {
        const reason = `Got ${input.target === 'item' ? '' : `${input.target} `}“${target.title}”${missing.length > 1 ? ` (${missing.length} sounds)` : ''}`;
        const entryId = await takeCredits(tx, { userId, kind: 'spend', amount: cost, reason, idempotencyKey: key });
        await recordOwnership(tx, { userId, items: missing, source: 'credits', creditLedgerId: entryId, termsVersion: LICENCE_TERMS_VERSION });
        charged = cost;
      } else {
        await recordOwnership(tx, { userId, items: missing, source: 'free', creditLedgerId: null, termsVersion: LICENCE_TERMS_VERSION });
      }
      // Each item got is a "get" in its creator's analytics, with its share of what was charged (docs/decisions/0028).
      const shares = shareCredits(charged, missing.map((item) => Number(item.cost)));
      await recordItemEvents(tx, 'get', userId, missing.map((item, index) => ({ itemId: item.id, credits: shares[index] })));
    } else if (replayed && missing.length > 0) {
      throw new AppError('CONFLICT', 'This idempotency_key was already used for something else; send a new one', 'idempotency_key');
    }
    return { charged, ownedItemIds: target.items.map((item) => item.id), balance: await creditBalance(tx, userId) };
  });
}
