import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from './catalogue-keys.ts';

/** GET /api/bundles/:ref (id for /bundle/{id}, slug for /bundles/{slug}) with its packs. */
export function useBundle(ref: string) {
  return useQuery({
    queryKey: catalogueKeys.bundle(ref),
    queryFn: ({ signal }) => callApi(API.getBundle, { params: { ref }, signal }),
  });
}
