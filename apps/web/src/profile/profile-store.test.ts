import { describe, expect, test, vi } from 'vitest';
import { memoryStorage } from '../lib/browser-storage.ts';
import { DEFAULT_PROFILE } from './profile-model.ts';
import { serverProfile } from './test-profile.ts';
import { createProfileStore, PROFILE_STORAGE_KEY } from './profile-store.ts';

describe('profile store (persistent client storage)', () => {
  test('starts from what storage remembered, marked as not yet confirmed', () => {
    const storage = memoryStorage({ [PROFILE_STORAGE_KEY]: JSON.stringify(serverProfile({ roles: ['creator'] })) });
    const store = createProfileStore(storage);
    expect(store.getState().status).toBe('stored');
    expect(store.getState().profile.roles).toEqual(['creator']);
  });

  test('starts signed out when storage is empty or unavailable', () => {
    expect(createProfileStore(memoryStorage()).getState().profile).toBe(DEFAULT_PROFILE);
    expect(createProfileStore(null).getState().profile).toBe(DEFAULT_PROFILE);
  });

  test('a server answer is stored, confirmed and announced', () => {
    const storage = memoryStorage();
    const store = createProfileStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setFromServer(serverProfile({ credits: 7 }));
    expect(store.getState()).toMatchObject({ status: 'verified', profile: { credits: 7 } });
    expect(JSON.parse(storage.getItem(PROFILE_STORAGE_KEY)!)).toMatchObject({ uid: 'u1', credits: 7, claims_updated_at: { seconds: 100, nanoseconds: 5 } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('reset (logout) returns every field to its default, in storage too', () => {
    const storage = memoryStorage();
    const store = createProfileStore(storage);
    store.setFromServer(serverProfile({ credits: 7, roles: ['admin'], is_admin: true }));
    store.reset();
    expect(store.getState().profile).toBe(DEFAULT_PROFILE);
    expect(JSON.parse(storage.getItem(PROFILE_STORAGE_KEY)!)).toEqual(DEFAULT_PROFILE);
  });

  test('credits and expiry can be set; the agreement only ever goes to true', () => {
    const store = createProfileStore(memoryStorage());
    store.setFromServer(serverProfile());
    store.setCredits(12, '2030-01-01T00:00:00.000Z');
    store.acceptContentAgreement();
    expect(store.getState().profile).toMatchObject({ credits: 12, credits_expire_at: '2030-01-01T00:00:00.000Z', accepted_content_agreement: true });
    store.setFromServer(serverProfile({ credits: 12, accepted_content_agreement: false }));
    expect(store.getState().profile.accepted_content_agreement).toBe(true);
  });

  test('an unreachable server keeps the stored profile but says it is unconfirmed', () => {
    const store = createProfileStore(memoryStorage({ [PROFILE_STORAGE_KEY]: JSON.stringify(serverProfile()) }));
    store.markUnverified();
    expect(store.getState()).toMatchObject({ status: 'unverified', profile: { uid: 'u1' } });
  });

  test('the snapshot keeps its identity until something changes (useSyncExternalStore needs that)', () => {
    const store = createProfileStore(memoryStorage());
    expect(store.getState()).toBe(store.getState());
  });
});
