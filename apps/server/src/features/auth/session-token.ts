import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookieValue } from '../../http/signed-cookie.ts';

/**
 * The session token inside the auth library's signed cookie, verified here with plain node:crypto.
 * The library writes `encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`; reading it
 * ourselves lets every API request resolve its viewer in one SQL statement (resolve-viewer.ts).
 * Returns null when the cookie is absent, malformed or not signed with `secret`.
 */
export function readSignedSessionToken(cookieHeader: string, cookieName: string, secret: string): string | null {
  const raw = cookieValue(cookieHeader, cookieName);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}
