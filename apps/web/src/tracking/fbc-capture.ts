import { allowsNonEssential, consentStore, type ConsentChoice, type ConsentStore } from '../consent/cookie-consent.ts';
import { attributionCookieAssignment, attributionCookieDeletion, buildFbp, FBC_COOKIE, FBP_COOKIE, isValidFbclid, nextFbc, readCookie } from './fbc-cookie.ts';

/** document.cookie, as far as _fbc and _fbp need it. */
export interface CookieJar {
  read(): string;
  write(assignment: string): void;
  secure: boolean;
}

export interface FbcCapture {
  /** The _fbc cookie, when it exists. */
  current(): string | null;
  /** The _fbp cookie, when it exists. */
  currentFbp(): string | null;
  /**
   * Handles a URL's query: `?fbclid=` becomes _fbc with consent, waits in memory before a choice, is dropped without
   * consent; with consent, _fbp is made if there is none.
   */
  capture(search: string, now?: number): void;
  /** Reacts to consent changes; returns the unsubscribe. */
  install(): () => void;
}

/**
 * docs/product-overview.md §9: `?fbclid=` becomes the _fbc cookie (fb.1.{ms}.{fbclid}, 90 days), but only with consent to
 * non-essential cookies. A click id seen before the visitor has chosen waits in memory — never in
 * storage — and is written when they accept; choosing essential-only forgets it and removes any _fbc.
 * _fbp (fb.1.{ms}.{random}, docs/decisions/0057) follows the same consent: made once the visitor accepts, removed
 * when they choose essential-only.
 */
export function createFbcCapture(jar: CookieJar, consent: Pick<ConsentStore, 'get' | 'subscribe'>, random: () => number = Math.random): FbcCapture {
  let pending: { fbclid: string; seenAt: number } | null = null;
  const current = () => readCookie(jar.read(), FBC_COOKIE);
  const currentFbp = () => readCookie(jar.read(), FBP_COOKIE);
  const write = (fbclid: string, seenAt: number) => {
    const value = nextFbc(current(), fbclid, seenAt);
    if (value) jar.write(attributionCookieAssignment(FBC_COOKIE, value, jar.secure));
  };
  const ensureFbp = (now: number) => {
    if (currentFbp() === null) jar.write(attributionCookieAssignment(FBP_COOKIE, buildFbp(now, random()), jar.secure));
  };
  return {
    current,
    currentFbp,
    capture(search, now = Date.now()) {
      const choice: ConsentChoice | null = consent.get();
      if (allowsNonEssential(choice)) ensureFbp(now);
      const fbclid = new URLSearchParams(search).get('fbclid');
      if (!isValidFbclid(fbclid)) return;
      if (allowsNonEssential(choice)) write(fbclid, now);
      else if (choice === null) pending = { fbclid, seenAt: now };
    },
    install() {
      return consent.subscribe((choice) => {
        if (allowsNonEssential(choice)) {
          ensureFbp(pending?.seenAt ?? Date.now());
          if (pending) write(pending.fbclid, pending.seenAt);
          pending = null;
        } else if (choice === 'essential') {
          pending = null;
          if (current() !== null) jar.write(attributionCookieDeletion(FBC_COOKIE));
          if (currentFbp() !== null) jar.write(attributionCookieDeletion(FBP_COOKIE));
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
export const currentFbp = (): string | null => fbcCapture.currentFbp();
export const captureFbclid = (search: string): void => fbcCapture.capture(search);
export const installConsentEffects = (): (() => void) => fbcCapture.install();
