import { describe, expect, it } from 'vitest';
import { wordsOfVector } from './search-index-repository.ts';

describe('wordsOfVector', () => {
  it('reads each lexeme once with the best field weight it has (no letter is D)', () => {
    expect(wordsOfVector(`'808':4A 'kick':2A,7B 'mellow':7B,17 'trap':12C,15 'vol':19`)).toEqual({
      words: ['808', 'kick', 'mellow', 'trap', 'vol'],
      weights: [3, 3, 2, 1, 0],
    });
  });

  it("undoes PostgreSQL's quoting of quotes and backslashes, and reads lexemes without positions", () => {
    expect(wordsOfVector(String.raw`'it''s':1A 'a\\b':2 'bare'`)).toEqual({ words: ["it's", 'a\\b', 'bare'], weights: [3, 0, 0] });
  });
});
