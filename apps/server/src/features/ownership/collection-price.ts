import { proRata } from '../../money/pro-rata.ts';

/**
 * What the items of a pack or bundle that a user does not own yet cost together (decision 0033): the pack's
 * discount applied pro rata to what is missing. `priceCap` is the collection's own credit price (null: none,
 * each item at its own price), `totalCost` what all its listed items cost on their own, `unownedCost` what the
 * missing ones cost on their own. With nothing owned that is the pack's price; never more than the missing
 * items on their own, never 0 while something paid is missing, unless the pack itself is free.
 */
export function collectionPrice(priceCap: number | null, totalCost: number, unownedCost: number): number {
  if (priceCap === null || unownedCost === 0 || totalCost <= priceCap) return unownedCost;
  if (priceCap === 0) return 0;
  return Math.min(unownedCost, Math.max(1, proRata(priceCap, unownedCost, totalCost)));
}

/**
 * The same rule on a collection's money price (decision 0047): buying a pack or bundle outright charges its
 * `priceCents` share for what is missing, weighed by the items' own credit prices (`totalCost`, `unownedCost`
 * as above) — the whole price with nothing owned, the rest pro rata, never 0 while something paid is missing,
 * and 0 when nothing paid is (free sounds are got for nothing, never bought).
 */
export function collectionMoneyPrice(priceCents: number, totalCost: number, unownedCost: number): number {
  if (unownedCost === 0 || priceCents === 0) return 0;
  return Math.max(1, proRata(priceCents, unownedCost, totalCost));
}
