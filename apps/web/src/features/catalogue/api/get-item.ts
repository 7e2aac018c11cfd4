import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from './catalogue-keys.ts';

/** GET /api/items/:slug: one sample or preset with everything about it. */
export function useItem(slug: string) {
  return useQuery({
    queryKey: catalogueKeys.item(slug),
    queryFn: ({ signal }) => callApi(API.getItem, { params: { slug }, signal }),
  });
}

const SIMILAR_LIMIT = 12;

/**
 * GET /api/items/:slug/similar: sounds that sound alike (nearest by audio features, same type, similar
 * length); `freeOnly` for free search. Nothing is asked while `slug` is null or `enabled` is false.
 */
export function useSimilarItems(slug: string | null, { freeOnly = false, enabled = true }: { freeOnly?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogueKeys.similarItems(slug ?? '', freeOnly),
    queryFn: ({ signal }) =>
      callApi(API.similarItems, { params: { slug: slug! }, query: { limit: SIMILAR_LIMIT, ...(freeOnly ? { free: 'true' as const } : {}) }, signal }),
    enabled: enabled && slug !== null,
    // Neighbours change only when the catalogue does.
    staleTime: 5 * 60_000,
  });
}
