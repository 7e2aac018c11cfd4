import { fromNodeHeaders } from 'better-auth/node';
import type { LoginInput, RegisterInput, ResetPasswordInput, UpdatePasswordInput } from '@crate/contract/auth';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { acceptInvite, findUsableInvite, INVITE_NOT_VALID_MESSAGE } from '../invites/invite-service.ts';
import { signInPausedMessage } from './account-lifecycle.ts';
import { disabledAccountRecoveryMail, queueMail, registrationAttemptMail, signInFailuresMail, welcomeMail } from './account-mail.ts';
import { deleteAllSessions, deleteSession, findAccountStateByEmail, findAccountStateById, findResetLinkUser, markDeactivated, voidPasswordLinks } from './account-repository.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { sendVerificationLink } from './email-verification-service.ts';
import { authErrorCode, callAuth, INVALID_CREDENTIALS_MESSAGE, isEmailInUse, toAppError } from './auth-errors.ts';
import { answerNoSoonerThan, failNoSoonerThan, NEUTRAL_ANSWER_MS } from './neutral-timing.ts';
import { clientKey } from '../../http/client-address.ts';
import { trustDeviceCookie, trustedDeviceId } from './sign-in-device.ts';
import { findPausedUntil } from './sign-in-failures-repository.ts';
import { claimFailureNotice, clearSignInFailures, recordFailedSignIn, signInCounters, type SignInCounter } from './sign-in-throttle.ts';
import { attributeReferral } from '../affiliates/affiliate-service.ts';

/** The answers to reset and recovery requests: word for word the same whether or not the e-mail has an account. */
const RESET_REQUESTED_MESSAGE = 'If an account exists for that e-mail, we sent a link';
const RECOVERY_REQUESTED_MESSAGE = 'If an account exists for that e-mail, we sent instructions to recover it';

/** A call that opened or closed a session: its Set-Cookie headers go back to the browser. */
export interface SessionResult {
  headers: Headers;
  userId: string;
}

/** Where a sign-in comes from: the client address as routed (TRUST_PROXY) and the browser's cookies. */
export interface SignInPlace {
  ipAddress: string | null;
  cookieHeader: string | undefined;
}

/** From now on this browser is trusted for the e-mail: failed sign-ins elsewhere never pause it (docs/decisions/0036). */
function trustThisDevice(ctx: AppContext, headers: Headers, place: SignInPlace, email: string): void {
  headers.append('set-cookie', trustDeviceCookie(ctx.config.authSecret, place.cookieHeader, email, ctx.config.publicUrl.startsWith('https://')));
}

/** What the auth library and the audit log need of a request: its headers (cookies) and the caller's address. */
export interface RequestFacts {
  headers: IncomingHttpHeaders;
  ip: string;
}

const requestHeaders = (request: RequestFacts) => fromNodeHeaders(request.headers);

/** The answer to registering with an address that already has an account: no session, the same words whoever asks. */
const REGISTRATION_CHECK_INBOX_MESSAGE = 'Check your inbox: we sent a message to that address to continue.';

/**
 * Creates the account and signs it in. With an invite token the new account joins the inviting
 * creator right away; a token that is no longer valid is refused before any account is created.
 *
 * An address that already has an account gets no session and no "in use" error: the answer is a
 * neutral "check your inbox", and the owner gets an e-mail saying someone tried to register with it,
 * with links to sign in or reset the password (docs/decisions/0016).
 */
export async function register(ctx: AppContext, input: RegisterInput, place: SignInPlace): Promise<SessionResult | { message: string }> {
  if (input.invite_token && !(await findUsableInvite(ctx.db, input.invite_token))) {
    throw new AppError('VALIDATION_FAILED', INVITE_NOT_VALID_MESSAGE, 'invite_token');
  }
  let signedUp;
  try {
    signedUp = await ctx.auth.api.signUpEmail({ body: { email: input.email, password: input.password, name: input.display_name ?? '' }, returnHeaders: true });
  } catch (error) {
    if (!isEmailInUse(error)) throw toAppError(error);
    await queueMail(ctx.jobs, registrationAttemptMail(input.email, ctx.config.publicUrl));
    return { message: REGISTRATION_CHECK_INBOX_MESSAGE };
  }
  const { headers, response } = signedUp;
  const userId = response.user.id;
  if (input.invite_token) {
    try {
      // The account is seconds old: no roles, no creator profile, no collaborations yet.
      await acceptInvite(ctx.db, { userId, roles: [], creatorId: null, collaboratorOf: [] }, input.invite_token, place.ipAddress);
    } catch (error) {
      // Used up by someone else between the check and now: the account exists and stays signed in.
      if (!(error instanceof AppError)) throw error;
      ctx.log.warn({ userId, err: error }, 'invite could not be accepted at registration');
    }
  }
  await attributeReferral(ctx, { userId, email: input.email }, input.referral_token);
  await queueMail(ctx.jobs, welcomeMail(input.email, input.display_name ?? '', ctx.config.publicUrl));
  // The address is not proven yet: its link confirms it (docs/decisions/0069); until then paying, applying, payouts and invites wait.
  await sendVerificationLink(ctx, { id: userId, email: response.user.email });
  trustThisDevice(ctx, headers, place, input.email);
  return { headers, userId };
}

/**
 * Signs in with a new session (the session is rotated at every login; a session the browser already
 * held is ended). Failed attempts slow down the place they come from, never the account
 * (sign-in-throttle.ts, docs/decisions/0036): this network and e-mail, this network across e-mails, or
 * — from a browser that signed in to the e-mail before — that device alone, so an attacker elsewhere
 * cannot keep the owner out. A paused place is refused before the password is checked, so guessing
 * cannot go on behind the pause. Wrong password, unknown address and pause answer alike for known and
 * unknown addresses, no sooner than NEUTRAL_ANSWER_MS. Deactivated and staff-disabled accounts are
 * refused by the session hook once the password is right. A success trusts this browser for the e-mail.
 */
export async function login(ctx: AppContext, input: LoginInput, previous: Viewer | null, place: SignInPlace): Promise<SessionResult> {
  const counters = signInCounters(input.email, {
    network: clientKey(ctx.config.authSecret, 'sign-in', place.ipAddress),
    trustedDevice: trustedDeviceId(ctx.config.authSecret, place.cookieHeader, input.email),
  });
  const result = await failNoSoonerThan(NEUTRAL_ANSWER_MS, async () => {
    const now = ctx.clock.now();
    const paused = await findPausedUntil(ctx.db, counters, now);
    if (paused) throw signInPaused(paused, now);
    try {
      return await ctx.auth.api.signInEmail({ body: { email: input.email, password: input.password }, returnHeaders: true });
    } catch (error) {
      if (authErrorCode(error) !== 'INVALID_EMAIL_OR_PASSWORD') throw toAppError(error);
      const { pausedUntil, noticeDue } = await recordFailedSignIn(ctx.db, counters, now);
      if (noticeDue) await tellOwnerOfFailures(ctx, counters[0]!, now, place.ipAddress);
      if (pausedUntil) throw signInPaused(pausedUntil, now);
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
  });
  await clearSignInFailures(ctx.db, counters);
  if (previous) await deleteSession(ctx.db, previous.sessionId);
  trustThisDevice(ctx, result.headers, place, input.email);
  return { headers: result.headers, userId: result.response.user.id };
}

const signInPaused = (until: Date, now: Date) => new AppError('ACCOUNT_LOCKED', signInPausedMessage((until.getTime() - now.getTime()) / 1000));

/** The owner, if the e-mail has one, hears of a run of failures from one place: at most once a day, audited. */
async function tellOwnerOfFailures(ctx: AppContext, counter: SignInCounter, now: Date, ipAddress: string | null): Promise<void> {
  if (!(await claimFailureNotice(ctx.db, counter, now))) return;
  const account = await findAccountStateByEmail(ctx.db, counter.email);
  if (!account) return;
  await recordAudit(ctx.db, { actorUserId: null, action: 'account.sign_in_failures', targetType: 'user', targetId: account.id, details: { place: counter.scope }, ipAddress });
  await queueMail(ctx.jobs, signInFailuresMail(account.email, ctx.config.publicUrl));
}

/** Ends the session of this browser and clears its cookie; fine to call when signed out. */
export async function logout(ctx: AppContext, request: RequestFacts): Promise<Headers> {
  const { headers } = await callAuth(() => ctx.auth.api.signOut({ headers: requestHeaders(request), returnHeaders: true }));
  return headers;
}

/** Queues a one-time reset link (1 h) when the e-mail has an account; the answer never says which. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<{ message: string }> {
  await answerNoSoonerThan(NEUTRAL_ANSWER_MS, () => callAuth(() => ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: '/resetpassword' } })));
  return { message: RESET_REQUESTED_MESSAGE };
}

/**
 * Sets the new password with a reset or recovery token: once, within the hour. Every session of the
 * account ends, failed sign-ins at its e-mail are forgotten and a self-deactivation is lifted
 * (account-lifecycle onPasswordReset). Whoever completed it holds the mailbox: the answer's headers
 * trust this browser for the account's e-mail, so a pause on this network no longer stops them.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput, place: SignInPlace): Promise<Headers> {
  const userId = await findResetLinkUser(ctx.db, input.token);
  await callAuth(() => ctx.auth.api.resetPassword({ body: { token: input.token, newPassword: input.new_password } }));
  const headers = new Headers();
  const account = userId ? await findAccountStateById(ctx.db, userId) : null;
  if (account) trustThisDevice(ctx, headers, place, account.email);
  return headers;
}

/**
 * Account recovery (docs/decisions/0003-account-recovery.md): a locked, deactivated or simply
 * forgotten account gets a one-time link to /accountrecovery that sets a new password; an account
 * disabled by staff gets an e-mail saying to contact support instead. Same answer for every e-mail.
 */
export async function requestAccountRecovery(ctx: AppContext, email: string): Promise<{ message: string }> {
  await answerNoSoonerThan(NEUTRAL_ANSWER_MS, async () => {
    const account = await findAccountStateByEmail(ctx.db, email);
    if (!account) return;
    if (account.disabledAt) {
      await queueMail(ctx.jobs, disabledAccountRecoveryMail(account.email));
      return;
    }
    await callAuth(() => ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: '/accountrecovery' } }));
  });
  return { message: RECOVERY_REQUESTED_MESSAGE };
}

/**
 * Changes the password of the signed-in account; other devices are signed out, this one gets a fresh
 * session, and reset or recovery links asked for before the change no longer work.
 */
export async function updatePassword(ctx: AppContext, request: RequestFacts, viewer: Viewer, input: UpdatePasswordInput): Promise<Headers> {
  const { headers } = await callAuth(() =>
    ctx.auth.api.changePassword({
      headers: requestHeaders(request),
      body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
      returnHeaders: true,
    }),
  );
  await voidPasswordLinks(ctx.db, viewer.userId);
  return headers;
}

/** The user closes their own account: every session ends; account recovery by e-mail reactivates it. */
export async function deactivateAccount(ctx: AppContext, viewer: Viewer, request: RequestFacts): Promise<Headers> {
  await ctx.db.transaction(async (tx) => {
    await markDeactivated(tx, viewer.userId);
    await deleteAllSessions(tx, viewer.userId);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'account.deactivated', targetType: 'user', targetId: viewer.userId, ipAddress: request.ip });
  });
  return logout(ctx, request);
}

/** Signs a user out of every browser at once, within the caller's transaction (an admin disabling the account). */
export async function endEverySession(tx: DbOrTx, userId: string): Promise<void> {
  await deleteAllSessions(tx, userId);
}
