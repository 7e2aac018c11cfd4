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
  // round(priceCap × unownedCost / totalCost), halves up, in whole numbers.
  const share = Math.floor((2 * priceCap * unownedCost + totalCost) / (2 * totalCost));
  return Math.min(unownedCost, Math.max(1, share));
}
