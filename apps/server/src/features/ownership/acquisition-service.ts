import { LICENCE_TERMS_VERSION, type Acquire, type AcquisitionQuote, type AcquisitionTarget } from '@crate/contract/commerce';
import type { PurchaseTarget } from '@crate/contract/commerce-enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { creditBalance, insufficientCredits, type CreditBalance } from '../credits/credit-ledger-service.ts';
import { publicName } from '../../documents/public-name.ts';
import { newCertificateNumber } from '../../documents/verifiable-number.ts';
import type { Viewer } from '../../http/viewer.ts';
import { recordItemEvents, shareCredits } from '../tracking/item-events-service.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { findCollectionForAcquisition, findItemForAcquisition, holderName, listOwnedAmong, recordOwnership, type AcquirableItem, type AcquisitionTargetRows } from './acquisition-repository.ts';
import { runGetStatement } from './credit-get-repository.ts';
import { collectionMoneyPrice, collectionPrice } from './collection-price.ts';

/** What the viewer owns, read as it is (no rule to apply). */
export { listOwnedItemIds } from './acquisition-repository.ts';
export { listOwnedItems } from './owned-items-repository.ts';

const TARGET_NAMES: Record<AcquisitionTarget, string> = { item: 'That sound', pack: 'That pack', bundle: 'That bundle' };

/**
 * What the target offers and which of its items the user owns now; an item goes through its policy (`get`: listed,
 * signed in), collections list only listed items. `holderName`, when asked for, is the user's name as a licence gives it.
 */
async function findTarget(db: DbOrTx, viewer: Viewer, targetKind: AcquisitionTarget, id: string, withHolder = false): Promise<{ target: AcquisitionTargetRows; owned: Set<string>; holderName: string }> {
  if (targetKind === 'item') {
    const row = authorize(viewer, 'get', await findItemForAcquisition(db, viewer.userId, id), asItem, TARGET_NAMES.item);
    const target = { items: [{ id: row.id, cost: row.cost, licenceType: row.licenceType, creatorName: row.creatorName }], priceCap: null, title: row.name, money: null };
    return { target, owned: new Set(row.owned ? [row.id] : []), holderName: publicName(row.holderName ?? undefined) };
  }
  const collection = await findCollectionForAcquisition(db, targetKind, id);
  if (!collection || collection.items.length === 0) throw notFound(TARGET_NAMES[targetKind]);
  const owned = await listOwnedAmong(db, viewer.userId, collection.items.map((item) => item.id));
  return { target: collection, owned, holderName: withHolder ? await holderName(db, viewer.userId) : '' };
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
  const { target, owned } = await findTarget(db, viewer, targetKind, id);
  return priceFor(target, owned);
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

const reasonFor = (targetKind: AcquisitionTarget, { target, missing }: Priced) =>
  `Got ${targetKind === 'item' ? '' : `${targetKind} `}“${target.title}”${missing.length > 1 ? ` (${missing.length} sounds)` : ''}`;

/** How many times a get is priced again when the user came to own some of the target meanwhile, before it gives up. */
const GET_ATTEMPTS = 3;

/**
 * Gets a sound, a pack or a bundle (decision 0076): the target and what of it the user owns are read and priced
 * first, with no lock (owned rows are never deleted: what was owned then is owned still); then one statement
 * (runGetStatement, credit-get-repository.ts) takes the user's credit lock, re-reads what they own, the key and their open lots under it and
 * writes the spend, its draws, ownership, licences and get events together — or nothing — and commits. The same key
 * again spends nothing more; items owned already are never charged twice. Should the user have come to own some of
 * the target between the read and the statement (another tab, a purchase), nothing is written: it is priced again
 * from what the statement read and tried again, a bounded number of times (each time they own more of a finite target).
 */
export async function acquire(db: Db, viewer: Viewer, input: Acquire): Promise<AcquisitionOutcome> {
  const userId = viewer.userId;
  const key = `get:${userId}:${input.idempotency_key}`;
  const { target, owned, holderName: holder } = await findTarget(db, viewer, input.target, input.id, true);
  const ownedItemIds = target.items.map((item) => item.id);
  const at = new Date();
  let priced = priceFor(target, owned);
  for (let attempt = 1; ; attempt += 1) {
    const shares = shareCredits(priced.cost, priced.missing.map((item) => Number(item.cost)));
    const row = await runGetStatement(db, {
      userId,
      key,
      at,
      targetIds: ownedItemIds,
      pricedOwned: target.items.length - priced.missing.length,
      cost: priced.cost,
      // The price the button showed is the price charged: checked by the statement that spends.
      expectedOk: input.expected_cost === undefined || priced.missing.length === 0 || input.expected_cost === priced.cost,
      reason: reasonFor(input.target, priced),
      termsVersion: LICENCE_TERMS_VERSION,
      holderName: holder,
      missing: priced.missing.map((item, index) => ({ id: item.id, share: shares[index]!, licenceType: item.licenceType, licensorName: item.creatorName, certificateNumber: newCertificateNumber() })),
    });
    if (!row) throw notFound('The account');
    const now = priceFor(target, new Set(row.owned_ids));
    const answer = (charged: number): AcquisitionOutcome => ({
      charged,
      ownedItemIds,
      balance: { credits: row.balance_after, creditsExpireAt: row.expires_after_ms === null ? null : new Date(row.expires_after_ms) },
    });
    if (row.replayed !== null) {
      if (now.missing.length > 0) throw new AppError('CONFLICT', 'This idempotency_key was already used for something else; send a new one', 'idempotency_key');
      return answer(-row.replayed);
    }
    if (now.missing.length === 0) return answer(0);
    if (now.missing.length !== priced.missing.length) {
      // They came to own some of it since it was priced: price what is missing now and try again.
      if (attempt === GET_ATTEMPTS) throw new AppError('CONFLICT', 'What you own changed while you were getting this: look again before getting it.', 'id');
      priced = now;
      continue;
    }
    if (input.expected_cost !== undefined && input.expected_cost !== priced.cost) {
      throw new AppError('CONFLICT', `The price is now ${priced.cost} ${priced.cost === 1 ? 'credit' : 'credits'}, not ${input.expected_cost}: look again before getting it.`, 'expected_cost');
    }
    if (!row.written) throw insufficientCredits(priced.cost, row.balance);
    return answer(priced.cost);
  }
}
