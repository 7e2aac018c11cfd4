import type { InfiniteData } from '@tanstack/react-query';

/**
 * Cursor pagination ({items, next_cursor}) for TanStack infinite queries:
 *
 *   useInfiniteQuery({ queryKey, queryFn: ({ pageParam, signal }) => callApi(…, { query: { cursor: pageParam } }), ...CURSOR_PAGING })
 */
export const CURSOR_PAGING = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { next_cursor: string | null }) => last.next_cursor ?? undefined,
};

/** Every loaded page's rows in order; the same array while the pages do not change (stable for the player's queue). */
export function pageRows<T>(data: InfiniteData<{ items: T[] }> | undefined): T[] {
  if (!data) return EMPTY;
  const cached = rowsCache.get(data);
  if (cached) return cached as T[];
  const rows = data.pages.flatMap((page) => page.items);
  rowsCache.set(data, rows);
  return rows;
}

const EMPTY: never[] = [];
const rowsCache = new WeakMap<object, unknown[]>();
