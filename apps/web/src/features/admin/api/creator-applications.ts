import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { ReviewApplication } from '@crate/contract/creator-application';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';


/** Applications waiting for review, oldest first. */
export function useWaitingApplications() {
  return useQuery({ queryKey: adminKeys.waitingApplications, queryFn: ({ signal }) => callApi(API.listWaitingApplications, { signal }) });
}

export function useCreatorApplication(id: string) {
  return useQuery({ queryKey: adminKeys.application(id), queryFn: ({ signal }) => callApi(API.getCreatorApplication, { params: { id }, signal }) });
}

export function useReviewApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewApplication) => callApi(API.reviewCreatorApplication, { params: { id }, body }),
    onSuccess: (reviewed) => {
      queryClient.setQueryData(adminKeys.application(id), reviewed);
      void queryClient.invalidateQueries({ queryKey: adminKeys.waitingApplications });
    },
  });
}
