import { allowsNonEssential, consentStore, type ConsentChoice, type ConsentStore } from '../consent/cookie-consent.ts';
import { FBC_COOKIE, fbcCookieAssignment, fbcCookieDeletion, isValidFbclid, nextFbc, readCookie } from './fbc-cookie.ts';

/** document.cookie, as far as _fbc needs it. */
export interface CookieJar {
  read(): string;
  write(assignment: string): void;
  secure: boolean;
}

export interface FbcCapture {
  /** The _fbc cookie, when it exists. */
  current(): string | null;
  /** Handles a URL's query: `?fbclid=` becomes _fbc with consent, waits in memory before a choice, is dropped without consent. */
  capture(search: string, now?: number): void;
  /** Reacts to consent changes; returns the unsubscribe. */
  install(): () => void;
}

/**
 * docs/product-overview.md §9: `?fbclid=` becomes the _fbc cookie (fb.1.{ms}.{fbclid}, 90 days), but only with consent to
 * non-essential cookies. A click id seen before the visitor has chosen waits in memory — never in
 * storage — and is written when they accept; choosing essential-only forgets it and removes any _fbc.
 */
export function createFbcCapture(jar: CookieJar, consent: Pick<ConsentStore, 'get' | 'subscribe'>): FbcCapture {
  let pending: { fbclid: string; seenAt: number } | null = null;
  const current = () => readCookie(jar.read(), FBC_COOKIE);
  const write = (fbclid: string, seenAt: number) => {
    const value = nextFbc(current(), fbclid, seenAt);
    if (value) jar.write(fbcCookieAssignment(value, jar.secure));
  };
  return {
    current,
    capture(search, now = Date.now()) {
      const fbclid = new URLSearchParams(search).get('fbclid');
      if (!isValidFbclid(fbclid)) return;
      const choice: ConsentChoice | null = consent.get();
      if (allowsNonEssential(choice)) write(fbclid, now);
      else if (choice === null) pending = { fbclid, seenAt: now };
    },
    install() {
      return consent.subscribe((choice) => {
        if (allowsNonEssential(choice)) {
          if (pending) write(pending.fbclid, pending.seenAt);
          pending = null;
        } else if (choice === 'essential') {
          pending = null;
          if (current() !== null) jar.write(fbcCookieDeletion());
        }
      });
    },
  };
}

/** document.cookie itself (the referral token is kept in it too: referral-capture.ts). */
export const documentJar: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (assignment) => {
    if (typeof document !== 'undefined') document.cookie = assignment;
  },
  get secure() {
    return typeof window !== 'undefined' && window.location.protocol === 'https:';
  },
};

/** The page's capture, on document.cookie and the stored consent. */
const fbcCapture = createFbcCapture(documentJar, consentStore);

export const currentFbc = (): string | null => fbcCapture.current();
export const captureFbclid = (search: string): void => fbcCapture.capture(search);
export const installConsentEffects = (): (() => void) => fbcCapture.install();
