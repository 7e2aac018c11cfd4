import { describe, expect, it } from 'vitest';
import { splitSheetNumberSchema } from '@crate/contract/releases';
import { CERTIFICATE_NUMBER_PATTERN, newCertificateNumber, newVerifiableNumber } from './verifiable-number.ts';

describe('newCertificateNumber', () => {
  it('makes distinct numbers in the CRT-XXXX-XXXX-XXXX form without ambiguous letters', () => {
    const numbers = Array.from({ length: 2000 }, newCertificateNumber);
    for (const n of numbers) expect(n).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.join('')).not.toMatch(/[ILOU]/);
  });
});

describe('newVerifiableNumber', () => {
  it('makes split sheet numbers the contract accepts', () => {
    for (let i = 0; i < 200; i++) expect(splitSheetNumberSchema.safeParse(newVerifiableNumber('SPL')).success).toBe(true);
  });
});
