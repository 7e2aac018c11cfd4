import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AUTO_NAMED_STATEMENT, keptPrepared } from '../../db/prepared.ts';
import { bundlePacks, bundles, creators, items, licences, ownedItems, packs, users } from '../../db/schema/index.ts';
import { itemListedSql } from '../../policies/item-policy.ts';
import { packPublishedSql } from '../../policies/pack-policy.ts';
import { publicName } from '../../documents/public-name.ts';
import { newCertificateNumber } from '../../documents/verifiable-number.ts';

/** One item a user may get: what it costs and what its licence is now. */
export interface AcquirableItem {
  id: string;
  cost: number;
  licenceType: (typeof items.licenceType.enumValues)[number];
  creatorName: string;
}

export interface AcquisitionTargetRows {
  items: AcquirableItem[];
  /** The target's whole price in credits (packs and bundles may set one); what is charged never exceeds it. */
  priceCap: number | null;
  title: string;
  /** A pack's or bundle's money price, when it has one (decision 0047); null for a sound. */
  money: { priceCents: number; currency: string } | null;
}

const acquirableColumns = {
  id: items.id,
  cost: sql<number>`case when ${items.isFree} or ${packs.isFree} then 0 else ${items.creditCost} end`,
  licenceType: items.licenceType,
  creatorName: creators.name,
};

const acquirableItems = (db: DbOrTx) => db.select(acquirableColumns).from(items).innerJoin(packs, eq(packs.id, items.packId)).innerJoin(creators, eq(creators.id, items.creatorId));

/**
 * One item with the facts its policy decides `get` on, whatever its state (the caller authorizes), whether the user
 * owns it and their name as a licence gives it: kept prepared, it is the read of every get of a sound.
 */
const itemForAcquisitionQuery = keptPrepared((db) =>
  db
    .select({
      ...acquirableColumns,
      name: items.name,
      packCreatorId: packs.creatorId,
      packStatus: packs.status,
      takenDownAt: items.takenDownAt,
      isFree: items.isFree,
      owned: sql<boolean>`exists (select 1 from ${ownedItems} where ${ownedItems.userId} = ${sql.placeholder('userId')} and ${ownedItems.itemId} = ${items.id})`,
      holderName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${sql.placeholder('userId')})`,
    })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(eq(items.id, sql.placeholder('id')))
    .prepare(AUTO_NAMED_STATEMENT),
);

export async function findItemForAcquisition(db: DbOrTx, userId: string, id: string) {
  const [row] = await itemForAcquisitionQuery(db).execute({ userId, id });
  return row ? { ...row, cost: Number(row.cost) } : null;
}

/** The listed items of a published pack or an active bundle, or null when there is no such pack or bundle on sale. */
export async function findCollectionForAcquisition(db: DbOrTx, target: 'pack' | 'bundle', id: string): Promise<AcquisitionTargetRows | null> {
  if (target === 'pack') {
    const [pack] = await db.select({ title: packs.title, creditCost: packs.creditCost, priceCents: packs.priceCents, currency: packs.currency }).from(packs).where(and(eq(packs.id, id), packPublishedSql));
    if (!pack) return null;
    const rows = await acquirableItems(db).where(and(eq(items.packId, id), itemListedSql)).orderBy(items.position);
    return { items: rows, priceCap: pack.creditCost, title: pack.title, money: moneyOf(pack) };
  }
  const [bundle] = await db
    .select({ title: bundles.title, creditCost: bundles.creditCost, priceCents: bundles.priceCents, currency: bundles.currency })
    .from(bundles)
    .where(and(eq(bundles.id, id), eq(bundles.active, true)));
  if (!bundle) return null;
  const rows = await acquirableItems(db)
    .innerJoin(bundlePacks, eq(bundlePacks.packId, items.packId))
    .where(and(eq(bundlePacks.bundleId, id), itemListedSql))
    .orderBy(bundlePacks.position, items.position);
  return { items: rows, priceCap: bundle.creditCost, title: bundle.title, money: moneyOf(bundle) };
}

const moneyOf = (row: { priceCents: number | null; currency: string }) => (row.priceCents === null ? null : { priceCents: row.priceCents, currency: row.currency });

export async function listOwnedAmong(db: DbOrTx, userId: string, itemIds: readonly string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db.select({ itemId: ownedItems.itemId }).from(ownedItems).where(and(eq(ownedItems.userId, userId), inArray(ownedItems.itemId, [...itemIds])));
  return new Set(rows.map((r) => r.itemId));
}

export async function listOwnedItemIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ itemId: ownedItems.itemId }).from(ownedItems).where(eq(ownedItems.userId, userId));
  return rows.map((r) => r.itemId);
}

/** The name a certificate gives its holder. */
export async function holderName(db: DbOrTx, userId: string): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return publicName(user?.name);
}

/**
 * Records ownership of the given items with one licence each (the item's licence type now, the
 * current terms version, the parties by name). Items owned already are skipped, so this never
 * issues a second licence for the same item.
 */
export async function recordOwnership(
  db: DbOrTx,
  input: {
    userId: string;
    items: readonly AcquirableItem[];
    termsVersion: string;
    /** With credits (the spend entry, each item's share of it: decision 0051), for nothing, or bought for money: each item's share of the amount paid (decision 0047). */
    paid: { source: 'credits'; creditLedgerId: string; shares: ReadonlyMap<string, number> } | { source: 'free' } | { source: 'purchase'; checkoutSessionId: string; currency: string; shares: ReadonlyMap<string, number> };
  },
): Promise<number> {
  if (input.items.length === 0) return 0;
  const { paid } = input;
  const rowOf = (item: AcquirableItem) => {
    if (paid.source === 'purchase') {
      const share = paid.shares.get(item.id) ?? 0;
      return share > 0 ? { source: 'purchase' as const, checkoutSessionId: paid.checkoutSessionId, priceCents: share, currency: paid.currency } : { source: 'free' as const };
    }
    if (paid.source === 'credits') {
      const credits = paid.shares.get(item.id) ?? 0;
      if (credits > 0) return { source: 'credits' as const, creditLedgerId: paid.creditLedgerId, credits };
    }
    return { source: 'free' as const };
  };
  const owned = await db
    .insert(ownedItems)
    .values(input.items.map((item) => ({ userId: input.userId, itemId: item.id, ...rowOf(item) })))
    .onConflictDoNothing({ target: [ownedItems.userId, ownedItems.itemId] })
    .returning({ id: ownedItems.id, itemId: ownedItems.itemId });
  if (owned.length === 0) return 0;
  const byId = new Map(input.items.map((item) => [item.id, item]));
  const holder = await holderName(db, input.userId);
  await db.insert(licences).values(
    owned.map((row) => ({
      ownedItemId: row.id,
      userId: input.userId,
      itemId: row.itemId,
      licenceType: byId.get(row.itemId)!.licenceType,
      certificateNumber: newCertificateNumber(),
      termsVersion: input.termsVersion,
      holderName: holder,
      licensorName: byId.get(row.itemId)!.creatorName,
    })),
  );
  return owned.length;
}
