import type { CallableName, TrackPayload } from '@crate/contract/callable';

export interface TrackingCall {
  name: CallableName;
  payload: TrackPayload;
}

export interface TrackingInput {
  /** Pathname tracked last on this page load; null before the first one. */
  previousPathname: string | null;
  pathname: string;
  /** The _fbc cookie, when it exists. */
  fbc: string | null;
  /** The signed-in user's e-mail, when someone is signed in. */
  email: string | null;
  contentTracked: boolean;
  /** Redirect hops (the passthrough page) are not page views. */
  excluded: boolean;
}

/**
 * docs/product-overview.md §7: after a route change to a different path, when the _fbc cookie exists, trackPageView;
 * content-tracked routes also trackViewContent. The route sent is the pathname only: queries can carry
 * one-time tokens (reset links, invites) that have no business in an attribution pipeline.
 */
export function trackingCalls(input: TrackingInput): TrackingCall[] {
  if (input.excluded || !input.fbc) return [];
  if (input.previousPathname === input.pathname) return [];
  const payload: TrackPayload = { fbc: input.fbc, route: input.pathname.slice(0, 2048), ...(input.email ? { email: input.email } : {}) };
  const calls: TrackingCall[] = [{ name: 'trackPageView', payload }];
  if (input.contentTracked) calls.push({ name: 'trackViewContent', payload });
  return calls;
}
