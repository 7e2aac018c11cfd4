export const FBC_COOKIE = '_fbc';
/** Meta's browser id (docs/decisions/0057): set like _fbc, with consent only, so a page view can be attributed without a click id. */
export const FBP_COOKIE = '_fbp';
/** docs/product-overview.md §9: the _fbc cookie lives 90 days; _fbp lives as long. */
export const FBC_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/** fbclid values are opaque tokens; anything outside this alphabet is not one. */
const FBCLID_PATTERN = /^[A-Za-z0-9_\-.]{1,500}$/;

export function isValidFbclid(fbclid: string | null | undefined): fbclid is string {
  return typeof fbclid === 'string' && FBCLID_PATTERN.test(fbclid);
}

/** fb.{subdomain index}.{creation time in ms}.{fbclid}; we always write subdomain index 1 (docs/product-overview.md §9). */
export function buildFbc(fbclid: string, createdAtMs: number): string {
  return `fb.1.${Math.floor(createdAtMs)}.${fbclid}`;
}

/** fb.{subdomain index}.{creation time in ms}.{random number}, Meta's _fbp format; `random` is in [0, 1). */
export function buildFbp(createdAtMs: number, random: number): string {
  return `fb.1.${Math.floor(createdAtMs)}.${Math.floor(random * 9_000_000_000) + 1_000_000_000}`;
}

/** The click id inside an _fbc value (fb.{1|2}.{ms}.{fbclid}); the contract's FBC_PATTERN is the same shape. */
export function fbclidOf(fbc: string): string | null {
  const match = /^fb\.[12]\.\d{10,16}\.(.+)$/.exec(fbc);
  return match && isValidFbclid(match[1]) ? match[1] : null;
}

/**
 * The _fbc value to write for a click id seen at `seenAtMs`, or null to leave the cookie alone:
 * the same click id keeps its original creation time; a new click id replaces the old one.
 */
export function nextFbc(existing: string | null, fbclid: string | null, seenAtMs: number): string | null {
  if (!isValidFbclid(fbclid)) return null;
  if (existing && fbclidOf(existing) === fbclid) return null;
  return buildFbc(fbclid, seenAtMs);
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** document.cookie assignment for _fbc or _fbp: whole site, 90 days, Lax, Secure on https. */
export function attributionCookieAssignment(name: typeof FBC_COOKIE | typeof FBP_COOKIE, value: string, secure: boolean): string {
  return `${name}=${value}; Max-Age=${FBC_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function attributionCookieDeletion(name: typeof FBC_COOKIE | typeof FBP_COOKIE): string {
  return `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
