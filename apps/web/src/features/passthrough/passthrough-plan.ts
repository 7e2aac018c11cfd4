import { attributionCustomDataSchema, type AttributionCustomData } from '@crate/contract/attribution';
import type { CallableName, TrackPayload } from '@crate/contract/callable';
import { safeRedirectPath } from '@crate/contract/redirect-path';
import { eventPayload, newEventId, type AttributionCookies } from '../../tracking/page-tracking.ts';

/** event_type values the passthrough understands, in the spellings ad tools use. */
const EVENT_CALLABLES: Record<string, CallableName> = {
  pageview: 'trackPageView',
  page_view: 'trackPageView',
  trackpageview: 'trackPageView',
  viewcontent: 'trackViewContent',
  view_content: 'trackViewContent',
  trackviewcontent: 'trackViewContent',
};

/** A payload longer than this is not one an ad tool wrote: it is ignored whole. */
const PAYLOAD_MAX_CHARS = 4096;

export interface PassthroughPlan {
  /** Where to go next: always a same-origin path. */
  to: string;
  call: { name: CallableName; payload: TrackPayload } | null;
}

interface PassthroughPayload {
  route: string | null;
  customData: AttributionCustomData | null;
}

/**
 * The optional JSON payload (docs/decisions/0058): `route`, a path on our site to record the event for, and
 * `custom_data`, the event's content ids and type, value and currency (the contract's attributionCustomDataSchema).
 * Each part that is not valid is dropped on its own, other keys are ignored, and the event is recorded without them.
 */
function readPayload(raw: string | null): PassthroughPayload {
  const none = { route: null, customData: null };
  if (!raw || raw.length > PAYLOAD_MAX_CHARS) return none;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return none;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return none;
  const { route, custom_data: customData } = value as { route?: unknown; custom_data?: unknown };
  const parsed = attributionCustomDataSchema.safeParse(customData);
  return {
    route: typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') ? route.slice(0, 2048) : null,
    customData: parsed.success ? parsed.data : null,
  };
}

/**
 * /metapassthrough?redirect=…&event_type=…&payload=… (docs/product-overview.md §2): fire the tracking callable for the
 * event when the visitor consented (an _fbp or _fbc cookie), then go to the redirect — only ever a path on our own origin.
 */
export function passthroughPlan(search: string, cookies: AttributionCookies, email: string | null, eventId: string = newEventId()): PassthroughPlan {
  const params = new URLSearchParams(search);
  const to = safeRedirectPath(params.get('redirect'), '/');
  const name = EVENT_CALLABLES[(params.get('event_type') ?? '').trim().toLowerCase()];
  if (!name) return { to, call: null };
  const { route, customData } = readPayload(params.get('payload'));
  const payload = eventPayload(cookies, { route: route ?? to.split(/[?#]/)[0] ?? '/', ...(email ? { email } : {}), ...(customData ? { custom_data: customData } : {}) }, eventId);
  return { to, call: payload ? { name, payload } : null };
}
