import { describe, expect, test } from 'vitest';
import { claims, PUBLIC, SIGNED_IN } from '@crate/contract/access';
import type { Role } from '@crate/contract/roles';
import { DEFAULT_PROFILE } from '../profile/profile-model.ts';
import { serverProfile } from '../profile/test-profile.ts';
import type { ProfileState } from '../profile/profile-store.ts';
import { guardOutcome } from './route-access.ts';

const at = { pathname: '/packupload/7', search: '?step=2&x=a b', hash: '#files' };
const signedIn = (roles: Role[], status: ProfileState['status'] = 'verified'): ProfileState => ({ profile: serverProfile({ roles }), status });
const visitor: ProfileState = { profile: DEFAULT_PROFILE, status: 'verified' };
const forbidden = { kind: 'redirect', to: `/forbidden?redirect=${encodeURIComponent('/packupload/7?step=2&x=a b#files')}` };

describe('guardOutcome', () => {
  test('public screens always render, even before the profile is confirmed', () => {
    expect(guardOutcome(PUBLIC, { profile: DEFAULT_PROFILE, status: 'stored' }, at)).toEqual({ kind: 'allow' });
  });

  test('guarded screens wait for the server to confirm the stored profile', () => {
    expect(guardOutcome(SIGNED_IN, signedIn(['creator'], 'stored'), at)).toEqual({ kind: 'wait' });
  });

  test('sign-in required: a visitor goes to /forbidden carrying the full path, query and hash', () => {
    expect(guardOutcome(SIGNED_IN, visitor, at)).toEqual(forbidden);
    expect(guardOutcome(SIGNED_IN, signedIn([]), at)).toEqual({ kind: 'allow' });
  });

  test('a list of claims: holding any one passes', () => {
    const creatorOrCollaborator = claims('creator', 'collaborator');
    expect(guardOutcome(creatorOrCollaborator, signedIn(['collaborator']), at)).toEqual({ kind: 'allow' });
    expect(guardOutcome(creatorOrCollaborator, signedIn(['subscriber', 'affiliate']), at)).toEqual(forbidden);
    expect(guardOutcome(creatorOrCollaborator, visitor, at)).toEqual(forbidden);
  });

  test('an admin passes every claim check', () => {
    for (const role of ['subscriber', 'collaborator', 'creator', 'affiliate'] as const) {
      expect(guardOutcome(claims(role), signedIn(['admin']), at)).toEqual({ kind: 'allow' });
    }
  });

  test('an unreachable server: the stored profile decides (the API still enforces)', () => {
    expect(guardOutcome(claims('creator'), signedIn(['creator'], 'unverified'), at)).toEqual({ kind: 'allow' });
    expect(guardOutcome(claims('admin'), signedIn(['creator'], 'unverified'), at)).toEqual(forbidden);
  });
});
