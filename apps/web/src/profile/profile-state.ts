import { useSyncExternalStore } from 'react';
import type { Profile } from '@crate/contract/profile';
import { browserStorage } from '../lib/browser-storage.ts';
import { PROFILE_STORAGE_KEY, createProfileStore, type ProfileState } from './profile-store.ts';

/** The one profile store of this page, backed by localStorage. */
export const profileStore = createProfileStore(browserStorage());

if (typeof window !== 'undefined') {
  // Signing in or out in another tab changes what this tab may show.
  window.addEventListener('storage', (event) => {
    if (event.key === PROFILE_STORAGE_KEY || event.key === null) profileStore.reloadFromStorage();
  });
}

export function useProfileState(): ProfileState {
  return useSyncExternalStore(profileStore.subscribe, profileStore.getState, profileStore.getState);
}

export function useProfile(): Profile {
  return useProfileState().profile;
}
