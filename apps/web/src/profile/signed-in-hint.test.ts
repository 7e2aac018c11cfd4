import { describe, expect, test } from 'vitest';
import { forgetSignedInHint, mayBeSignedIn } from './signed-in-hint.ts';

const jar = (cookies: string) => {
  const written: string[] = [];
  return { read: () => cookies, write: (assignment: string) => void written.push(assignment), written };
};

describe('whether to ask for the profile', () => {
  test('a visitor (no hint, no stored account) is not asked about', () => {
    expect(mayBeSignedIn('', jar('_fbp=fb.1.2.3; crate.referral=x'))).toBe(false);
  });

  test('the hint or a remembered account is reason to ask', () => {
    expect(mayBeSignedIn('', jar('a=b; crate.signed_in=1'))).toBe(true);
    expect(mayBeSignedIn('user-1', jar(''))).toBe(true);
  });

  test('forgetting the hint deletes the cookie for the whole site', () => {
    const cookies = jar('crate.signed_in=1');
    forgetSignedInHint(cookies);
    expect(cookies.written).toEqual(['crate.signed_in=; Max-Age=0; Path=/; SameSite=Lax']);
  });
});
