import { describe, expect, it } from 'vitest';
import { signedInHintFor } from './signed-in-hint.ts';

describe('the signed-in hint beside the session cookie', () => {
  it('is set for as long as the session cookie it goes with', () => {
    expect(signedInHintFor(['crate.session_token=abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax'], false)).toBe('crate.signed_in=1; Max-Age=604800; Path=/; SameSite=Lax');
    expect(signedInHintFor(['__Secure-crate.session_token=abc; Max-Age=60; Path=/; HttpOnly; Secure'], true)).toBe('crate.signed_in=1; Max-Age=60; Path=/; SameSite=Lax; Secure');
  });

  it('is cleared with the session cookie', () => {
    expect(signedInHintFor(['crate.session_token=; Max-Age=0; Path=/; HttpOnly'], false)).toBe('crate.signed_in=; Max-Age=0; Path=/; SameSite=Lax');
    expect(signedInHintFor(['crate.session_token=abc; Max-Age=0; Path=/'], false)).toBe('crate.signed_in=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('is left alone by replies that set no session cookie', () => {
    expect(signedInHintFor(['crate.trusted_device=x; Path=/', 'crate.listener=y'], false)).toBeNull();
    expect(signedInHintFor([], false)).toBeNull();
  });
});
