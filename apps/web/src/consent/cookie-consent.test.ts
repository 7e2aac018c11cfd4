import { expect, test, vi } from 'vitest';
import { memoryStorage } from '../lib/browser-storage.ts';
import { allowsNonEssential, COOKIE_CONSENT_KEY, createConsentStore, parseConsent } from './cookie-consent.ts';

test('the choice is stored under cookieConsent and announced', () => {
  const storage = memoryStorage();
  const store = createConsentStore(storage);
  const listener = vi.fn();
  store.subscribe(listener);
  expect(store.get()).toBeNull();
  store.set('accepted');
  expect(storage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
  expect(listener).toHaveBeenCalledWith('accepted');
  store.clear();
  expect(storage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
  expect(store.get()).toBeNull();
});

test('a stored choice is remembered; anything else counts as no choice', () => {
  expect(createConsentStore(memoryStorage({ cookieConsent: 'essential' })).get()).toBe('essential');
  expect(parseConsent('yes')).toBeNull();
});

test('only "accepted" allows non-essential cookies', () => {
  expect(allowsNonEssential('accepted')).toBe(true);
  expect(allowsNonEssential('essential')).toBe(false);
  expect(allowsNonEssential(null)).toBe(false);
});
