import { CALLABLES } from '@crate/contract/callable';
import type { TrackingEventType } from '@crate/contract/tracking-enums';
import { defineCallable, type CallableRateLimit } from '../../http/callable-registry.ts';
import { playNetworkKey, recordPlay } from './item-events-service.ts';
import { listenerCookieId, newListenerCookie } from './listener-cookie.ts';
import { recordTrackingEvent } from './tracking-service.ts';

/**
 * The web app fires one call per route change (two on content pages): 120 a minute per address is
 * far beyond a person browsing, yet stops a script from filling the table.
 */
const TRACKING_RATE_LIMIT: CallableRateLimit = { max: 120, timeWindow: '1 minute' };

function trackingCallable(definition: typeof CALLABLES.trackPageView | typeof CALLABLES.trackViewContent, eventType: TrackingEventType) {
  return defineCallable({
    ...definition,
    rateLimit: TRACKING_RATE_LIMIT,
    timeoutMs: 10_000,
    async handler({ data, viewer, ctx, request }) {
      // A replayed call (the same event_id) is answered alike and stored once.
      await recordTrackingEvent(ctx.db, ctx.clock.now(), eventType, data, {
        userId: viewer?.userId ?? null,
        ipAddress: request.ip || null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return { recorded: true as const };
    },
  });
}

export const trackPageView = trackingCallable(CALLABLES.trackPageView, 'PageView');
export const trackViewContent = trackingCallable(CALLABLES.trackViewContent, 'ViewContent');

/**
 * The player sends one trackPlay per listen once it crossed the play threshold (docs/decisions/0028);
 * a person auditioning a list fast sends a few a minute at most, 300 a minute per address leaves room
 * for a shared address and stops a script. What is counted is bounded per address by the play caps
 * (docs/decisions/0034), not by this limit.
 */
const PLAY_RATE_LIMIT: CallableRateLimit = { max: 300, timeWindow: '1 minute' };

export const trackPlay = defineCallable({
  ...CALLABLES.trackPlay,
  rateLimit: PLAY_RATE_LIMIT,
  timeoutMs: 10_000,
  async handler({ data, viewer, ctx, request, reply }) {
    const secret = ctx.config.authSecret;
    const cookieId = viewer ? null : listenerCookieId(secret, request.headers.cookie);
    // This play is keyed on the network; the cookie tells this visitor apart from the next play on.
    if (!viewer && !cookieId) reply.header('set-cookie', newListenerCookie(secret, ctx.config.publicUrl.startsWith('https://')));
    const counted = await recordPlay(ctx.db, ctx.clock.now(), {
      itemId: data.item_id,
      listenedMs: data.listened_ms,
      listener: { viewer, network: playNetworkKey(secret, request.ip), cookieId },
    });
    return { counted };
  },
});
