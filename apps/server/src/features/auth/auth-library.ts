import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { PASSWORD_MAX, PASSWORD_MIN } from '@crate/contract/auth';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';

export interface AuthLibraryOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  /**
   * Called with the one-time reset token; we build our own link. `url` is the library's own link, whose
   * callbackURL carries the `redirectTo` the request named (/resetpassword or /accountrecovery).
   */
  sendResetPassword: (data: { user: { id: string; email: string; name: string }; token: string; url: string }) => Promise<void>;
  /** Called after a successful reset: clears lockout and self-deactivation (account recovery). */
  onPasswordReset: (userId: string) => Promise<void>;
  /** Refuses to open a session for a locked, deactivated or disabled account. */
  beforeSessionCreate: (userId: string) => Promise<void>;
}

/** A session lives 30 days from its last extension… */
export const SESSION_LIFETIME_S = 60 * 60 * 24 * 30;
/** …and is extended (new expiry, refreshed cookie) on the first request a day after the last extension. */
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

/**
 * better-auth does the account crypto: scrypt password hashes, session tokens, signed httpOnly
 * SameSite=Lax cookies, a new session per sign-in, one-time expiring reset tokens.
 * We call its server API from our own contract-validated routes; its HTTP handler is not mounted.
 */
export function createAuthLibrary(options: AuthLibraryOptions) {
  return betterAuth({
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    secret: options.secret,
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [options.publicUrl],
    telemetry: { enabled: false },
    // Wrong passwords and unknown e-mails are answered by our routes, not operational warnings.
    logger: { level: 'error' },
    // Our routes are rate-limited by @fastify/rate-limit; better-auth's limiter only guards its (unmounted) handler.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'crate',
      useSecureCookies: options.publicUrl.startsWith('https://'),
      database: { generateId: 'uuid' },
    },
    session: { expiresIn: SESSION_LIFETIME_S, updateAge: SESSION_UPDATE_AGE_S },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token, url }) => options.sendResetPassword({ user, token, url }),
      onPasswordReset: async ({ user }) => options.onPasswordReset(user.id),
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            await options.beforeSessionCreate(session.userId);
          },
        },
      },
    },
  });
}

export type AuthLibrary = ReturnType<typeof createAuthLibrary>;
