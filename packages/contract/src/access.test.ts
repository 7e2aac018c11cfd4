import { describe, expect, it } from 'vitest';
import { PUBLIC, SIGNED_IN, claims, decideAccess } from './access.ts';
import { canSearch, holdsAnyClaim } from './roles.ts';

describe('decideAccess', () => {
  it('lets anyone through a public route', () => {
    expect(decideAccess(PUBLIC, null)).toBe('allow');
  });
  it('asks visitors to sign in on sign-in and claim routes', () => {
    expect(decideAccess(SIGNED_IN, null)).toBe('signInRequired');
    expect(decideAccess(claims('admin'), null)).toBe('signInRequired');
  });
  it('accepts any one claim of a list', () => {
    expect(decideAccess(claims('creator', 'collaborator'), { roles: ['collaborator'] })).toBe('allow');
    expect(decideAccess(claims('creator', 'collaborator'), { roles: ['subscriber'] })).toBe('forbidden');
  });
  it('treats an admin as holding every role', () => {
    expect(decideAccess(claims('creator'), { roles: ['admin'] })).toBe('allow');
    expect(holdsAnyClaim(['admin'], 'affiliate')).toBe(true);
  });
  it('gives search to subscribers and admins only', () => {
    expect(canSearch(['subscriber'])).toBe(true);
    expect(canSearch(['admin'])).toBe(true);
    expect(canSearch(['creator', 'collaborator', 'affiliate'])).toBe(false);
  });
});
