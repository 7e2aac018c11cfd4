/**
 * Returns `candidate` when it is a path on our own origin, else `fallback`.
 * Refuses protocol-relative (`//evil.com`), backslash tricks (`/\evil.com`), schemes (`https:evil.com`)
 * and control characters, before and after normalising, so a `redirect` query can never send a user off-site.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/')) return fallback;
  if (candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  // Browsers strip tabs/newlines and treat backslashes as slashes inside URLs, so control characters
  // are exactly what this check must match.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  try {
    const base = 'http://crate.invalid';
    const url = new URL(candidate, base);
    if (url.origin !== base) return fallback;
    // Normalising dot segments can make a protocol-relative path of a harmless one (`/.//evil.com` →
    // `//evil.com`): what is returned is checked again, as it will be read.
    const normalised = url.pathname + url.search + url.hash;
    return normalised.startsWith('//') ? fallback : normalised;
  } catch {
    return fallback;
  }
}

/** The /forbidden URL a guard sends a user to, carrying the full original path, query and hash. */
export function forbiddenPath(originalPath: string): string {
  return `/forbidden?redirect=${encodeURIComponent(originalPath)}`;
}
