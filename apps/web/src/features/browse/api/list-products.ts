import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** GET /api/pricing/products: the active plans and credit packs with their active prices. */
export function useProducts() {
  return useQuery({
    queryKey: catalogueKeys.products,
    queryFn: ({ signal }) => callApi(API.listProducts, { signal }),
    staleTime: 5 * 60_000,
  });
}
