import { describe, expect, it } from 'vitest';
import { forgetPositionOfNewDocument, SCROLL_STORAGE_KEY, scrollKey } from './scroll-keys.ts';

function memoryStorage(initial: Record<string, number>): Storage {
  const data = new Map<string, string>([[SCROLL_STORAGE_KEY, JSON.stringify(initial)]]);
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('scroll restoration keys', () => {
  it("keeps a document's first entry by its address and the router's entries by their key", () => {
    expect(scrollKey({ key: 'default', pathname: '/discover', search: '' })).toBe('first:/discover');
    expect(scrollKey({ key: 'default', pathname: '/freesearch', search: '?q=kick' })).toBe('first:/freesearch?q=kick');
    expect(scrollKey({ key: 'a1b2c3', pathname: '/discover', search: '' })).toBe('a1b2c3');
  });

  it('forgets the position of an address opened anew, and only then', () => {
    const positions = { 'first:/discover': 1400, 'first:/faq': 300, a1b2c3: 80 };
    const storage = memoryStorage(positions);
    forgetPositionOfNewDocument(() => storage, 'reload', { pathname: '/discover', search: '' });
    forgetPositionOfNewDocument(() => storage, 'back_forward', { pathname: '/discover', search: '' });
    expect(JSON.parse(storage.getItem(SCROLL_STORAGE_KEY)!)).toEqual(positions);
    forgetPositionOfNewDocument(() => storage, 'navigate', { pathname: '/discover', search: '' });
    expect(JSON.parse(storage.getItem(SCROLL_STORAGE_KEY)!)).toEqual({ 'first:/faq': 300, a1b2c3: 80 });
  });
});
