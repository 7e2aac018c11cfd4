import { describe, expect, it } from 'vitest';
import { forbiddenPath, safeRedirectPath } from './redirect-path.ts';

describe('safeRedirectPath', () => {
  it.each(['/account', '/pack/abc?x=1#items', '/search?q=kick%20drum'])('keeps same-origin path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    '//evil.com',
    '//evil.com/account',
    'https:evil.com',
    'https://evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    '/\t/evil.com',
    '/%09/evil.com'.replace('%09', '\t'),
    'evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/a/..//evil.com/x',
    '/././/evil.com?next=1',
    '',
    undefined,
    42,
  ])('refuses %s', (path) => {
    expect(safeRedirectPath(path)).toBe('/');
  });

  it('keeps a path that normalises to a same-origin one', () => {
    expect(safeRedirectPath('/a/../account')).toBe('/account');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.com', '/home')).toBe('/home');
  });
});

describe('forbiddenPath', () => {
  it('carries the full original path, query and hash', () => {
    expect(forbiddenPath('/admin?tab=users#top')).toBe('/forbidden?redirect=%2Fadmin%3Ftab%3Dusers%23top');
  });
});
