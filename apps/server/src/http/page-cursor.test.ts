import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CURSOR_VALUES, decodeCursor, encodeCursor, isTimestamp } from './page-cursor.ts';

const ID = '0b7e7a3c-5c1e-4d8e-9f3a-2b1c0d9e8f7a';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('page cursors', () => {
  it('round-trips the value and id of the last row', () => {
    expect(decodeCursor(encodeCursor('2026-11-23T10:00:00.000Z', ID), CURSOR_VALUES.time)).toEqual({ value: '2026-11-23T10:00:00.000Z', id: ID });
    expect(decodeCursor(encodeCursor(12, ID), CURSOR_VALUES.position)).toEqual({ value: 12, id: ID });
    expect(decodeCursor(undefined, CURSOR_VALUES.time)).toBeNull();
  });

  it.each([
    ['not base64 JSON', '%%%', 'time'],
    ['a JSON object', raw({ a: 1 }), 'time'],
    ['three entries', raw(['2026-11-23T10:00:00Z', ID, 1]), 'time'],
    ['an id that is not a uuid', raw(['2026-11-23T10:00:00Z', 'x']), 'time'],
    ['a NUL in the id', raw(['2026-11-23T10:00:00Z', `${ID}\u0000`]), 'time'],
    ['a number where a time belongs', raw([5, ID]), 'time'],
    ['a word where a time belongs', raw(['yesterday', ID]), 'time'],
    ['30 February', raw(['2026-02-30T00:00:00Z', ID]), 'time'],
    ['hour 25', raw(['2026-02-03T25:00:00Z', ID]), 'time'],
    ['a string where a position belongs', raw(['12', ID]), 'position'],
    ['a fractional position', raw([1.5, ID]), 'position'],
    ['a position beyond int4', raw([2 ** 40, ID]), 'position'],
  ] as const)('refuses %s with 400 on the cursor field', (_what, cursor, kind) => {
    expect(() => decodeCursor(cursor, CURSOR_VALUES[kind] as z.ZodType<unknown>)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'cursor' }));
  });

  it('accepts the text PostgreSQL writes for a timestamptz', () => {
    expect(isTimestamp('2026-11-23 19:44:33.123456+00')).toBe(true);
    expect(isTimestamp('2026-11-23')).toBe(false);
  });

  it('refuses a NUL inside a text value', () => {
    expect(() => decodeCursor(raw(['a\u0000b', ID]), CURSOR_VALUES.text)).toThrow(expect.objectContaining({ field: 'cursor' }));
  });
});
