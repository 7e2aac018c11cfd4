import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/items/:slug: one sample or preset with everything about it. */
export function useItem(slug: string) {
  return useQuery({
    queryKey: ['catalogue', 'item', slug],
    queryFn: ({ signal }) => callApi(API.getItem, { params: { slug }, signal }),
  });
}

/** GET /api/items/:slug/similar: sounds that sound alike (nearest by audio features). */
export function useSimilarItems(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['catalogue', 'item', slug, 'similar'],
    queryFn: ({ signal }) => callApi(API.similarItems, { params: { slug }, query: { limit: 12 }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
