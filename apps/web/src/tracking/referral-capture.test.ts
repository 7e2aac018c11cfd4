import { describe, expect, test } from 'vitest';
import { createConsentStore } from '../consent/cookie-consent.ts';
import { memoryStorage } from '../lib/browser-storage.ts';
import { createReferralCapture, REFERRAL_COOKIE } from './referral-capture.ts';
import { cookieJar } from './test-cookie-jar.ts';

function setup(choice?: 'accepted' | 'essential') {
  const consent = createConsentStore(memoryStorage(choice ? { cookieConsent: choice } : {}));
  const jar = cookieJar();
  const capture = createReferralCapture(jar, consent);
  capture.install();
  return { consent, jar, capture };
}

describe('the referral token, kept like _fbc', () => {
  test('with consent: a first-party cookie for the 30-day window', () => {
    const { jar, capture } = setup('accepted');
    capture.remember('ada.1.sig');
    expect(jar.read()).toBe(`${REFERRAL_COOKIE}=ada.1.sig`);
    expect(jar.assignments[0]).toMatch(/Max-Age=2592000; Path=\/; SameSite=Lax$/);
  });

  test('before a choice: in memory only, written when the visitor accepts', () => {
    const { consent, jar, capture } = setup();
    capture.remember('ada.1.sig');
    expect(jar.assignments).toEqual([]);
    expect(capture.current()).toBe('ada.1.sig');
    consent.set('accepted');
    expect(jar.read()).toBe(`${REFERRAL_COOKIE}=ada.1.sig`);
  });

  test('essential only: never written, kept for this visit, and a cookie from before is removed', () => {
    const { consent, jar, capture } = setup('accepted');
    capture.remember('old.1.sig');
    consent.set('essential');
    expect(jar.read()).toBe('');
    capture.remember('ada.2.sig');
    expect(jar.read()).toBe('');
    expect(capture.current()).toBe('ada.2.sig');
  });

  test('the newest click wins, in memory and in the cookie', () => {
    const { consent, capture } = setup();
    capture.remember('ada.1.sig');
    capture.remember('bo.2.sig');
    expect(capture.current()).toBe('bo.2.sig');
    consent.set('accepted');
    capture.remember('cy.3.sig');
    expect(capture.current()).toBe('cy.3.sig');
  });
});
