import type { Profile } from '@crate/contract/profile';
import { type KeyValueStorage, readJson, writeJson } from '../lib/browser-storage.ts';
import { DEFAULT_PROFILE, mergeServerProfile, normalizeProfile } from './profile-model.ts';

export const PROFILE_STORAGE_KEY = 'crate.profile';

export interface ProfileState {
  profile: Profile;
  /**
   * 'stored': only what persistent storage remembered (this page load has not heard from the server);
   * 'verified': the server confirmed it; 'unverified': the server could not be reached.
   */
  status: 'stored' | 'verified' | 'unverified';
}

export interface ProfileStore {
  getState(): ProfileState;
  subscribe(listener: () => void): () => void;
  /** The server's answer for the signed-in account (login, register, profile fetch, update). */
  setFromServer(profile: Profile): void;
  /** Signed out: every field back to its default (docs/product-overview.md §4 "Reset"). */
  reset(): void;
  /** The server could not be asked: keep the stored profile, but say so. */
  markUnverified(): void;
  setCredits(credits: number, expiresAt: string | null): void;
  /** One-way (docs/product-overview.md §4): nothing reverses it. */
  acceptContentAgreement(): void;
  /** Another tab changed storage: adopt its profile. */
  reloadFromStorage(): void;
}

/**
 * The profile in persistent client storage (docs/product-overview.md §3), as a tiny external store that React reads with
 * useSyncExternalStore. Every change is written through to storage.
 */
export function createProfileStore(storage: KeyValueStorage | null, key = PROFILE_STORAGE_KEY): ProfileStore {
  let state: ProfileState = { profile: normalizeProfile(readJson(storage, key)), status: 'stored' };
  const listeners = new Set<() => void>();

  const set = (profile: Profile, status: ProfileState['status']) => {
    if (profile === state.profile && status === state.status) return;
    state = { profile, status };
    writeJson(storage, key, profile);
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setFromServer(profile) {
      set(mergeServerProfile(state.profile, profile), 'verified');
    },
    reset() {
      set(DEFAULT_PROFILE, 'verified');
    },
    markUnverified() {
      if (state.status === 'stored') set(state.profile, 'unverified');
    },
    setCredits(credits, expiresAt) {
      set({ ...state.profile, credits, credits_expire_at: expiresAt }, state.status);
    },
    acceptContentAgreement() {
      if (state.profile.accepted_content_agreement) return;
      set({ ...state.profile, accepted_content_agreement: true }, state.status);
    },
    reloadFromStorage() {
      const profile = normalizeProfile(readJson(storage, key));
      state = { profile, status: state.status };
      for (const listener of listeners) listener();
    },
  };
}
