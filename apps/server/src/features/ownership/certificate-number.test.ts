import { describe, expect, it } from 'vitest';
import { CERTIFICATE_NUMBER_PATTERN, newCertificateNumber } from './certificate-number.ts';

describe('newCertificateNumber', () => {
  it('makes distinct numbers in the CRT-XXXX-XXXX-XXXX form without ambiguous letters', () => {
    const numbers = Array.from({ length: 2000 }, newCertificateNumber);
    for (const n of numbers) expect(n).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.join('')).not.toMatch(/[ILOU]/);
  });
});
