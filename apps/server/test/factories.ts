import { randomUUID } from 'node:crypto';
import type { Role } from '@crate/contract/roles';
import type { AppContext } from '../src/app-context.ts';
import { userRoles, users } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';

/** The user kinds of the route × user-kind tests: visitors plus one account per role. */
export const USER_KINDS = ['visitor', 'subscriber', 'collaborator', 'creator', 'affiliate', 'admin'] as const;
export type UserKind = (typeof USER_KINDS)[number];

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** `Cookie` header value of a signed-in session. */
  cookie: string;
}

/**
 * Creates an account through the auth library (real password hash, real session) with the given roles. Its e-mail is
 * confirmed, as an account that has used Crate for a while is (docs/decisions/0069); `emailVerified: false` makes a newcomer.
 */
export async function createUser(ctx: AppContext, overrides: { email?: string; password?: string; name?: string; roles?: Role[]; emailVerified?: boolean } = {}): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.test`;
  const password = overrides.password ?? 'correct-horse-battery';
  const response = await ctx.auth.api.signUpEmail({ body: { email, password, name: overrides.name ?? '' }, asResponse: true });
  if (!response.ok) throw new Error(`createUser failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  if (overrides.emailVerified !== false) await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, body.user.id));
  const roles = overrides.roles ?? [];
  if (roles.length > 0) {
    await ctx.db.insert(userRoles).values(roles.map((role) => ({ userId: body.user.id, role })));
    await ctx.db.update(users).set({ claimsUpdatedAt: new Date() }).where(eq(users.id, body.user.id));
  }
  return { id: body.user.id, email, password, cookie: cookieHeader(response.headers.getSetCookie()) };
}

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function cookieHeader(setCookies: string[] | string | undefined): string {
  const list = setCookies === undefined ? [] : Array.isArray(setCookies) ? setCookies : [setCookies];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** A signed-in user of each kind (visitor → null). */
export async function createUserOfKind(ctx: AppContext, kind: UserKind): Promise<TestUser | null> {
  if (kind === 'visitor') return null;
  return createUser(ctx, { roles: [kind] });
}
