import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { RegisterRelease, ReleaseSoundInput } from '@crate/contract/releases';
import { releaseKeys } from '../../../components/release-keys.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/releases: the releases I registered, newest first. */
export function useMyReleases() {
  return useQuery({ queryKey: releaseKeys.mine, queryFn: ({ signal }) => callApi(API.listMyReleases, { signal }) });
}

/** POST /api/releases/proposal: the shares Crate proposes for these sounds (asked again whenever they change). */
export function useReleaseProposal(sounds: readonly ReleaseSoundInput[], enabled: boolean) {
  return useQuery({
    queryKey: releaseKeys.proposal(sounds),
    queryFn: ({ signal }) => callApi(API.proposeReleaseSplit, { body: { sounds: [...sounds] }, signal }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

function useReleaseMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }) });
}

export const useRegisterRelease = () => useReleaseMutation((body: RegisterRelease) => callApi(API.registerRelease, { body }));
export const useAcceptCounter = (releaseId: string) => useReleaseMutation((userId: string) => callApi(API.acceptReleaseCounter, { params: { id: releaseId, userId } }));
export const useWithdrawRelease = (releaseId: string) => useReleaseMutation(() => callApi(API.withdrawRelease, { params: { id: releaseId } }));

/** GET /api/split-sheets/:number: an agreed split sheet as anyone may check it. */
export function useSplitSheet(number: string) {
  return useQuery({ queryKey: releaseKeys.splitSheet(number), queryFn: ({ signal }) => callApi(API.verifySplitSheet, { params: { number }, signal }), retry: false });
}
