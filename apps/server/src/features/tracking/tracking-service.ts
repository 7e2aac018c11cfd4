import { FBC_PATTERN, FBP_PATTERN, type AttributionCustomData } from '@crate/contract/attribution';
import type { TrackPayload } from '@crate/contract/callable';
import type { TrackingEventType } from '@crate/contract/tracking-enums';
import type { DbOrTx } from '../../db/client.ts';
import type { RequestAttribution } from '../../http/request-attribution.ts';
import { cookieValue } from '../../http/signed-cookie.ts';
import { deleteUserAttribution, findUserAttribution, insertTrackingEvent, upsertUserAttribution } from './tracking-repository.ts';

export interface TrackingContext {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** User agents are only kept to match the Conversions API's client_user_agent; a sane cap keeps rows small. */
const USER_AGENT_MAX = 512;
const userAgentOf = (userAgent: string | null | undefined) => userAgent?.slice(0, USER_AGENT_MAX) ?? null;

/**
 * Stores one browser event (docs/product-overview.md §7, docs/decisions/0057), once per `event_id`: the payload's
 * `_fbp`/`_fbc` say the visitor consented (the contract refuses a call with neither). `forwarded_at` stays null until
 * the `attribution-forward` job sends it on. Returns whether it was new.
 */
export async function recordTrackingEvent(db: DbOrTx, now: Date, eventType: TrackingEventType, payload: TrackPayload, context: TrackingContext): Promise<boolean> {
  return insertTrackingEvent(db, {
    eventId: payload.event_id,
    eventType,
    fbp: payload.fbp ?? null,
    fbc: payload.fbc ?? null,
    route: payload.route,
    email: payload.email?.trim().toLowerCase() ?? null,
    userId: context.userId,
    ipAddress: context.ipAddress,
    userAgent: userAgentOf(context.userAgent),
    customData: payload.custom_data ?? null,
    nextAttemptAt: now,
  });
}

/** What a request tells about the visitor's consent: their `_fbp`/`_fbc` cookies when well formed (set only with consent). */
function consentCookies(cookieHeader: string | undefined): { fbp: string | null; fbc: string | null } {
  const read = (name: string, pattern: RegExp) => {
    const value = cookieValue(cookieHeader, name);
    return value && pattern.test(value) ? value : null;
  };
  return { fbp: read('_fbp', FBP_PATTERN), fbc: read('_fbc', FBC_PATTERN) };
}

/**
 * Keeps the signed-in user's consent snapshot in line with this request (registration, opening a checkout): their
 * `_fbp`/`_fbc` cookies are remembered; without either (they chose essential-only, which deletes both) it is
 * forgotten, and the server records no event of theirs until a later request carries them again. True with consent.
 */
export async function rememberAttribution(db: DbOrTx, userId: string, request: RequestAttribution): Promise<boolean> {
  const { fbp, fbc } = consentCookies(request.cookieHeader);
  if (!fbp && !fbc) {
    await deleteUserAttribution(db, userId);
    return false;
  }
  await upsertUserAttribution(db, { userId, fbp, fbc, ipAddress: request.ipAddress, userAgent: userAgentOf(request.userAgent) });
  return true;
}

/** A server event of a user, recorded only while their consent snapshot exists; its id makes a replay a no-op. */
async function recordUserEvent(db: DbOrTx, now: Date, userId: string, event: { eventId: string; eventType: TrackingEventType; route: string; customData: AttributionCustomData | null }): Promise<boolean> {
  const attribution = await findUserAttribution(db, userId);
  if (!attribution) return false;
  return insertTrackingEvent(db, {
    eventId: event.eventId,
    eventType: event.eventType,
    fbp: attribution.fbp,
    fbc: attribution.fbc,
    route: event.route,
    email: attribution.email.trim().toLowerCase(),
    userId,
    ipAddress: attribution.ipAddress,
    userAgent: attribution.userAgent,
    customData: event.customData,
    nextAttemptAt: now,
  });
}

/** A new account (CompleteRegistration), when the registering browser carried consent. */
export async function recordSignUp(db: DbOrTx, now: Date, userId: string, request: RequestAttribution): Promise<void> {
  if (await rememberAttribution(db, userId, request)) {
    await recordUserEvent(db, now, userId, { eventId: `signup:${userId}`, eventType: 'CompleteRegistration', route: '/register', customData: null });
  }
}

/** Where each kind of payment is made, for the event's source URL. */
const PURCHASE_ROUTES = { plan: '/pricing', refill: '/creditrefill', purchase: '/library' } as const;

/**
 * A fulfilled payment (Purchase, its value in major units and its currency), called by the webhook's fulfilment in
 * its transaction when it stores a new receipt: keyed by the receipt, so a replayed webhook records it once.
 */
export async function recordPurchase(tx: DbOrTx, now: Date, receipt: { id: string; userId: string; kind: keyof typeof PURCHASE_ROUTES; amount: number; currency: string }): Promise<void> {
  await recordUserEvent(tx, now, receipt.userId, {
    eventId: `purchase:${receipt.id}`,
    eventType: 'Purchase',
    route: PURCHASE_ROUTES[receipt.kind],
    customData: { value: receipt.amount / 100, currency: receipt.currency.toUpperCase() },
  });
}
