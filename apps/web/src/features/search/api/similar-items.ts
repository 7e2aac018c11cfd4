import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

export const SIMILAR_LIMIT = 12;

export const similarKeys = {
  of: (slug: string) => ['similar', slug] as const,
};

/** GET /api/items/:slug/similar: the nearest sounds by audio features (same type, similar length). */
export function useSimilarItems(slug: string | null) {
  return useQuery({
    queryKey: similarKeys.of(slug ?? ''),
    queryFn: ({ signal }) => callApi(API.similarItems, { params: { slug: slug! }, query: { limit: SIMILAR_LIMIT }, signal }),
    enabled: slug !== null,
    // Neighbours change only when the catalogue does.
    staleTime: 5 * 60_000,
  });
}
