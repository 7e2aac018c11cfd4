/**
 * A fresh key for one user action (a click), sent with requests that spend or pay so that a retry
 * is recognised. getRandomValues, unlike randomUUID, works on plain-http origins too.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
