import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/licences/:number: a certificate as anyone may check it. */
export function useLicenceVerification(number: string) {
  return useQuery({
    queryKey: ['licence', number.toUpperCase()],
    queryFn: ({ signal }) => callApi(API.verifyLicence, { params: { number }, signal }),
    retry: false,
  });
}
