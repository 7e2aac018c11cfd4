import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { libraryKeys } from '../../../components/library-actions/library-query-keys.ts';

/** GET /api/licences/:number: a certificate as anyone may check it. */
export function useLicenceVerification(number: string) {
  return useQuery({
    queryKey: libraryKeys.licence(number),
    queryFn: ({ signal }) => callApi(API.verifyLicence, { params: { number }, signal }),
    retry: false,
  });
}
