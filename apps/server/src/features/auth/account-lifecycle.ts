import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The account rules around the auth library: the reset e-mail, what a completed reset recovers,
 * and which accounts may not open a session. See docs/decisions/0003-account-recovery.md.
 */
export function accountLifecycle(db: Db, mailer: Mailer, publicUrl: string) {
  return {
    async sendResetPassword({ user, token }: { user: { email: string }; token: string }) {
      const link = `${publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your Crate password',
        text: `Someone asked to reset the password of your Crate account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
        link,
      });
    },
    async onPasswordReset(userId: string) {
      await db.update(users).set({ lockedAt: null, failedLoginCount: 0, deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
    },
    async beforeSessionCreate(userId: string) {
      const [user] = await db.select({ lockedAt: users.lockedAt, deactivatedAt: users.deactivatedAt, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
      if (!user) return;
      if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', 'This account has been disabled by Crate staff. Contact support to appeal.');
      if (user.lockedAt) throw new AppError('ACCOUNT_LOCKED', 'This account is locked after too many failed sign-ins. Recover it from the account recovery page.');
      if (user.deactivatedAt) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated. Reactivate it from the account recovery page.');
    },
  };
}
