/** What to send for a request's `Range` header against a representation of `size` bytes (RFC 9110 §14). */
export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * One byte range → partial; a range starting past the end (or any range of an empty object) →
 * unsatisfiable. Anything else we do not serve as a range — no header, another unit, a malformed value,
 * or several ranges (multipart/byteranges, which players and download managers do not need) — is
 * ignored and the whole object is sent, as RFC 9110 allows.
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (!header) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  const toNumber = (digits: string) => (digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits));

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = toNumber(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = toNumber(first);
  const end = last === '' ? size - 1 : toNumber(last);
  if (last !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
