import { describe, expect, it } from 'vitest';
import { buildTsquery, editDistance, editsOf, queryWords, quoteLexeme } from './search-text.ts';

describe('search text', () => {
  it('splits typed text into lower-case words the way the simple configuration does', () => {
    expect(queryWords('  Dark HI-HAT  808s!')).toEqual(['dark', 'hi', 'hat', '808s']);
    expect(queryWords('Café Crème')).toEqual(['café', 'crème']);
    expect(queryWords('')).toEqual([]);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('quotes lexemes so operators typed by a user are never parsed', () => {
    expect(quoteLexeme("don't")).toBe("'don''t'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
    expect(buildTsquery([['kick'], ['dark', 'darker'], []])).toBe("'kick' & ('dark' | 'darker')");
    expect(buildTsquery([[], []])).toBeNull();
  });

  it('generates every one-edit variant, including transpositions', () => {
    const edits = editsOf('kcik');
    expect(edits).toContain('kick'); // transposition
    expect(editsOf('kik')).toContain('kick'); // insertion
    expect(editsOf('kicck')).toContain('kick'); // deletion
    expect(editsOf('kisk')).toContain('kick'); // substitution
    expect(edits).not.toContain('kcik');
  });

  it('measures edit distance with adjacent transpositions counting once', () => {
    expect(editDistance('kcik', 'kick')).toBe(1);
    expect(editDistance('snare', 'snare')).toBe(0);
    expect(editDistance('thunder', 'thumder')).toBe(1);
    expect(editDistance('pad', 'piano')).toBe(3);
  });
});
