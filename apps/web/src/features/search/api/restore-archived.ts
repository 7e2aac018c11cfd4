import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { ArchivedItemRow, SearchResponse } from '@crate/contract/search';
import type { TakedownResult } from '@crate/contract/takedown';
import { callApi } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { isArchivedRow, searchKeys } from './search-items.ts';

export interface RestoreTarget {
  target: 'pack' | 'item';
  id: string;
  /** The row the admin acted on (for the notice). */
  row: ArchivedItemRow;
}

function restoredNotice(row: ArchivedItemRow, result: TakedownResult): { title: string; message: string } {
  if (result.target === 'pack') {
    const title = row.pack?.title ?? 'The pack';
    return result.pack_status === PACK_STATUS.published
      ? { title: 'Pack restored', message: `${title} is published again; its sounds are back in search.` }
      : { title: 'Pack restored', message: `${title} is back to draft for its creator (it was never published).` };
  }
  return result.listed
    ? { title: 'Sound restored', message: `${row.name} is back in the catalogue.` }
    : { title: 'Sound restored', message: `${row.name} is no longer taken down; it comes back when its pack is restored.` };
}

/**
 * POST /api/admin/archive/{packs,items}/:id/restore. On success the archived lists drop what is no
 * longer archived at once (a restored pack takes its sounds with it; a sound restored inside a
 * still-archived pack stays, now only for its pack), then every search is refreshed: the sounds are
 * back in paid and free search, and totals and facet counts change. The notices are shown from
 * here, not from the row: the row is gone by the time the answer is in.
 */
export function useRestoreArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, id }: RestoreTarget): Promise<TakedownResult> =>
      target === 'pack' ? callApi(API.restoreArchivedPack, { params: { id } }) : callApi(API.restoreTakenDownItem, { params: { id } }),
    onSuccess: async (result, { row }) => {
      notifications.show({ color: 'teal', ...restoredNotice(row, result) });
      queryClient.setQueriesData<InfiniteData<SearchResponse>>({ queryKey: searchKeys.corpus('archived') }, (data) => {
        if (!data) return data;
        const pages = data.pages.map((page) => ({
          ...page,
          items: page.items.flatMap((item) => {
            if (!isArchivedRow(item)) return [item];
            const row =
              result.target === 'pack' && item.pack?.id === result.id
                ? { ...item, pack_archived: false, pack_status: result.pack_status, pack_takedown_reason: null }
                : result.target === 'item' && item.id === result.id
                  ? { ...item, taken_down_at: null, takedown_reason: null }
                  : item;
            return row.pack_archived || row.taken_down_at ? [row] : [];
          }),
        }));
        return { ...data, pages };
      });
      await queryClient.invalidateQueries({ queryKey: searchKeys.all });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'Nothing was restored', message: apiErrorMessage(error) }),
  });
}
