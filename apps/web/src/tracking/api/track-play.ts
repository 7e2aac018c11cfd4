import type { TrackPlayPayload } from '@crate/contract/analytics';
import { callFunction } from '../../lib/callable-client.ts';

/** trackPlay (docs/decisions/0028): sent once per listen that crossed the play threshold; fire and forget, a failure never disturbs playback. */
export function trackPlay(payload: TrackPlayPayload): Promise<void> {
  return callFunction('trackPlay', payload, { keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}
