import { allowsNonEssential, consentStore, type ConsentChoice } from '../consent/cookie-consent.ts';
import { FBC_COOKIE, fbcCookieAssignment, fbcCookieDeletion, isValidFbclid, nextFbc, readCookie } from './fbc-cookie.ts';

/** A click id that arrived before the visitor chose: held in memory only, never stored. */
let pending: { fbclid: string; seenAt: number } | null = null;

export function currentFbc(): string | null {
  if (typeof document === 'undefined') return null;
  return readCookie(document.cookie, FBC_COOKIE);
}

function writeFbc(fbclid: string, seenAt: number): void {
  const value = nextFbc(currentFbc(), fbclid, seenAt);
  if (value) document.cookie = fbcCookieAssignment(value, window.location.protocol === 'https:');
}

/**
 * SPEC §9: `?fbclid=` becomes the _fbc cookie, but only with consent to non-essential cookies. Before
 * the visitor has chosen, the click id waits in memory and is written when they accept.
 */
export function captureFbclid(search: string, choice: ConsentChoice | null = consentStore.get(), now = Date.now()): void {
  const fbclid = new URLSearchParams(search).get('fbclid');
  if (!isValidFbclid(fbclid)) return;
  if (allowsNonEssential(choice)) writeFbc(fbclid, now);
  else if (choice === null) pending = { fbclid, seenAt: now };
}

/** Accepting writes a waiting click id; choosing essential-only forgets it and removes any _fbc. */
export function installConsentEffects(): () => void {
  return consentStore.subscribe((choice) => {
    if (allowsNonEssential(choice)) {
      if (pending) writeFbc(pending.fbclid, pending.seenAt);
      pending = null;
    } else if (choice === 'essential') {
      pending = null;
      if (currentFbc() !== null) document.cookie = fbcCookieDeletion();
    }
  });
}
