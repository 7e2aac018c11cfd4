import { LICENCE_TERMS_VERSION, type Acquire, type AcquisitionQuote, type AcquisitionTarget } from '@crate/contract/commerce';
import type { PurchaseTarget } from '@crate/contract/commerce-enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { creditBalance, findEntryByKey, lockCreditAccount, takeCredits, type CreditBalance } from '../credits/credit-ledger-service.ts';
import type { Viewer } from '../../http/viewer.ts';
import { recordItemEvents, shareCredits } from '../tracking/item-events-service.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { findCollectionForAcquisition, findItemForAcquisition, listOwnedAmong, recordOwnership, type AcquirableItem, type AcquisitionTargetRows } from './acquisition-repository.ts';
import { collectionMoneyPrice, collectionPrice } from './collection-price.ts';

/** What the viewer owns, read as it is (no rule to apply). */
export { listOwnedItemIds } from './acquisition-repository.ts';
export { listOwnedItems } from './owned-items-repository.ts';

const TARGET_NAMES: Record<AcquisitionTarget, string> = { item: 'That sound', pack: 'That pack', bundle: 'That bundle' };

/** What the target offers; an item goes through its policy (`get`: listed, signed in), collections list only listed items. */
async function findTarget(db: DbOrTx, viewer: Viewer, targetKind: AcquisitionTarget, id: string): Promise<AcquisitionTargetRows> {
  if (targetKind === 'item') {
    const row = authorize(viewer, 'get', await findItemForAcquisition(db, id), asItem, TARGET_NAMES.item);
    return { items: [{ id: row.id, cost: row.cost, licenceType: row.licenceType, creatorName: row.creatorName }], priceCap: null, title: row.name, money: null };
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
const costOf = (list: readonly Pick<AcquirableItem, 'cost'>[]) => list.reduce((total, item) => total + Number(item.cost), 0);

function priceFor(target: AcquisitionTargetRows, owned: ReadonlySet<string>): Priced {
  const missing = target.items.filter((item) => !owned.has(item.id));
  return { target, missing, cost: collectionPrice(target.priceCap, costOf(target.items), costOf(missing)) };
}

/** What buying the target outright charges for what is missing (decision 0047): null when it has no money price. */
function moneyFor({ target, missing }: Priced): { amount: number; currency: string } | null {
  if (!target.money || target.money.priceCents === 0) return null;
  return { amount: collectionMoneyPrice(target.money.priceCents, costOf(target.items), costOf(missing)), currency: target.money.currency };
}

async function price(db: DbOrTx, viewer: Viewer, targetKind: AcquisitionTarget, id: string): Promise<Priced> {
  const target = await findTarget(db, viewer, targetKind, id);
  if (target.items.length === 0) throw notFound(TARGET_NAMES[targetKind]);
  return priceFor(target, await listOwnedAmong(db, viewer.userId, target.items.map((item) => item.id)));
}

/**
 * A pack's or bundle's price for whoever looks at it (pack and bundle answers carry it), in two parts: what it
 * offers, the same for everybody, then what getting it would charge one viewer now (the whole price for a
 * visitor). Null when it is not on sale.
 */
export async function findCollectionOffer(db: DbOrTx, targetKind: PurchaseTarget, id: string): Promise<AcquisitionTargetRows | null> {
  const target = await findCollectionForAcquisition(db, targetKind, id);
  return target && target.items.length > 0 ? target : null;
}

/** What a collection on offer (findCollectionOffer) costs whoever owns `owned` (the viewer's sounds, or none for a visitor). */
export function collectionPriceFor(
  target: AcquisitionTargetRows | null,
  owned: ReadonlySet<string>,
): { cost: number; owned_count: number; item_count: number; money: { amount: number; currency: string } | null } | null {
  if (!target) return null;
  const priced = priceFor(target, owned);
  const money = moneyFor(priced);
  return { cost: priced.cost, owned_count: target.items.length - priced.missing.length, item_count: target.items.length, money: money && money.amount > 0 ? money : null };
}

/** What a checkout buying a pack or bundle outright charges, and for which sounds (their credit prices weigh the amount). */
export interface PurchaseQuote {
  title: string;
  amount: number;
  currency: string;
  items: { id: string; cost: number }[];
}

/**
 * What buying a published pack or an active bundle outright costs one user now (decision 0047): its money price
 * pro rata for the sounds they do not own yet, by the rule the credit price follows. Refuses what is not on sale,
 * what has no money price, and what leaves nothing paid to buy.
 */
export async function quotePurchase(db: DbOrTx, userId: string, targetKind: PurchaseTarget, id: string): Promise<PurchaseQuote> {
  const target = await findCollectionForAcquisition(db, targetKind, id);
  if (!target || target.items.length === 0) throw new AppError('NOT_FOUND', `${TARGET_NAMES[targetKind]} is not on sale`, 'id');
  const priced = priceFor(target, await listOwnedAmong(db, userId, target.items.map((item) => item.id)));
  const money = moneyFor(priced);
  if (!money) throw new AppError('CONFLICT', `“${target.title}” has no money price: get it with credits instead.`, 'target');
  if (priced.missing.length === 0) throw new AppError('CONFLICT', `You own every sound of “${target.title}” already: there is nothing to buy.`, 'id');
  if (money.amount === 0) throw new AppError('CONFLICT', `The sounds of “${target.title}” you do not own yet are free: get them for nothing instead of buying them.`, 'id');
  return { title: target.title, amount: money.amount, currency: money.currency, items: priced.missing.map((item) => ({ id: item.id, cost: Number(item.cost) })) };
}

/**
 * Fulfils a paid purchase (decision 0047), in the caller's transaction under the user's credit lock: grants the
 * sounds it was paid for that are still on sale and not owned yet — ownership and a licence each, as getting them
 * with credits does — each with its share of `amount` (largest remainder, weighed by the credit prices it was
 * quoted with). Answers what the sounds granted account for; the rest of `amount` is the caller's to refund.
 */
export async function grantPurchase(
  tx: DbOrTx,
  input: { userId: string; checkoutSessionId: string; target: PurchaseTarget; id: string; amount: number; currency: string; items: readonly { id: string; cost: number }[] },
): Promise<{ grantedCount: number; grantedAmount: number }> {
  const listed = new Map((await findCollectionForAcquisition(tx, input.target, input.id))?.items.map((item) => [item.id, item]) ?? []);
  const owned = await listOwnedAmong(tx, input.userId, input.items.map((item) => item.id));
  const shares = shareCredits(input.amount, input.items.map((item) => item.cost));
  const granting = input.items.flatMap((paid, index) => {
    const item = listed.get(paid.id);
    return item && !owned.has(item.id) ? [{ item, share: shares[index]! }] : [];
  });
  await recordOwnership(tx, {
    userId: input.userId,
    items: granting.map((g) => g.item),
    termsVersion: LICENCE_TERMS_VERSION,
    paid: { source: 'purchase', checkoutSessionId: input.checkoutSessionId, currency: input.currency, shares: new Map(granting.map((g) => [g.item.id, g.share])) },
  });
  await recordItemEvents(tx, 'get', input.userId, granting.map((g) => ({ itemId: g.item.id })));
  return { grantedCount: granting.length, grantedAmount: granting.reduce((sum, g) => sum + g.share, 0) };
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
      // Each item's share of what is charged: what its creator's analytics count (docs/decisions/0028) and the month's pool shares (0051).
      const shares = shareCredits(cost, missing.map((item) => Number(item.cost)));
      if (cost > 0) {
        const reason = `Got ${input.target === 'item' ? '' : `${input.target} `}“${target.title}”${missing.length > 1 ? ` (${missing.length} sounds)` : ''}`;
        const entryId = await takeCredits(tx, { userId, kind: 'spend', amount: cost, reason, idempotencyKey: key });
        const byItem = new Map(missing.map((item, index) => [item.id, shares[index]!]));
        await recordOwnership(tx, { userId, items: missing, paid: { source: 'credits', creditLedgerId: entryId, shares: byItem }, termsVersion: LICENCE_TERMS_VERSION });
        charged = cost;
      } else {
        await recordOwnership(tx, { userId, items: missing, paid: { source: 'free' }, termsVersion: LICENCE_TERMS_VERSION });
      }
      await recordItemEvents(tx, 'get', userId, missing.map((item, index) => ({ itemId: item.id, credits: shares[index] })));
    } else if (replayed && missing.length > 0) {
      throw new AppError('CONFLICT', 'This idempotency_key was already used for something else; send a new one', 'idempotency_key');
    }
    return { charged, ownedItemIds: target.items.map((item) => item.id), balance: await creditBalance(tx, userId) };
  });
}
