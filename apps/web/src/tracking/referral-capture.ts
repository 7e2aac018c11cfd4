import { REFERRAL_WINDOW_DAYS } from '@crate/contract/payout-enums';
import { allowsNonEssential, consentStore, type ConsentStore } from '../consent/cookie-consent.ts';
import type { CookieJar } from './fbc-capture.ts';
import { documentJar } from './fbc-capture.ts';
import { readCookie } from './fbc-cookie.ts';

export const REFERRAL_COOKIE = 'crate_ref';
/** The attribution window (decision 0059): a click is remembered this long. */
const REFERRAL_MAX_AGE_SECONDS = REFERRAL_WINDOW_DAYS * 24 * 60 * 60;

export interface ReferralCapture {
  /** The newest referral token this browser holds (this visit's first, then the cookie's), or null. */
  current(): string | null;
  /** Keeps the token the server answered for a click: the newest click wins. */
  remember(token: string): void;
  /** Reacts to consent changes; returns the unsubscribe. */
  install(): () => void;
}

/**
 * The referral token is kept like _fbc (decision 0059): in a first-party cookie for the attribution window only
 * with consent to non-essential cookies. Before a choice it waits in memory and is written when the visitor accepts;
 * essential-only removes the cookie and keeps the token in memory for this visit only.
 */
export function createReferralCapture(jar: CookieJar, consent: Pick<ConsentStore, 'get' | 'subscribe'>): ReferralCapture {
  let visit: string | null = null;
  const cookie = () => readCookie(jar.read(), REFERRAL_COOKIE);
  const write = (token: string) => jar.write(`${REFERRAL_COOKIE}=${token}; Max-Age=${REFERRAL_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${jar.secure ? '; Secure' : ''}`);
  return {
    current: () => visit ?? cookie(),
    remember(token) {
      if (allowsNonEssential(consent.get())) {
        write(token);
        visit = null;
      } else {
        visit = token;
      }
    },
    install() {
      return consent.subscribe((choice) => {
        if (allowsNonEssential(choice)) {
          if (visit) write(visit);
          visit = null;
        } else if (choice === 'essential' && cookie() !== null) {
          jar.write(`${REFERRAL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
        }
      });
    },
  };
}

/** The page's capture, on document.cookie and the stored consent. */
const referralCapture = createReferralCapture(documentJar, consentStore);

export const currentReferralToken = (): string | null => referralCapture.current();
export const rememberReferralToken = (token: string): void => referralCapture.remember(token);
export const installReferralConsentEffects = (): (() => void) => referralCapture.install();
