import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** The first sounds of a staff playlist, for Discover's "hear it now" list. */
export function useStaffPlaylistPreview(ref: string | undefined, limit = 8) {
  return useQuery({
    queryKey: catalogueKeys.staffPlaylistShelf(ref, limit),
    queryFn: ({ signal }) => callApi(API.listStaffPlaylistItems, { params: { ref: ref! }, query: { limit }, signal }),
    enabled: ref !== undefined,
    staleTime: 60_000,
  });
}
