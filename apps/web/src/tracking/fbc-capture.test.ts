import { describe, expect, test } from 'vitest';
import { createConsentStore } from '../consent/cookie-consent.ts';
import { memoryStorage } from '../lib/browser-storage.ts';
import { createFbcCapture } from './fbc-capture.ts';
import { cookieJar } from './test-cookie-jar.ts';

function setup(choice?: 'accepted' | 'essential') {
  const consent = createConsentStore(memoryStorage(choice ? { cookieConsent: choice } : {}));
  const jar = cookieJar();
  const capture = createFbcCapture(jar, consent, () => 0.5);
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

  test('no fbclid, or a malformed one: no _fbc', () => {
    const { jar, capture } = setup('accepted');
    capture.capture('?utm_source=x');
    capture.capture('?fbclid=%3Cscript%3E');
    expect(capture.current()).toBeNull();
    expect(jar.assignments.filter((a) => a.startsWith('_fbc'))).toEqual([]);
  });
});

describe('_fbp, only with consent (docs/decisions/0057)', () => {
  test('with consent: made on the first page, fb.1.{ms}.{random}, and kept afterwards', () => {
    const { jar, capture } = setup('accepted');
    capture.capture('', 1_700_000_000_000);
    expect(capture.currentFbp()).toBe('fb.1.1700000000000.5500000000');
    capture.capture('?fbclid=abc', 1_800_000_000_000);
    expect(capture.currentFbp()).toBe('fb.1.1700000000000.5500000000');
    expect(jar.assignments.filter((a) => a.startsWith('_fbp'))).toEqual(['_fbp=fb.1.1700000000000.5500000000; Max-Age=7776000; Path=/; SameSite=Lax']);
  });

  test('before any choice: none; accepting makes it', () => {
    const { consent, jar, capture } = setup();
    capture.capture('', 1);
    expect(jar.assignments).toEqual([]);
    consent.set('accepted');
    expect(capture.currentFbp()).toMatch(/^fb\.1\.\d{13}\.5500000000$/);
  });

  test('essential only: never made, and an existing _fbp is removed with _fbc', () => {
    const { consent, capture, jar } = setup('accepted');
    capture.capture('?fbclid=abc', 1_700_000_000_000);
    expect(capture.currentFbp()).not.toBeNull();
    consent.set('essential');
    expect(capture.currentFbp()).toBeNull();
    expect(capture.current()).toBeNull();
    capture.capture('', 2);
    expect(capture.currentFbp()).toBeNull();
    expect(jar.assignments.at(-1)).toBe('_fbp=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
