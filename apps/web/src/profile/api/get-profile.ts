import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Profile } from '@crate/contract/profile';
import { isApiError } from '../../lib/api-error.ts';
import { profileStore } from '../profile-state.ts';
import { syncProfile, type FetchProfile } from '../profile-sync.ts';

export const profileQueryKey = ['profile'] as const;

/**
 * GET /api/profile; a 401 means nobody is signed in (null), anything else is an error. The API client
 * and the contract schemas (zod) load here, after the first screen has rendered, not before it.
 */
export const fetchProfile: FetchProfile = async ({ force }) => {
  const [{ callApi }, { API }] = await Promise.all([import('../../lib/api-client.ts'), import('@crate/contract/api-endpoints')]);
  try {
    return await callApi(API.getProfile, { cache: force ? 'no-store' : 'no-cache' });
  } catch (error) {
    if (isApiError(error, 'UNAUTHENTICATED')) return null;
    throw error;
  }
};

/** Role-dependent server state is stale once claims change; the profile query itself just settled. */
export function invalidateAfterClaimsChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== profileQueryKey[0] });
}

/**
 * Loads the profile on start, on window focus and whenever invalidated, and writes the answer into
 * the persistent profile store (which the guards and the header read).
 */
export function useProfileSync(): void {
  const queryClient = useQueryClient();
  const query = useQuery<Profile | null>({
    queryKey: profileQueryKey,
    queryFn: async () => {
      const result = await syncProfile(profileStore.getState().profile, fetchProfile);
      if (result.profile) profileStore.setFromServer(result.profile);
      else profileStore.reset();
      if (result.claimsRefreshed) void invalidateAfterClaimsChange(queryClient);
      return result.profile;
    },
    staleTime: 60_000,
    // Coming back to the tab always re-checks: roles may have changed meanwhile, and they gate what is shown.
    refetchOnWindowFocus: 'always',
    retry: 1,
  });
  useEffect(() => {
    if (query.isError) profileStore.markUnverified();
  }, [query.isError]);
}

/** After sign-in, register, invite acceptance or a profile update: the answer is the new profile. */
export function applySignedInProfile(queryClient: QueryClient, profile: Profile): void {
  const previousUid = profileStore.getState().profile.uid;
  profileStore.setFromServer(profile);
  queryClient.setQueryData(profileQueryKey, profile);
  if (previousUid !== profile.uid) void invalidateAfterClaimsChange(queryClient);
}

/** After sign-out or deactivation: profile reset, every cached answer of the old account dropped. */
export function applySignedOut(queryClient: QueryClient): void {
  profileStore.reset();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== profileQueryKey[0] });
  queryClient.setQueryData(profileQueryKey, null);
}
