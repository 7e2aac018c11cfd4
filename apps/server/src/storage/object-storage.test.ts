import { describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, isValidStorageKey, newStorageKey, normaliseContentType } from './object-storage.ts';

describe('newStorageKey', () => {
  it('makes unique, valid, name-free keys under the prefix', () => {
    const keys = new Set(Array.from({ length: 1_000 }, () => newStorageKey()));
    expect(keys.size).toBe(1_000);
    for (const key of keys) {
      expect(key).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(isValidStorageKey(key)).toBe(true);
    }
    expect(newStorageKey('derivatives/previews')).toMatch(/^derivatives\/previews\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
  });

  it.each(['', '../x', '/abs', 'Files', 'a//b', 'a/', '.meta', 'a b'])('refuses the prefix %j', (prefix) => {
    expect(() => newStorageKey(prefix)).toThrow(InvalidStorageKeyError);
  });
});

describe('normaliseContentType', () => {
  it.each([
    ['audio/wav', 'audio/wav'],
    ['Audio/WAV', 'audio/wav'],
    ['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
    ['application/vnd.ms-excel', 'application/vnd.ms-excel'],
    ['', 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
    ['wav', 'application/octet-stream'],
    ['text/html\r\nSet-Cookie: a=b', 'application/octet-stream'],
    ['audio/wav; x="a\nb"', 'application/octet-stream'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseContentType(input)).toBe(expected);
  });
});
