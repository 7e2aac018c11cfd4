import type { CallableName, TrackPayload } from '@crate/contract/callable';

export interface TrackingCall {
  name: CallableName;
  payload: TrackPayload;
}

/** The visitor's attribution cookies; either exists only with their consent (docs/decisions/0057). */
export interface AttributionCookies {
  fbp: string | null;
  fbc: string | null;
}

export interface TrackingInput extends AttributionCookies {
  /** Pathname tracked last on this page load; null before the first one. */
  previousPathname: string | null;
  pathname: string;
  /** The signed-in user's e-mail, when someone is signed in. */
  email: string | null;
  contentTracked: boolean;
  /** Redirect hops (the passthrough page) are not page views. */
  excluded: boolean;
}

/** A new event id per event: the server stores a replayed call once, and the receiver matches browser and server copies by it. */
export const newEventId = (): string => crypto.randomUUID();

/** The payload of one event for a consenting visitor (an _fbp or _fbc cookie), or null without consent. */
export function eventPayload(cookies: AttributionCookies, fields: Omit<TrackPayload, 'event_id' | 'fbp' | 'fbc'>, eventId: string): TrackPayload | null {
  if (!cookies.fbp && !cookies.fbc) return null;
  return { event_id: eventId, ...(cookies.fbp ? { fbp: cookies.fbp } : {}), ...(cookies.fbc ? { fbc: cookies.fbc } : {}), ...fields };
}

/**
 * docs/product-overview.md §7: after a route change to a different path, when the visitor consented (_fbp or _fbc exists),
 * trackPageView; content-tracked routes also trackViewContent, each with an event id of its own. The route sent is
 * the pathname only: queries can carry one-time tokens (reset links, invites) that have no business in an
 * attribution pipeline.
 */
export function trackingCalls(input: TrackingInput, eventId: () => string = newEventId): TrackingCall[] {
  if (input.excluded) return [];
  if (input.previousPathname === input.pathname) return [];
  const fields = { route: input.pathname.slice(0, 2048), ...(input.email ? { email: input.email } : {}) };
  const names: CallableName[] = input.contentTracked ? ['trackPageView', 'trackViewContent'] : ['trackPageView'];
  return names.flatMap((name) => {
    const payload = eventPayload(input, fields, eventId());
    return payload ? [{ name, payload }] : [];
  });
}
