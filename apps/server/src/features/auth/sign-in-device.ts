import { cookieMac, cookieValue, isCookieId, newCookieId, sameMac, setCookieValue } from '../../http/signed-cookie.ts';

/**
 * The trusted-device cookie (docs/decisions/0036): a browser that signed in to an e-mail (or registered
 * it, or completed a reset for it) carries `crate.device = {device id}.{mac}[.{mac}…]`, one MAC per e-mail
 * it signed in to (newest first, at most DEVICE_ACCOUNTS), each an HMAC of the id and the e-mail. Only
 * someone who knew the password or held the mailbox has a MAC for an e-mail, so failed sign-ins from
 * anybody else — on the same network or not — never pause this browser's sign-ins to it.
 */
const DEVICE_COOKIE = 'crate.device';
const PURPOSE = 'sign-in-device';
const DEVICE_ACCOUNTS = 5;
/** Browsers keep a cookie at most 400 days; a device unused for that long is a new device again. */
const DEVICE_MAX_AGE_SECONDS = 400 * 86_400;

interface DeviceCookie {
  id: string;
  macs: string[];
}

function readDeviceCookie(cookieHeader: string | undefined): DeviceCookie | null {
  const raw = cookieValue(cookieHeader, DEVICE_COOKIE);
  if (!raw) return null;
  const [id = '', ...macs] = raw.split('.');
  return isCookieId(id) ? { id, macs: macs.slice(0, DEVICE_ACCOUNTS) } : null;
}

/** The device id when this browser is trusted for `email`, else null. */
export function trustedDeviceId(secret: string, cookieHeader: string | undefined, email: string): string | null {
  const cookie = readDeviceCookie(cookieHeader);
  if (!cookie) return null;
  const expected = cookieMac(secret, PURPOSE, cookie.id, email);
  return cookie.macs.some((mac) => sameMac(mac, expected)) ? cookie.id : null;
}

/** The Set-Cookie value that makes this browser trusted for `email`, keeping its id and the e-mails it already had. */
export function trustDeviceCookie(secret: string, cookieHeader: string | undefined, email: string, secure: boolean): string {
  const cookie = readDeviceCookie(cookieHeader);
  const id = cookie?.id ?? newCookieId();
  const mac = cookieMac(secret, PURPOSE, id, email);
  const macs = [mac, ...(cookie?.macs ?? []).filter((m) => m !== mac)].slice(0, DEVICE_ACCOUNTS);
  // Path /api/auth: only the auth routes read it, nothing else carries it.
  return setCookieValue(DEVICE_COOKIE, [id, ...macs].join('.'), { path: '/api/auth', maxAgeSeconds: DEVICE_MAX_AGE_SECONDS, secure });
}
