import type { FastifyInstance } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '@crate/contract/signed-in-hint';

/** The auth library's session cookie, with the `__Secure-` prefix it takes on https. */
const SESSION_COOKIE = /^(?:__Secure-)?crate\.session_token=([^;]*)(.*)$/i;
const MAX_AGE = /;\s*max-age=(-?\d+)/i;

/**
 * The hint cookie (contract: signed-in-hint.ts) that goes with the Set-Cookie values of one reply: set for as long
 * as a session cookie it sets, cleared when the session cookie is cleared, nothing when there is no session cookie.
 */
export function signedInHintFor(setCookies: readonly string[], secure: boolean): string | null {
  for (const cookie of setCookies) {
    const session = SESSION_COOKIE.exec(cookie);
    if (!session) continue;
    const maxAge = MAX_AGE.exec(session[2]!)?.[1];
    const cleared = session[1] === '' || (maxAge !== undefined && Number(maxAge) <= 0);
    const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
    if (cleared) return `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
    return `${SIGNED_IN_HINT_COOKIE}=1; ${maxAge !== undefined ? `Max-Age=${maxAge}; ` : ''}${attributes}`;
  }
  return null;
}

/** Adds the hint to every reply that sets or clears the session cookie, whichever route did it. */
export function installSignedInHint(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onSend', async (_request, reply) => {
    const header = reply.getHeader('set-cookie');
    if (header === undefined) return;
    const cookies = Array.isArray(header) ? header : [String(header)];
    const hint = signedInHintFor(cookies, options.secure);
    if (hint) reply.header('set-cookie', [...cookies, hint]);
  });
}
