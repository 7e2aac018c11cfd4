import { describe, expect, it } from 'vitest';
import { formatIsrc, isrcSchema, upcSchema, validBarcode } from './releases.ts';

describe('ISRC and UPC/EAN on a release', () => {
  it('accepts an ISRC with or without hyphens, in any case, and keeps its 12 characters', () => {
    for (const text of ['GB-XYZ-25-00012', 'gbxyz2500012', ' GB-XYZ2500012 ']) expect(isrcSchema.parse(text)).toBe('GBXYZ2500012');
    expect(formatIsrc('GBXYZ2500012')).toBe('GB-XYZ-25-00012');
  });

  it('refuses what is not the CC-XXX-YY-NNNNN shape', () => {
    for (const text of ['GB-XYZ-2025-0012', 'G1-XYZ-25-00012', 'GB-XYZ-25-0001', 'GB--XYZ-25-00012', '']) expect(isrcSchema.safeParse(text).success, text).toBe(false);
  });

  it('checks the GS1 check digit of a UPC-A or an EAN-13', () => {
    expect(validBarcode('036000291452')).toBe(true);
    expect(validBarcode('4006381333931')).toBe(true);
    expect(validBarcode('036000291453')).toBe(false);
    expect(validBarcode('4006381333932')).toBe(false);
    expect(upcSchema.parse('0 36000 29145 2')).toBe('036000291452');
    expect(upcSchema.safeParse('12345').success).toBe(false);
  });
});
