import type { FastifyReply } from 'fastify';

/**
 * Passes the auth library's Set-Cookie headers (the httpOnly SameSite=Lax `crate.session_token`, or
 * the headers that clear it) on to our reply.
 */
export function forwardSetCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

const SESSION_COOKIE_SENT = /(?:^|;\s*)(?:__Secure-)?crate\.session_token=/;

/** Whether a request carries a session cookie (verified or not: for choosing caching headers, never for access). */
export const carriesSessionCookie = (cookieHeader: string | undefined): boolean => cookieHeader !== undefined && SESSION_COOKIE_SENT.test(cookieHeader);
