import { describe, expect, test } from 'vitest';
import { createConsentStore } from '../consent/cookie-consent.ts';
import { memoryStorage } from '../lib/browser-storage.ts';
import { createFbcCapture } from './fbc-capture.ts';
import { cookieJar } from './test-cookie-jar.ts';

function setup(choice?: 'accepted' | 'essential') {
  const consent = createConsentStore(memoryStorage(choice ? { cookieConsent: choice } : {}));
  const jar = cookieJar();
  const capture = createFbcCapture(jar, consent);
  capture.install();
  return { consent, jar, capture };
}

describe('fbclid → _fbc, only with consent', () => {
  test('with consent: set at once', () => {
    const { jar, capture } = setup('accepted');
    capture.capture('?fbclid=abc&x=1', 1_700_000_000_000);
    expect(capture.current()).toBe('fb.1.1700000000000.abc');
    expect(jar.assignments[0]).toMatch(/Max-Age=7776000/);
  });

  test('before any choice: nothing is written; accepting writes it with the time it arrived', () => {
    const { consent, jar, capture } = setup();
    capture.capture('?fbclid=abc', 1_700_000_000_000);
    expect(jar.assignments).toEqual([]);
    consent.set('accepted');
    expect(capture.current()).toBe('fb.1.1700000000000.abc');
  });

  test('essential only: never written, and an existing _fbc is removed', () => {
    const { consent, jar, capture } = setup();
    capture.capture('?fbclid=abc', 1);
    consent.set('essential');
    expect(capture.current()).toBeNull();
    capture.capture('?fbclid=def', 2);
    expect(jar.assignments).toEqual([]);

    const accepted = setup('accepted');
    accepted.capture.capture('?fbclid=abc', 1_700_000_000_000);
    accepted.consent.set('essential');
    expect(accepted.capture.current()).toBeNull();
  });

  test('no fbclid, or a malformed one: nothing happens', () => {
    const { jar, capture } = setup('accepted');
    capture.capture('?utm_source=x');
    capture.capture('?fbclid=%3Cscript%3E');
    expect(jar.assignments).toEqual([]);
  });
});
