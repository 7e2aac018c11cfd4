/** The five roles of docs/product-overview.md §3, held server-side and exposed as claims. */
export const ROLES = ['subscriber', 'collaborator', 'creator', 'affiliate', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A route or endpoint may carry one claim or a list of claims; holding any one passes.
 * An admin counts as holding every role (docs/product-overview.md §2 "Guard behaviour").
 */
export function holdsAnyClaim(held: readonly Role[], required: Role | readonly Role[]): boolean {
  if (held.includes('admin')) return true;
  const list: readonly Role[] = typeof required === 'string' ? [required] : required;
  return list.some((claim) => held.includes(claim));
}

/** Paid search is open to subscribers and admins only (docs/product-overview.md §6). */
export function canSearch(held: readonly Role[]): boolean {
  return held.includes('admin') || held.includes('subscriber');
}
