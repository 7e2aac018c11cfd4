import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Profile } from '@crate/contract/profile';
import { invalidResponse, requestJson } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { DEFAULT_PROFILE, normalizeProfile } from '../profile-model.ts';
import { profileStore } from '../profile-state.ts';
import { syncProfile, type FetchProfile } from '../profile-sync.ts';
import { forgetSignedInHint, mayBeSignedIn } from '../signed-in-hint.ts';

export const profileQueryKey = ['profile'] as const;

/** The contract's API.getProfile path (a unit test keeps the two equal). */
export const PROFILE_PATH = '/api/profile';

/**
 * GET /api/profile; a 401 means nobody is signed in (null), anything else is an error. The answer is
 * checked by hand (normalizeProfile, tested against the contract's schema) rather than with zod: the
 * profile check runs on every first load, and the contract schemas and zod are the heaviest script a
 * visitor would otherwise fetch before doing anything.
 */
const fetchProfile: FetchProfile = async ({ force }) => {
  try {
    const answer = await requestJson(PROFILE_PATH, { cache: force ? 'no-store' : 'no-cache' });
    const profile = normalizeProfile(answer);
    if (profile === DEFAULT_PROFILE) throw invalidResponse();
    return profile;
  } catch (error) {
    if (isApiError(error, 'UNAUTHENTICATED')) {
      forgetSignedInHint();
      return null;
    }
    throw error;
  }
};

/** Role-dependent server state is stale once claims change; the profile query itself just settled. */
function invalidateAfterClaimsChange(queryClient: QueryClient): Promise<void> {
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
      const stored = profileStore.getState().profile;
      // A visitor: nothing to ask (the answer would be a 401 in their console).
      if (!mayBeSignedIn(stored.uid)) {
        profileStore.reset();
        return null;
      }
      const result = await syncProfile(stored, fetchProfile);
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
