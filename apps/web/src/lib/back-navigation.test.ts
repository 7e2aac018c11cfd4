import { expect, test } from 'vitest';
import { canGoBack } from './back-navigation.ts';

test('goes back only when the router has an earlier entry of ours', () => {
  expect(canGoBack({ idx: 2, key: 'k', usr: null })).toBe(true);
  expect(canGoBack({ idx: 0, key: 'default', usr: null })).toBe(false);
  expect(canGoBack(null)).toBe(false);
  expect(canGoBack({})).toBe(false);
  expect(canGoBack({ idx: '3' })).toBe(false);
});
