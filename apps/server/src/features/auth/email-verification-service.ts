import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import { emailVerificationMail, queueMail } from './account-mail.ts';
import {
  deleteVerificationLinks,
  findVerificationState,
  insertVerificationLink,
  markEmailVerified,
  takeVerificationLink,
} from './email-verification-repository.ts';

/** How long a verification link works (docs/decisions/0069): a day, so a link read the next morning still works. */
const VERIFICATION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

const LINK_NOT_VALID_MESSAGE = 'This link is not valid or was already used. If your e-mail is not confirmed yet, send a new link.';
const LINK_EXPIRED_MESSAGE = 'This link has expired (links work for 24 hours). Send a new link.';
const ADDRESS_CHANGED_MESSAGE = 'This link was sent to an address the account no longer uses. Send a new link to the current one.';

/** Only this is stored: a database copy without the mailbox's link cannot confirm anything. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Makes a one-time link for the account's current address and queues its e-mail; answers when it was sent.
 * The token is 256 random bits (base64url), kept only as its SHA-256.
 */
export async function sendVerificationLink(ctx: AppContext, user: { id: string; email: string }): Promise<Date> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await insertVerificationLink(ctx.db, { tokenHash: hashOf(token), userId: user.id, email: user.email, expiresAt: new Date(now.getTime() + VERIFICATION_LINK_LIFETIME_MS), createdAt: now });
  const link = `${ctx.config.publicUrl}/verifyemail?token=${token}`;
  await queueMail(ctx.jobs, emailVerificationMail(user.email, link, ctx.config.publicUrl));
  return now;
}

/**
 * "Send a new link" of the signed-in account (the banner, a refused action): only ever to the account's own
 * address. Older links keep working until they expire. The endpoint's `verifyMail` budget bounds how often.
 */
export async function resendVerificationLink(ctx: AppContext, userId: string): Promise<{ email: string; sent_at: string }> {
  const state = await findVerificationState(ctx.db, userId);
  if (!state) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  if (state.emailVerified) throw new AppError('CONFLICT', 'Your e-mail is already confirmed.');
  const sentAt = await sendVerificationLink(ctx, { id: userId, email: state.email });
  return { email: state.email, sent_at: sentAt.toISOString() };
}

/**
 * Follows a link: it works once (taken out as it is read), within its 24 hours, for the address it was sent to
 * while that is still the account's. It confirms the account the link was made for, whoever is signed in (the
 * token is the proof of the mailbox); it signs nobody in. Every other open link of the account goes with it.
 */
export async function verifyEmail(ctx: AppContext, token: string, ipAddress: string | null): Promise<{ email: string; email_verified: true }> {
  return ctx.db.transaction(async (tx) => {
    const link = await takeVerificationLink(tx, hashOf(token));
    if (!link) throw new AppError('VALIDATION_FAILED', LINK_NOT_VALID_MESSAGE, 'token');
    const now = ctx.clock.now();
    // Refused links are not spent (the transaction rolls back): following one again says the same.
    if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED', LINK_EXPIRED_MESSAGE, 'token');
    const state = await findVerificationState(tx, link.userId);
    if (!state || state.email !== link.email) throw new AppError('VALIDATION_FAILED', ADDRESS_CHANGED_MESSAGE, 'token');
    if (await markEmailVerified(tx, link.userId, link.email, now)) {
      await recordAudit(tx, { actorUserId: null, action: 'account.email_verified', targetType: 'user', targetId: link.userId, details: { email: link.email }, ipAddress });
    }
    await deleteVerificationLinks(tx, link.userId);
    return { email: link.email, email_verified: true as const };
  });
}
