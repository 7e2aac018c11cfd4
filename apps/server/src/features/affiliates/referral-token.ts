import { createHmac, timingSafeEqual } from 'node:crypto';
import { REFERRAL_CODE_PATTERN, REFERRAL_WINDOW_DAYS } from '@crate/contract/payout-enums';

/** How long a click is remembered (the attribution window, decision 0059). */
export const REFERRAL_WINDOW_MS = REFERRAL_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** A token minted by another API process whose clock runs a little ahead is still good. */
const CLOCK_SKEW_MS = 60_000;

const signatureOf = (secret: string, code: string, clickedAtMs: number) => createHmac('sha256', secret).update(`referral\n${code}\n${clickedAtMs}`).digest('base64url');

/**
 * The token the browser keeps after a click on a referral link (decision 0059): `{code}.{click time in ms}.{HMAC}`,
 * signed with the app's auth secret so a visitor can neither make one up nor move its click time.
 */
export function signReferralToken(secret: string, code: string, clickedAt: Date): string {
  const ms = clickedAt.getTime();
  return `${code}.${ms}.${signatureOf(secret, code, ms)}`;
}

/**
 * The code and click time a token carries, when its signature is right and the click is within the attribution
 * window at `now`; null for anything else (tampered, expired, from the future, malformed).
 */
export function verifyReferralToken(secret: string, token: string, now: Date): { code: string; clickedAt: Date } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [code, msText, signature] = parts as [string, string, string];
  if (!REFERRAL_CODE_PATTERN.test(code) || !/^\d{1,16}$/.test(msText)) return null;
  const ms = Number(msText);
  const expected = Buffer.from(signatureOf(secret, code, ms));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now.getTime() - ms;
  if (age < -CLOCK_SKEW_MS || age > REFERRAL_WINDOW_MS) return null;
  return { code, clickedAt: new Date(ms) };
}
