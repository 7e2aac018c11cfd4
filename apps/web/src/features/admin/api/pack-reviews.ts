import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { ReviewPack } from '@crate/contract/pack-review';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';
import { studioKeys } from '../../creator/api/studio-keys.ts';


/** Packs waiting for approval, oldest submission first, page by page. */
export function useWaitingPacks() {
  return useInfiniteQuery({
    queryKey: adminKeys.packsAwaitingReview,
    queryFn: ({ pageParam, signal }) => callApi(API.listPacksAwaitingReview, { query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
  });
}

/** Everything an admin needs to decide on a pack; polls while it is approved or processing so the panel shows the run advance. */
export function usePackForReview(id: string, enabled = true) {
  return useQuery({
    queryKey: adminKeys.packReview(id),
    queryFn: ({ signal }) => callApi(API.getPackForReview, { params: { id }, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 2 || query.state.data.status === 3) ? 1000 : false),
  });
}

/** After a decision or a re-run the pack page, the queue and the processing report all change. */
function invalidatePack(queryClient: ReturnType<typeof useQueryClient>, id: string) {
  void queryClient.invalidateQueries({ queryKey: adminKeys.packsAwaitingReview });
  void queryClient.invalidateQueries({ queryKey: catalogueKeys.packs });
  void queryClient.invalidateQueries({ queryKey: studioKeys.packProcessing(id) });
}

export function useReviewPack(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewPack) => callApi(API.reviewPack, { params: { id }, body }),
    onSuccess: (reviewed) => {
      queryClient.setQueryData(adminKeys.packReview(id), reviewed);
      invalidatePack(queryClient, id);
    },
  });
}

export function useReprocessPack(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.reprocessPack, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.packReview(id) });
      invalidatePack(queryClient, id);
    },
  });
}
