import type { FastifyReply } from 'fastify';

/**
 * Passes the auth library's Set-Cookie headers (the httpOnly SameSite=Lax `crate.session_token`, or
 * the headers that clear it) on to our reply.
 */
export function forwardSetCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
