import type { TrackPayload } from '@crate/contract/callable';
import { callFunction } from '../../lib/callable-client.ts';

/** trackPageView (docs/product-overview.md §7): fire and forget; attribution must never disturb the page. */
export function trackPageView(payload: TrackPayload): Promise<void> {
  return callFunction('trackPageView', payload, { keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}
