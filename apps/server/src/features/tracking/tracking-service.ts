import type { TrackPayload } from '@crate/contract/callable';
import type { TrackingEventType } from '@crate/contract/tracking-enums';
import type { DbOrTx } from '../../db/client.ts';
import { insertTrackingEvent } from './tracking-repository.ts';

export interface TrackingContext {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** User agents are only kept to match the Conversions API's client_user_agent; a sane cap keeps rows small. */
const USER_AGENT_MAX = 512;

/**
 * Stores one advertising-attribution event (docs/product-overview.md §7). Events are kept, not forwarded, here;
 * `forwarded_at` stays null until a forwarder sends them on.
 */
export async function recordTrackingEvent(db: DbOrTx, eventType: TrackingEventType, payload: TrackPayload, context: TrackingContext): Promise<void> {
  await insertTrackingEvent(db, {
    eventType,
    fbc: payload.fbc,
    route: payload.route,
    email: payload.email?.trim().toLowerCase() ?? null,
    userId: context.userId,
    ipAddress: context.ipAddress,
    userAgent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  });
}
