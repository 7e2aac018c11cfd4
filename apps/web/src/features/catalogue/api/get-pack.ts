import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from './catalogue-keys.ts';

/** GET /api/packs/:ref — ref is the id (/pack/{id}) or the slug (/products/{slug}). */
export function usePack(ref: string) {
  return useQuery({
    queryKey: catalogueKeys.pack(ref),
    queryFn: ({ signal }) => callApi(API.getPack, { params: { ref }, signal }),
  });
}

/** GET /api/packs/:ref/items in pack order, page by page. Waits for the pack so an unknown ref is asked once. */
export function usePackItems(ref: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.packItems(ref),
    queryFn: ({ pageParam, signal }) => callApi(API.listPackItems, { params: { ref }, query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
    enabled,
  });
}
