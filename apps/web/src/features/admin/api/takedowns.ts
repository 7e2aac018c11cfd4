import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { Takedown } from '@crate/contract/takedown';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';
import { searchKeys } from '../../search/api/search-items.ts';

export type TakedownTarget = 'item' | 'pack';

/**
 * POST /api/admin/items/:id/takedown or /api/admin/packs/:id/archive. Afterwards every catalogue answer
 * and every search may show it differently (gone for others, in the archive for admins).
 */
export function useTakeDown(target: TakedownTarget, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Takedown) => (target === 'item' ? callApi(API.takeDownItem, { params: { id }, body }) : callApi(API.archivePack, { params: { id }, body })),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: catalogueKeys.all }), queryClient.invalidateQueries({ queryKey: searchKeys.all })]);
    },
  });
}
