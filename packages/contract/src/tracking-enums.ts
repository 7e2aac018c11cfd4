/** Fixed vocabularies of what is recorded about use (docs/product-overview.md §7). Values are stored as-is in the database. */

/**
 * Advertising-attribution events, in the Conversions API's names: one per tracking callable (trackPageView,
 * trackViewContent), and the server's own sign-ups and payments (docs/decisions/0057).
 */
export const TRACKING_EVENT_TYPES = ['PageView', 'ViewContent', 'CompleteRegistration', 'Purchase'] as const;
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number];

/**
 * What happened to an item, counted for creator analytics (docs/decisions/0028) and "popular":
 * a preview listened to, an original downloaded, a heart, an add to a playlist, the item got (with
 * credits or for free; `credits` on the event says how many the creator earned).
 */
export const ITEM_EVENT_KINDS = ['play', 'download', 'favorite', 'playlist_add', 'get'] as const;
export type ItemEventKind = (typeof ITEM_EVENT_KINDS)[number];
