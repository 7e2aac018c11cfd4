import type { CallableName, TrackPayload } from '@crate/contract/callable';
import { safeRedirectPath } from '@crate/contract/redirect-path';

/** event_type values the passthrough understands, in the spellings ad tools use. */
const EVENT_CALLABLES: Record<string, CallableName> = {
  pageview: 'trackPageView',
  page_view: 'trackPageView',
  trackpageview: 'trackPageView',
  viewcontent: 'trackViewContent',
  view_content: 'trackViewContent',
  trackviewcontent: 'trackViewContent',
};

export interface PassthroughPlan {
  /** Where to go next: always a same-origin path. */
  to: string;
  call: { name: CallableName; payload: TrackPayload } | null;
}

/** The optional JSON payload may name the tracked route; anything else in it is ignored. */
function payloadRoute(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const route = (value as { route?: unknown }).route;
    return typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') ? route.slice(0, 2048) : null;
  } catch {
    return null;
  }
}

/**
 * /metapassthrough?redirect=…&event_type=…&payload=… (docs/product-overview.md §2): fire the tracking callable for the
 * event when the _fbc cookie exists, then go to the redirect — only ever a path on our own origin.
 */
export function passthroughPlan(search: string, fbc: string | null, email: string | null): PassthroughPlan {
  const params = new URLSearchParams(search);
  const to = safeRedirectPath(params.get('redirect'), '/');
  const name = EVENT_CALLABLES[(params.get('event_type') ?? '').trim().toLowerCase()];
  if (!name || !fbc) return { to, call: null };
  const route = payloadRoute(params.get('payload')) ?? to.split(/[?#]/)[0] ?? '/';
  return { to, call: { name, payload: { fbc, route, ...(email ? { email } : {}) } } };
}
