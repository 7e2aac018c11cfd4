import { expect, test } from 'vitest';
import { webRouteForPath } from './web-route-match.ts';

test('finds the screen a path opens, ignoring query and hash, including optional segments and aliases', () => {
  expect(webRouteForPath('/packupload?x=1#y')?.screen).toBe('packupload');
  expect(webRouteForPath('/packupload/42')?.screen).toBe('packstudio');
  expect(webRouteForPath('/singleupload/7')?.screen).toBe('singleupload');
  expect(webRouteForPath('/products/lofi-keys')?.screen).toBe('pack');
  expect(webRouteForPath('/creator')?.screen).toBe('creator-dashboard');
  expect(webRouteForPath('/creator/9')?.screen).toBe('creator-profile');
  expect(webRouteForPath('/nowhere')).toBeUndefined();
});
