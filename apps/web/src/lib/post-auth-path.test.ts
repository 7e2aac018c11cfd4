import { describe, expect, test } from 'vitest';
import { postAuthPath, withRedirect } from './post-auth-path.ts';

describe('postAuthPath (login ?redirect=)', () => {
  test('a same-origin path is honoured with its query and hash', () => {
    expect(postAuthPath('/account?tab=2#credits')).toBe('/account?tab=2#credits');
  });
  test.each(['//evil.com', 'https:evil.com', '/\\evil.com', 'https://evil.com/x', 'javascript:alert(1)', '\t//evil.com', ''])(
    'refuses %j',
    (redirect) => {
      expect(postAuthPath(redirect)).toBe('/');
    },
  );
  test('never lands on a page that signs out or loops', () => {
    expect(postAuthPath('/logout')).toBe('/');
    expect(postAuthPath('/login?redirect=/x', '/account')).toBe('/account');
  });
  test('no redirect: the fallback', () => {
    expect(postAuthPath(null, '/account')).toBe('/account');
  });
});

test('withRedirect carries the path encoded, and leaves plain links plain', () => {
  expect(withRedirect('/login', '/account?x=1#y')).toBe('/login?redirect=%2Faccount%3Fx%3D1%23y');
  expect(withRedirect('/login', null)).toBe('/login');
  expect(withRedirect('/login', '/')).toBe('/login');
});
