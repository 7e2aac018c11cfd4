import { describe, expect, test } from 'vitest';
import { screenAt } from './first-screen.ts';

describe('screenAt (which screen starts loading before the app runs)', () => {
  test.each([
    ['/', 'discover'],
    ['/discover', 'discover'],
    ['/home', 'discover'],
    ['/pack/123', 'pack'],
    ['/genres/house', 'genres'],
    ['/search', 'search'],
  ])('%s shows %s', (pathname, screen) => {
    expect(screenAt(pathname)).toBe(screen);
  });
  test('an unknown path shows Discover, as in the route table', () => {
    expect(screenAt('/no/such/page')).toBe('discover');
  });
});
