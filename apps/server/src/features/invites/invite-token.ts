import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: the secret that travels only in the invite e-mail. */
export function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so a leaked database does not hand out working invite links. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
