import { describe, expect, test } from 'vitest';
import type { Profile } from '@crate/contract/profile';
import { DEFAULT_PROFILE } from './profile-model.ts';
import { serverProfile } from './test-profile.ts';
import { syncProfile, type FetchProfile } from './profile-sync.ts';

function server(answers: (Profile | null)[]): { fetch: FetchProfile; calls: boolean[] } {
  const calls: boolean[] = [];
  return {
    calls,
    fetch: async ({ force }) => {
      calls.push(force);
      return answers[Math.min(calls.length - 1, answers.length - 1)] ?? null;
    },
  };
}

describe('syncProfile (docs/product-overview.md §4 on fetch)', () => {
  test('unchanged claims: one ordinary fetch', async () => {
    const s = server([serverProfile()]);
    const result = await syncProfile(serverProfile(), s.fetch);
    expect(s.calls).toEqual([false]);
    expect(result).toMatchObject({ claimsRefreshed: false, profile: { uid: 'u1' } });
  });

  test('a changed claims_updated_at forces a second fetch past every cache, whose answer is kept', async () => {
    const changed = serverProfile({ claims_updated_at: { seconds: 200, nanoseconds: 0 }, roles: ['creator'] });
    const fresh = { ...changed, roles: ['creator', 'subscriber'] } as Profile;
    const s = server([changed, fresh]);
    const result = await syncProfile(serverProfile(), s.fetch);
    expect(s.calls).toEqual([false, true]);
    expect(result).toEqual({ profile: fresh, claimsRefreshed: true });
  });

  test('nothing stored yet (first visit on this device) forces the refresh too', async () => {
    const s = server([serverProfile()]);
    const result = await syncProfile(DEFAULT_PROFILE, s.fetch);
    expect(s.calls).toEqual([false, true]);
    expect(result.claimsRefreshed).toBe(true);
  });

  test('signed out on the server: no profile; claims changed only if we thought someone was signed in', async () => {
    expect(await syncProfile(serverProfile(), server([null]).fetch)).toEqual({ profile: null, claimsRefreshed: true });
    expect(await syncProfile(DEFAULT_PROFILE, server([null]).fetch)).toEqual({ profile: null, claimsRefreshed: false });
  });
});
