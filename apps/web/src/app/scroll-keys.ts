import type { Location } from 'react-router';

/** Where ScrollRestoration keeps positions (sessionStorage): a JSON object of position by key. */
export const SCROLL_STORAGE_KEY = 'crate-scroll-positions';

/**
 * The key a history entry's scroll position is kept under. Entries made by the router have their own
 * key; a document's first entry has none ("default" in every document), so a position saved on one
 * page's first entry was restored on the next page opened in that tab. First entries are kept by
 * their address instead.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `first:${location.pathname}${location.search}` : location.key;
}

/**
 * An address opened anew (typed, a link from elsewhere, not a reload or back/forward) starts at the
 * top, even if this tab once kept a position for the same address.
 */
export function forgetPositionOfNewDocument(storage: () => Storage, navigationType: string | undefined, location: Pick<Location, 'pathname' | 'search'>): void {
  if (navigationType !== 'navigate') return;
  try {
    const positions = JSON.parse(storage().getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
    const key = scrollKey({ key: 'default', ...location });
    if (!(key in positions)) return;
    delete positions[key];
    storage().setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage unavailable or unreadable: nothing kept, nothing to forget.
  }
}
