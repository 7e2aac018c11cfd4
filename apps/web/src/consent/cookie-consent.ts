import { useSyncExternalStore } from 'react';
import { browserStorage, type KeyValueStorage } from '../lib/browser-storage.ts';

/** docs/product-overview.md §3: the consent choice lives under this localStorage key. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

/** 'accepted': essential and advertising-attribution cookies; 'essential': only what the site needs to work. */
export type ConsentChoice = 'accepted' | 'essential';

export function parseConsent(raw: string | null): ConsentChoice | null {
  return raw === 'accepted' || raw === 'essential' ? raw : null;
}

export function allowsNonEssential(choice: ConsentChoice | null): boolean {
  return choice === 'accepted';
}

export interface ConsentStore {
  get(): ConsentChoice | null;
  set(choice: ConsentChoice): void;
  /** Forget the choice (the banner asks again). */
  clear(): void;
  subscribe(listener: (choice: ConsentChoice | null) => void): () => void;
}

export function createConsentStore(storage: KeyValueStorage | null): ConsentStore {
  let choice = parseConsent(storage?.getItem(COOKIE_CONSENT_KEY) ?? null);
  const listeners = new Set<(choice: ConsentChoice | null) => void>();
  const emit = () => {
    for (const listener of listeners) listener(choice);
  };
  return {
    get: () => choice,
    set(next) {
      choice = next;
      try {
        storage?.setItem(COOKIE_CONSENT_KEY, next);
      } catch {
        // Remembered for this page only.
      }
      emit();
    },
    clear() {
      choice = null;
      try {
        storage?.removeItem(COOKIE_CONSENT_KEY);
      } catch {
        // Nothing stored to forget.
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const consentStore = createConsentStore(browserStorage());

export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(
    (notify) => consentStore.subscribe(() => notify()),
    consentStore.get,
    consentStore.get,
  );
}
