import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from './catalogue-keys.ts';

/** GET /api/creators/:ref (id for /creator/{id}, slug for /collections/{slug}). */
export function useCreator(ref: string) {
  return useQuery({
    queryKey: catalogueKeys.creator(ref),
    queryFn: ({ signal }) => callApi(API.getCreator, { params: { ref }, signal }),
  });
}

/**
 * GET /api/creators/:ref/packs, page by page. The creator, their collaborators and admins also get
 * the unpublished ones (published: false, with their status).
 */
export function useCreatorPacks(ref: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.creatorPacks(ref),
    queryFn: ({ pageParam, signal }) => callApi(API.listCreatorPacks, { params: { ref }, query: { cursor: pageParam }, signal }),
    ...CURSOR_PAGING,
    enabled,
  });
}
