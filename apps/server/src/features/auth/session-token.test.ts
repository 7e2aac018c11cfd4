import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSignedSessionToken } from './session-token.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
/** What the auth library writes: encodeURIComponent(token.base64(HMAC-SHA256)). */
const signed = (token: string, secret = SECRET) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('readSignedSessionToken', () => {
  it('returns the token of a correctly signed cookie among others', () => {
    const header = `theme=dark; crate.session_token=${signed('tok123')}; other=1`;
    expect(readSignedSessionToken(header, 'crate.session_token', SECRET)).toBe('tok123');
  });

  it('refuses a cookie signed with another secret or tampered with', () => {
    expect(readSignedSessionToken(`crate.session_token=${signed('tok123', 'another-secret')}`, 'crate.session_token', SECRET)).toBeNull();
    const tampered = signed('tok123').replace('tok123', 'tok124');
    expect(readSignedSessionToken(`crate.session_token=${tampered}`, 'crate.session_token', SECRET)).toBeNull();
  });

  it('ignores absent, unsigned and malformed cookies', () => {
    expect(readSignedSessionToken('other=1', 'crate.session_token', SECRET)).toBeNull();
    expect(readSignedSessionToken('crate.session_token=tok123', 'crate.session_token', SECRET)).toBeNull();
    expect(readSignedSessionToken('crate.session_token=%E0%A4%A', 'crate.session_token', SECRET)).toBeNull();
    expect(readSignedSessionToken('xcrate.session_token=' + signed('tok123'), 'crate.session_token', SECRET)).toBeNull();
  });
});
