import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a number read aloud or retyped from paper survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * A number anyone may check a document by, such as CRT-7K3M-Q9XD-2HPA (a licence certificate) or SPL-… (a split
 * sheet): 60 random bits, unguessable, short enough to type.
 */
export function newVerifiableNumber(prefix: 'CRT' | 'SPL'): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]!);
  const groups = Array.from({ length: GROUPS }, (_, g) => chars.slice(g * GROUP_LENGTH, (g + 1) * GROUP_LENGTH).join(''));
  return [prefix, ...groups].join('-');
}

export const newCertificateNumber = (): string => newVerifiableNumber('CRT');

export const CERTIFICATE_NUMBER_PATTERN = /^CRT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
