import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * First-party cookies of our own that carry a random id and a signature: `{id}.{mac}`, where mac is an
 * HMAC-SHA256 under AUTH_SECRET and a purpose (so a value signed for one cookie is worth nothing in
 * another) of the id and whatever the cookie vouches for. No library here: Fastify's cookie plugin would
 * add a second cookie parser beside the session's (session-token.ts), for two cookies.
 */
const MAC_LENGTH = 22; // 128 bits of base64url

export const newCookieId = (): string => randomBytes(16).toString('base64url');

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const isCookieId = (value: string): boolean => ID_PATTERN.test(value);

export function cookieMac(secret: string, purpose: string, id: string, subject = ''): string {
  return createHmac('sha256', secret).update(`${purpose}\n${id}\n${subject}`).digest('base64url').slice(0, MAC_LENGTH);
}

export function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The raw value of a cookie in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** Secure when the site is served over https (PUBLIC_URL), like the session cookie. */
  secure: boolean;
}

/** A Set-Cookie value: httpOnly and SameSite=Lax, as the session cookie is. */
export function setCookieValue(name: string, value: string, options: CookieOptions): string {
  return [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])].join('; ');
}
