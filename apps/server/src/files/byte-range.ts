/** What to send for a request's `Range` header against a representation of `size` bytes (RFC 9110 §14). */
export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const RANGES_SPECIFIER = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=(.*)$/;
const BYTE_RANGE_SPEC = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

type Spec = { start: number; end: number } | 'unsatisfiable' | 'invalid';

/** One `first-last`, `first-` or `-suffix` against `size` bytes (RFC 9110 §14.1.2). */
function readSpec(text: string, size: number): Spec {
  const match = BYTE_RANGE_SPEC.exec(text);
  if (!match) return 'invalid';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'invalid';
  const toNumber = (digits: string) => (digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits));
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = toNumber(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = toNumber(first);
  const end = last === '' ? size - 1 : toNumber(last);
  if (last !== '' && end < start) return 'invalid';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * A Range in a unit other than bytes, or no ranges-specifier at all (`bytes 0-10`), is ignored: the whole
 * object is sent, as RFC 9110 requires. A bytes range we cannot serve is answered 416 rather than with the
 * whole object — a malformed or reversed one (`bytes=9-0`, `bytes=a-b`, `bytes=-`) or one starting past the
 * end — so the client learns its request was wrong instead of receiving what it did not ask for. One
 * satisfiable range → partial; several (multipart/byteranges, which players and download managers do not
 * need) → the whole object when any of them is satisfiable.
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (!header) return { kind: 'full' };
  const specifier = RANGES_SPECIFIER.exec(header);
  if (!specifier || specifier[1]!.toLowerCase() !== 'bytes') return { kind: 'full' };
  const specs = specifier[2]!.split(',').map((text) => readSpec(text, size));
  if (specs.includes('invalid')) return { kind: 'unsatisfiable' };
  const satisfiable = specs.filter((spec): spec is { start: number; end: number } => typeof spec === 'object');
  const [only] = satisfiable;
  if (!only) return { kind: 'unsatisfiable' };
  return specs.length > 1 ? { kind: 'full' } : { kind: 'partial', start: only.start, end: only.end };
}
