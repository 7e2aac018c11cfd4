import type { Db } from '../../db/client.ts';
import type { AppJobQueue } from '../../jobs/job-catalogue.ts';
import { AppError } from '../../http/app-error.ts';
import { accountRecoveryMail, passwordResetMail, queueMail, type PasswordLinkPage } from './account-mail.ts';
import { clearDeactivation, findAccountStateById, voidPasswordLinks } from './account-repository.ts';
import { deleteEmailCounters } from './sign-in-failures-repository.ts';
import { waitInWords } from './sign-in-throttle.ts';
import { recordAudit } from '../../audit/audit-log.ts';

/**
 * The answer while sign-in is paused where the attempt comes from (docs/decisions/0036): the same for
 * every e-mail, known or not. A reset from the e-mailed link lifts it, and trusts this browser from then on.
 */
export const signInPausedMessage = (seconds: number) =>
  `Too many failed sign-ins from this device or network. Try again in ${waitInWords(seconds)}, or set a new password with an e-mailed link at /accountrecovery.`;
const DEACTIVATED_MESSAGE = 'This account is deactivated. Reactivate it with an e-mailed link at /accountrecovery.';
const DISABLED_MESSAGE = 'This account has been disabled by Crate staff. Contact Crate support if you think this is a mistake.';

/**
 * The page a one-time password link opens. better-auth hands us the `redirectTo` the request named
 * (as the callbackURL of its own link); the recovery request names /accountrecovery, everything else
 * lands on /resetpassword.
 */
function linkPageOf(libraryUrl: string | undefined): PasswordLinkPage {
  if (!libraryUrl) return '/resetpassword';
  try {
    return new URL(libraryUrl).searchParams.get('callbackURL') === '/accountrecovery' ? '/accountrecovery' : '/resetpassword';
  } catch {
    return '/resetpassword';
  }
}

/**
 * The account rules around the auth library: the reset and recovery e-mails, what a completed reset
 * recovers, and which accounts may not open a session. See docs/decisions/0003-account-recovery.md.
 *
 * E-mails are queued in the database (see queueMail) instead of being sent inside the request, so a
 * slow or failing mail server can neither delay nor reveal the answer.
 */
export function accountLifecycle(db: Db, jobs: AppJobQueue, publicUrl: string) {
  return {
    async sendResetPassword({ user, token, url }: { user: { email: string }; token: string; url?: string }) {
      const page = linkPageOf(url);
      const link = `${publicUrl}${page}?token=${encodeURIComponent(token)}`;
      await queueMail(jobs, page === '/accountrecovery' ? accountRecoveryMail(user.email, link) : passwordResetMail(user.email, link));
    },
    /**
     * A completed reset is the recovery: it forgets the failed sign-ins at the e-mail from every place
     * and a self-deactivation (never a staff disable), and voids every other reset or recovery link
     * still in a mailbox.
     */
    async onPasswordReset(userId: string) {
      await voidPasswordLinks(db, userId);
      const account = await findAccountStateById(db, userId);
      // A reset proves the mailbox: every place's failures at the e-mail go (network budgets stay, they are not the e-mail's).
      const placesCleared = account ? await deleteEmailCounters(db, account.email) : 0;
      const { wasDeactivated } = await clearDeactivation(db, userId);
      await recordAudit(db, { actorUserId: userId, action: 'account.password_reset', targetType: 'user', targetId: userId, details: { sign_in_places_cleared: placesCleared, reactivated: wasDeactivated } });
    },
    async beforeSessionCreate(userId: string) {
      const account = await findAccountStateById(db, userId);
      if (!account) return;
      if (account.disabledAt) throw new AppError('ACCOUNT_DISABLED', DISABLED_MESSAGE);
      if (account.deactivatedAt) throw new AppError('ACCOUNT_DISABLED', DEACTIVATED_MESSAGE);
    },
  };
}
