import type { TrackPayload } from '@crate/contract/callable';
import { callFunction } from '../../lib/callable-client.ts';

/** trackViewContent (docs/product-overview.md §7): fired in addition on content-tracked routes; fire and forget. */
export function trackViewContent(payload: TrackPayload): Promise<void> {
  return callFunction('trackViewContent', payload, { keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}
