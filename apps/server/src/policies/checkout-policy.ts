import type { PolicyViewer } from './policy-viewer.ts';

/** A checkout session: the user who opened it. */
export interface CheckoutFacts {
  userId: string;
}
export type CheckoutResource = CheckoutFacts & { type: 'checkout' };
export const asCheckout = (row: CheckoutFacts): CheckoutResource => ({ type: 'checkout', userId: row.userId });

/**
 * read (its return page, which may fulfil it from the provider): the user who opened it, nobody else — a
 * payment in progress is between them and the provider, so to everybody else, admins included, it does not exist.
 */
export type CheckoutAction = 'read';

export function canOnCheckout(viewer: PolicyViewer, _action: CheckoutAction, checkout: CheckoutFacts): boolean {
  return viewer !== null && checkout.userId === viewer.userId;
}
