import { describe, expect, it } from 'vitest';
import { decideRange } from './byte-range.ts';

describe('decideRange', () => {
  it.each([
    [undefined, 100, { kind: 'full' }],
    ['', 100, { kind: 'full' }],
    ['bytes=0-99', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=0-0', 100, { kind: 'partial', start: 0, end: 0 }],
    ['bytes=10-19', 100, { kind: 'partial', start: 10, end: 19 }],
    ['BYTES = 10 - 19', 100, { kind: 'partial', start: 10, end: 19 }],
    ['bytes=50-', 100, { kind: 'partial', start: 50, end: 99 }],
    ['bytes=90-1000', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-1000', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=99-99', 100, { kind: 'partial', start: 99, end: 99 }],
    ['bytes=0-99999999999999999999', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=100-200', 100, { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=-5', 0, { kind: 'unsatisfiable' }],
    // A bytes range we cannot serve is refused, whole object never sent in its place.
    ['bytes=20-10', 100, { kind: 'unsatisfiable' }],
    ['bytes=9-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=-', 100, { kind: 'unsatisfiable' }],
    ['bytes=a-b', 100, { kind: 'unsatisfiable' }],
    ['bytes=-1-2', 100, { kind: 'unsatisfiable' }],
    ['bytes=', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-10,x', 100, { kind: 'unsatisfiable' }],
    ['bytes=100-,200-', 100, { kind: 'unsatisfiable' }],
    // Several satisfiable ranges: the whole object.
    ['bytes=0-10,20-30', 100, { kind: 'full' }],
    ['bytes=0-10,200-', 100, { kind: 'full' }],
    // Another unit, or no ranges-specifier: ignored.
    ['items=0-10', 100, { kind: 'full' }],
    ['items=0-', 100, { kind: 'full' }],
    ['bytes 0-10', 100, { kind: 'full' }],
    ['=0-10', 100, { kind: 'full' }],
  ] as const)('Range %j of %i bytes → %j', (header, size, expected) => {
    expect(decideRange(header, size)).toEqual(expected);
  });
});
