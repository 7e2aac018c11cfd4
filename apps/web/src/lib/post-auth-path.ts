import { safeRedirectPath } from '@crate/contract/redirect-path';

/** Pages that make no sense to land on right after signing in (they would sign out or loop). */
const NOT_AFTER_SIGN_IN = new Set(['/login', '/logout', '/register', '/forbidden']);

/**
 * Where to go after sign-in or registration: the `redirect` query when it is a same-origin path
 * (safeRedirectPath refuses //evil.com, https:evil.com, /\evil.com …), else the fallback.
 */
export function postAuthPath(redirect: string | null, fallback = '/'): string {
  const path = safeRedirectPath(redirect, fallback);
  const pathname = path.split(/[?#]/)[0] ?? path;
  return NOT_AFTER_SIGN_IN.has(pathname) ? fallback : path;
}

/** A link to /login (or /register) that brings the user back to `path` afterwards. */
export function withRedirect(base: string, path: string | null | undefined): string {
  if (!path || path === '/') return base;
  return `${base}?redirect=${encodeURIComponent(path)}`;
}
