import { createHash } from 'node:crypto';
import type { AttributionCustomData } from '@crate/contract/attribution';
import type { TrackingEventType } from '@crate/contract/tracking-enums';

/**
 * The Conversions API's shape of Crate's tracking events (docs/decisions/0057): one server event per recorded event,
 * keyed by the same `event_id` the browser sent, so the receiver drops duplicates.
 */
export interface ConversionsEvent {
  event_name: TrackingEventType;
  /** Seconds since the epoch. */
  event_time: number;
  event_id: string;
  action_source: 'website';
  event_source_url: string;
  user_data: {
    fbc?: string;
    fbp?: string;
    client_ip_address?: string;
    client_user_agent?: string;
    /** SHA-256 (hex) of the trimmed, lower-cased e-mail; only for events recorded with consent. */
    em?: string[];
  };
  custom_data?: AttributionCustomData;
}

export interface ForwardableEvent {
  eventId: string;
  eventType: TrackingEventType;
  fbp: string | null;
  fbc: string | null;
  route: string;
  email: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  customData: AttributionCustomData | null;
  createdAt: Date;
}

/** The Conversions API's normalisation of an e-mail before hashing: trimmed and lower-cased, then SHA-256 in hex. */
export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export function toConversionsEvent(event: ForwardableEvent, origin: string): ConversionsEvent {
  return {
    event_name: event.eventType,
    event_time: Math.floor(event.createdAt.getTime() / 1000),
    event_id: event.eventId,
    action_source: 'website',
    event_source_url: `${origin}${event.route}`,
    user_data: {
      ...(event.fbc ? { fbc: event.fbc } : {}),
      ...(event.fbp ? { fbp: event.fbp } : {}),
      ...(event.ipAddress ? { client_ip_address: event.ipAddress } : {}),
      ...(event.userAgent ? { client_user_agent: event.userAgent } : {}),
      ...(event.email ? { em: [hashEmail(event.email)] } : {}),
    },
    ...(event.customData ? { custom_data: event.customData } : {}),
  };
}

/**
 * Whether the receiver's answer acknowledges the whole batch: `{"events_received": n}` with n the events sent.
 * Returns null when it does, else why not (kept as the events' last error).
 */
export function receiverAnswerProblem(body: string, sent: number): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `the receiver answered something that is not JSON: ${JSON.stringify(body.slice(0, 120))}`;
  }
  const received = typeof parsed === 'object' && parsed !== null ? (parsed as { events_received?: unknown }).events_received : undefined;
  if (received === sent) return null;
  return typeof received === 'number' ? `the receiver took ${received} of ${sent} events` : 'the receiver answered JSON without events_received';
}

/** Sends after the first failed one wait 30 s, doubling to an hour at most. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** Sends of one event before it is given up (the failed state on /admin); about three hours of retries. */
export const FORWARD_MAX_ATTEMPTS = 10;
