import type { InviteInfo } from '@crate/contract/auth';
import { collaboratorPromise } from '@crate/contract/collaborator-role';
import type { Collaborators, Invite } from '@crate/contract/users';
import type { AppContext } from '../../app-context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { authorize, can } from '../../policies/can.ts';
import { asCollaborator } from '../../policies/collaborator-policy.ts';
import { asInvite } from '../../policies/invite-policy.ts';
import type { PolicyViewer } from '../../policies/policy-viewer.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { grantRole, refreshClaims, revokeRole } from '../roles/role-service.ts';
import { presentInvite, presentInviteInfo } from './invite-presenter.ts';
import {
  claimInvite,
  collaboratesWithAnyone,
  findOpenInvite,
  listTeam,
  unlinkCollaborator,
  withdrawOpenInvite,
  findCollaboration,
  findUnansweredInvite,
  insertInvite,
  linkCollaborator,
  revokeInvite,
  revokeOpenInvites,
  type OpenInvite,
} from './invite-repository.ts';
import { openOwnCreatorProfile } from '../creators/creator-profile-service.ts';
import { hashInviteToken, newInviteToken } from './invite-token.ts';

const NO_PROFILE_TO_INVITE_FROM = 'Invites are sent from a creator profile, and this account has none.';
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITE_NOT_VALID_MESSAGE = 'This invite link is not valid: it may have expired, been replaced by a newer invite or been used already.';

function inviteMail(to: string, creatorName: string, link: string, expiresAt: Date): MailMessage {
  return {
    to,
    subject: `${creatorName} invited you to collaborate on Crate`,
    text: [
      `${creatorName} invited you to join them on Crate as a collaborator.`,
      '',
      collaboratorPromise(creatorName),
      '',
      'Accept the invite here (sign in or create an account with any e-mail address):',
      link,
      '',
      `The link works once and expires on ${expiresAt.toUTCString()}.`,
      'If you were not expecting it, ignore this e-mail.',
    ].join('\n'),
    link,
  };
}

/**
 * Creates an invite (replacing older open ones to the same address) and e-mails it. The e-mail is
 * sent directly rather than through the job queue: a queued job would keep the raw token in the jobs
 * table for the invite's whole week, and only its hash is meant to be stored. If the e-mail cannot
 * be sent the invite is withdrawn and the creator is asked to try again.
 */
export async function createInvite(ctx: AppContext, viewer: Viewer, email: string, ipAddress: string | null): Promise<Invite> {
  if (email === viewer.email) throw new AppError('VALIDATION_FAILED', 'You cannot invite yourself.', 'email');
  const creator = await openOwnCreatorProfile(ctx.db, viewer, () => forbidden(NO_PROFILE_TO_INVITE_FROM));
  const token = newInviteToken();
  const expiresAt = new Date(Date.now() + INVITE_LIFETIME_MS);
  const invite = await ctx.db.transaction(async (tx) => {
    await revokeOpenInvites(tx, creator.id, email);
    const row = await insertInvite(tx, { creatorId: creator.id, email, tokenHash: hashInviteToken(token), invitedBy: viewer.userId, expiresAt });
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'invite.created', targetType: 'creator', targetId: creator.id, details: { inviteId: row.id, email }, ipAddress });
    return row;
  });
  try {
    await ctx.mailer.send(inviteMail(email, creator.name, `${ctx.config.publicUrl}/acceptinvite?token=${encodeURIComponent(token)}`, expiresAt));
  } catch (error) {
    ctx.log.error({ err: error, inviteId: invite.id }, 'invite e-mail could not be sent');
    await revokeInvite(ctx.db, invite.id);
    throw new AppError('UNAVAILABLE', 'The invite e-mail could not be sent. Try again in a moment.');
  }
  return presentInvite(invite);
}

/** The invite behind a token, if it can still be accepted. */
export async function findUsableInvite(db: DbOrTx, token: string): Promise<OpenInvite | null> {
  return findOpenInvite(db, hashInviteToken(token));
}

export async function describeInvite(db: DbOrTx, token: string): Promise<InviteInfo> {
  const invite = await findUsableInvite(db, token);
  if (!invite) throw new AppError('NOT_FOUND', INVITE_NOT_VALID_MESSAGE);
  return presentInviteInfo(invite);
}

/**
 * Links the account as a collaborator of the inviting creator: the invite is used up, the
 * collaborator row and role are added and claims_updated_at moves, all in one transaction.
 * Whoever holds the link may accept it, with whichever account they sign in with (src/policies/invite-policy.ts).
 */
export async function acceptInvite(db: Db, viewer: NonNullable<PolicyViewer>, token: string, ipAddress: string | null): Promise<void> {
  const { userId } = viewer;
  const tokenHash = hashInviteToken(token);
  await db.transaction(async (tx) => {
    const invite = await findOpenInvite(tx, tokenHash);
    if (!invite) throw new AppError('NOT_FOUND', INVITE_NOT_VALID_MESSAGE);
    if (!can(viewer, 'accept', asInvite(invite))) throw new AppError('CONFLICT', 'This invite is from your own creator profile; send it to your collaborator instead.');
    if (!(await claimInvite(tx, tokenHash, userId))) throw new AppError('NOT_FOUND', INVITE_NOT_VALID_MESSAGE);
    await linkCollaborator(tx, invite.creatorId, userId);
    await grantRole(tx, { userId, actorUserId: userId, ipAddress, reason: `accepted invite ${invite.id}` }, 'collaborator');
    await recordAudit(tx, { actorUserId: userId, action: 'invite.accepted', targetType: 'creator', targetId: invite.creatorId, details: { inviteId: invite.id }, ipAddress });
  });
}

/** The viewer's creator team (docs/decisions/0024 made the profile): collaborators and open invites. */
export async function listCollaborators(db: DbOrTx, viewer: Viewer): Promise<Collaborators> {
  if (!viewer.creatorId) return { collaborators: [], invites: [] };
  const team = await listTeam(db, viewer.creatorId);
  return {
    collaborators: team.collaborators.map((c) => ({ user_id: c.userId, name: c.name, email: c.email, added_at: c.addedAt.toISOString() })),
    invites: team.invites.map(presentInvite),
  };
}

/**
 * Ends a collaboration: the link goes, and with the last one the collaborator role (claims bumped either
 * way, so their open browsers refresh); their read access to this studio stops on their next request.
 */
export async function removeCollaborator(db: Db, viewer: Viewer, userId: string, ipAddress: string | null): Promise<Collaborators> {
  const creatorId = viewer.creatorId;
  if (!creatorId) throw notFound('That collaborator');
  await db.transaction(async (tx) => {
    authorize(viewer, 'remove', await findCollaboration(tx, creatorId, userId), asCollaborator, 'That collaborator');
    if (!(await unlinkCollaborator(tx, creatorId, userId))) throw notFound('That collaborator');
    if (await collaboratesWithAnyone(tx, userId)) await refreshClaims(tx, userId);
    else await revokeRole(tx, { userId, actorUserId: viewer.userId, ipAddress, reason: 'removed by the creator they worked with' }, 'collaborator');
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'collaborator.removed', targetType: 'creator', targetId: creatorId, details: { userId }, ipAddress });
  });
  return listCollaborators(db, viewer);
}

/** Withdraws an invite nobody answered yet: only the inviting profile's owner may (src/policies/invite-policy.ts). */
export async function withdrawInvite(db: Db, viewer: Viewer, inviteId: string, ipAddress: string | null): Promise<Collaborators> {
  const answered = () => new AppError('NOT_FOUND', 'That invite was not found (it may have been accepted already)');
  const invite = await findUnansweredInvite(db, inviteId);
  if (!invite) throw answered();
  const { creatorId } = authorize(viewer, 'withdraw', invite, asInvite, 'That invite');
  if (!(await withdrawOpenInvite(db, creatorId, inviteId))) throw answered();
  await recordAudit(db, { actorUserId: viewer.userId, action: 'invite.withdrawn', targetType: 'creator', targetId: creatorId, details: { inviteId }, ipAddress });
  return listCollaborators(db, viewer);
}
