import { describe, expect, test } from 'vitest';
import { profileSchema } from '@crate/contract/profile';
import { serverProfile } from './test-profile.ts';
import { claimsNeedRefresh, DEFAULT_PROFILE, displayNameOf, isSignedIn, mergeServerProfile, normalizeProfile, viewerOf } from './profile-model.ts';

describe('defaults (docs/product-overview.md §3)', () => {
  test('signed out is the default profile: credits 0, every flag false, no roles', () => {
    expect(DEFAULT_PROFILE).toMatchObject({ uid: '', credits: 0, accepted_content_agreement: false, is_admin: false, is_sub: false, is_collaborator: false, is_creator: false, is_affiliate: false, can_search: false, roles: [] });
    expect(isSignedIn(DEFAULT_PROFILE)).toBe(false);
    expect(viewerOf(DEFAULT_PROFILE)).toBeNull();
  });

  test('a stored profile of the contract shape is read back as it was', () => {
    const stored = serverProfile({ roles: ['creator', 'admin'], credits: 4, credits_expire_at: '2030-01-01T00:00:00.000Z', zip_code: '10115' });
    expect(profileSchema.parse(stored)).toEqual(stored);
    expect(normalizeProfile(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  test('a stored profile the contract would refuse is the default profile', () => {
    for (const broken of [
      { ...serverProfile(), roles: ['superuser'] },
      { ...serverProfile(), credits: 1.5 },
      { ...serverProfile(), claims_updated_at: { seconds: 'x', nanoseconds: 0 } },
      { ...serverProfile(), email_preferences: { product_updates: true } },
      { ...serverProfile(), is_admin: 'yes' },
    ]) {
      expect(profileSchema.safeParse(broken).success).toBe(false);
      expect(normalizeProfile(broken)).toBe(DEFAULT_PROFILE);
    }
  });

  test('anything unreadable in storage is the default profile', () => {
    expect(normalizeProfile(undefined)).toBe(DEFAULT_PROFILE);
    expect(normalizeProfile({ uid: 5 })).toBe(DEFAULT_PROFILE);
    expect(normalizeProfile('nonsense')).toBe(DEFAULT_PROFILE);
  });

  test('display_name falls back to the e-mail, else empty', () => {
    expect(displayNameOf({ display_name: '  ', email: 'a@b.co' })).toBe('a@b.co');
    expect(displayNameOf({ display_name: '', email: '' })).toBe('');
    expect(normalizeProfile(serverProfile({ display_name: '' })).display_name).toBe('ada@example.test');
  });

  test('a signed-in viewer carries the roles guards decide on', () => {
    expect(viewerOf(serverProfile({ roles: ['creator'] }))).toEqual({ roles: ['creator'] });
  });
});

describe('claimsNeedRefresh (docs/product-overview.md §4)', () => {
  const stored = serverProfile();
  test('the same timestamp needs nothing', () => {
    expect(claimsNeedRefresh(stored, serverProfile())).toBe(false);
  });
  test('a different timestamp (seconds or nanoseconds) forces a refresh', () => {
    expect(claimsNeedRefresh(stored, serverProfile({ claims_updated_at: { seconds: 101, nanoseconds: 5 } }))).toBe(true);
    expect(claimsNeedRefresh(stored, serverProfile({ claims_updated_at: { seconds: 100, nanoseconds: 6 } }))).toBe(true);
  });
  test('absent locally forces a refresh', () => {
    expect(claimsNeedRefresh(DEFAULT_PROFILE, serverProfile())).toBe(true);
    expect(claimsNeedRefresh(serverProfile({ claims_updated_at: null }), serverProfile())).toBe(true);
  });
  test('another account counts as absent', () => {
    expect(claimsNeedRefresh(stored, serverProfile({ uid: 'u2' }))).toBe(true);
  });
  test('a server that supplies no timestamp asks for nothing', () => {
    expect(claimsNeedRefresh(stored, serverProfile({ claims_updated_at: null }))).toBe(false);
  });
});

describe('mergeServerProfile', () => {
  test('the content agreement never flips back for the same account', () => {
    const stored = serverProfile({ accepted_content_agreement: true });
    expect(mergeServerProfile(stored, serverProfile({ accepted_content_agreement: false })).accepted_content_agreement).toBe(true);
  });
  test('another account does not inherit it', () => {
    const stored = serverProfile({ accepted_content_agreement: true });
    expect(mergeServerProfile(stored, serverProfile({ uid: 'u2' })).accepted_content_agreement).toBe(false);
  });
});
