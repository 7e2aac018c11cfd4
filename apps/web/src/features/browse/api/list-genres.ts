import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** GET /api/genres: every genre with its published pack count. */
export function useGenreCounts() {
  return useQuery({
    queryKey: catalogueKeys.genres,
    queryFn: ({ signal }) => callApi(API.listGenres, { signal }),
    staleTime: 5 * 60_000,
  });
}
