import { LICENCE_TERMS_VERSION, type Acquire, type AcquisitionQuote, type AcquisitionTarget } from '@crate/contract/commerce';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { creditBalance, findEntryByKey, lockCreditAccount, takeCredits, type CreditBalance } from '../credits/credit-ledger-service.ts';
import type { Viewer } from '../../http/viewer.ts';
import { recordItemEvents, shareCredits } from '../tracking/item-events-service.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { findCollectionForAcquisition, findItemForAcquisition, listOwnedAmong, recordOwnership, type AcquirableItem, type AcquisitionTargetRows } from './acquisition-repository.ts';
import { collectionPrice } from './collection-price.ts';

/** What the viewer owns, read as it is (no rule to apply). */
export { listOwnedItemIds } from './acquisition-repository.ts';
export { listOwnedItems } from './owned-items-repository.ts';

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
 * What getting a target costs one user now (docs/decisions/0020, 0033): only the items they do not own yet
 * are charged, free items cost nothing, and a pack or bundle with its own credit price charges that price's
 * share for what is missing (collectionPrice): the whole pack its price, the rest of it pro rata.
 */
function priceFor(target: AcquisitionTargetRows, owned: ReadonlySet<string>): Priced {
  const missing = target.items.filter((item) => !owned.has(item.id));
  const costOf = (list: readonly AcquirableItem[]) => list.reduce((total, item) => total + Number(item.cost), 0);
  return { target, missing, cost: collectionPrice(target.priceCap, costOf(target.items), costOf(missing)) };
}

async function price(db: DbOrTx, viewer: Viewer, targetKind: AcquisitionTarget, id: string): Promise<Priced> {
  const target = await findTarget(db, viewer, targetKind, id);
  if (target.items.length === 0) throw notFound(TARGET_NAMES[targetKind]);
  return priceFor(target, await listOwnedAmong(db, viewer.userId, target.items.map((item) => item.id)));
}

/**
 * A pack's or bundle's price for whoever looks at it (pack and bundle answers carry it): what getting it would
 * charge them now, or the whole price for a visitor. Null when it is not on sale.
 */
export async function viewerCollectionPrice(db: DbOrTx, userId: string | null, targetKind: 'pack' | 'bundle', id: string): Promise<{ cost: number; owned_count: number; item_count: number } | null> {
  const target = await findCollectionForAcquisition(db, targetKind, id);
  if (!target || target.items.length === 0) return null;
  const owned = userId ? await listOwnedAmong(db, userId, target.items.map((item) => item.id)) : new Set<string>();
  const { missing, cost } = priceFor(target, owned);
  return { cost, owned_count: target.items.length - missing.length, item_count: target.items.length };
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
    // The price the button showed is the price charged: computed again here, under the lock that spends.
    if (!replayed && input.expected_cost !== undefined && missing.length > 0 && input.expected_cost !== cost) {
      throw new AppError('CONFLICT', `The price is now ${cost} ${cost === 1 ? 'credit' : 'credits'}, not ${input.expected_cost}: look again before getting it.`, 'expected_cost');
    }
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
