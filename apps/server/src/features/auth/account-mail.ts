import type { AppJobQueue } from '../../jobs/job-catalogue.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { NOTICE_AFTER_FAILURES } from './sign-in-throttle.ts';

/**
 * Account e-mails go through the durable job queue rather than straight to the mailer: the request
 * answers in the same time and with the same status whether or not a message was sent (a slow or
 * failing SMTP server must not reveal which e-mails have accounts), a failed send is retried with
 * backoff, and a message can be queued in the same transaction as the row it announces.
 */
export async function queueMail(jobs: AppJobQueue, message: MailMessage): Promise<void> {
  await jobs.enqueue('mail', message);
}

/** Where a one-time password link lands: the reset page, or the blank-layout recovery page. */
export type PasswordLinkPage = '/resetpassword' | '/accountrecovery';

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Crate password',
    text: [
      'Someone asked to reset the password of your Crate account.',
      '',
      'Set a new password here (the link works once, for one hour):',
      link,
      '',
      'If it was not you, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
    link,
  };
}

export function accountRecoveryMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Recover your Crate account',
    text: [
      'Someone asked to recover the Crate account of this e-mail address.',
      '',
      'Set a new password here to unlock the account (after too many failed sign-ins) or to reactivate it',
      '(if you deactivated it). The link works once, for one hour:',
      link,
      '',
      'Setting the new password signs out every device that was signed in.',
      'If it was not you, ignore this e-mail; nothing changes.',
    ].join('\n'),
    link,
  };
}

/** Accounts disabled by staff are not recovered by e-mail: the message says so instead of carrying a link. */
export function disabledAccountRecoveryMail(to: string): MailMessage {
  return {
    to,
    subject: 'About your Crate account',
    text: [
      'Someone asked to recover the Crate account of this e-mail address.',
      '',
      'This account was disabled by Crate staff, so it cannot be recovered with an e-mailed link.',
      'If you think this is a mistake, contact Crate support and tell us the e-mail address of the account.',
      '',
      'If it was not you who asked, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * A new account's first e-mail: where to start. Sent for every new account, as registrationAttemptMail is for an
 * address that has one, so the two answers to "create account" stay alike.
 */
export function welcomeMail(to: string, displayName: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Welcome to Crate',
    text: [
      `Hi ${displayName || to},`,
      '',
      'Your Crate account is ready. A few places to start:',
      `- Discover new packs and play any sound before you get it: ${publicUrl}/discover`,
      `- Staff picks, chosen by the people who run Crate: ${publicUrl}/staffpicks`,
      `- Plans with monthly credits, and paid search of the whole catalogue: ${publicUrl}/pricing`,
      `- Everything you get lands in your library: ${publicUrl}/library`,
      '',
      `Making sounds yourself? Apply to sell them on Crate: ${publicUrl}/creatorapplication`,
      '',
      `If you did not create this account, someone used your address: set a password here and it is yours: ${publicUrl}/resetpassword`,
    ].join('\n'),
  };
}

/** Someone registered with an address that has an account: the owner hears of it (the answer said nothing). */
export function registrationAttemptMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to create a Crate account with your e-mail',
    text: [
      'Someone tried to create a new Crate account with this e-mail address, which already has an account.',
      '',
      `If it was you, log in instead: ${publicUrl}/login`,
      `Forgot your password? Set a new one here: ${publicUrl}/resetpassword`,
      '',
      'If it was not you, you can ignore this e-mail; nothing changed on your account.',
    ].join('\n'),
  };
}

/**
 * Someone failed to sign in to the account NOTICE_AFTER_FAILURES times in a row from one place: the owner
 * hears of it (at most once a day). Their own sign-ins are not affected (docs/decisions/0036).
 */
export function signInFailuresMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Failed sign-ins to your Crate account',
    text: [
      `Someone entered a wrong password for your Crate account ${NOTICE_AFTER_FAILURES} times in a row from one device or network.`,
      'Sign-in is slowed down there; it is not slowed for you on your own devices, where you signed in before.',
      '',
      'If it was you, wait a moment and try again, or set a new password here:',
      `${publicUrl}/accountrecovery`,
      '',
      'If it was not you, your password was not accepted and nothing changed on your account.',
      'If your password is weak or used elsewhere, set a new one from the link above.',
    ].join('\n'),
  };
}

/** The link that confirms an address (docs/decisions/0069): sent at sign-up and on each "send a new link". */
export function emailVerificationMail(to: string, link: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail for Crate',
    text: [
      'Confirm that this is your e-mail address, so you can buy sounds, spend credits, apply to sell and get paid on Crate:',
      link,
      '',
      'The link works once, for 24 hours. If it has expired, sign in and choose "Send a new link":',
      `${publicUrl}/verifyemail`,
      '',
      'If you did not create a Crate account, ignore this e-mail; nothing happens without the link.',
    ].join('\n'),
    link,
  };
}
