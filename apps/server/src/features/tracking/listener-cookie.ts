import { cookieMac, cookieValue, isCookieId, newCookieId, sameMac, setCookieValue } from '../../http/signed-cookie.ts';

/**
 * The listener cookie (docs/decisions/0034): `crate.listener = {id}.{mac}`, a random id signed under
 * AUTH_SECRET, set by the first trackPlay of a visitor. It tells visitors behind one address apart for
 * the dedupe window; it buys nothing against the per-address caps, so a script that throws it away or
 * mints a new one each time gains nothing.
 */
const LISTENER_COOKIE = 'crate.listener';
const PURPOSE = 'listener';
const MAX_AGE_SECONDS = 365 * 86_400;

/** The visitor's listener id when their cookie carries one we signed, else null. */
export function listenerCookieId(secret: string, cookieHeader: string | undefined): string | null {
  const raw = cookieValue(cookieHeader, LISTENER_COOKIE);
  const [id = '', mac = '', ...rest] = raw?.split('.') ?? [];
  if (rest.length > 0 || !isCookieId(id)) return null;
  return sameMac(mac, cookieMac(secret, PURPOSE, id)) ? id : null;
}

/** The Set-Cookie value of a new listener id (only trackPlay reads it). */
export function newListenerCookie(secret: string, secure: boolean): string {
  const id = newCookieId();
  return setCookieValue(LISTENER_COOKIE, `${id}.${cookieMac(secret, PURPOSE, id)}`, { path: '/api/fn/trackPlay', maxAgeSeconds: MAX_AGE_SECONDS, secure });
}
