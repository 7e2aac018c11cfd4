import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { ReleaseAnswer } from '@crate/contract/releases';
import { releaseKeys } from '../../../components/release-keys.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/creator/releases: releases using sounds I wrote, those waiting for my answer first. */
export function useReleaseRequests() {
  return useQuery({ queryKey: releaseKeys.requests, queryFn: ({ signal }) => callApi(API.listReleaseRequests, { signal }) });
}

/** POST /api/releases/:id/answer: accept my share, or counter-propose one with a note. */
export function useAnswerRelease(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseAnswer) => callApi(API.answerRelease, { params: { id: releaseId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}
