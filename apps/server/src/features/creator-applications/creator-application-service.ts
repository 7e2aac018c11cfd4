import type { Readable } from 'node:stream';
import {
  APPLICATION_LIMITS,
  type ApplicationDemo,
  type CreatorApplication,
  type CreatorApplicationInput,
  type MyCreatorApplication,
  type ReviewApplication,
  type ReviewedApplication,
  type WaitingApplication,
} from '@crate/contract/creator-application';
import type { AppContext } from '../../app-context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createFileFromUpload, deleteFileAndDerivatives } from '../../files/file-repository.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { MediaError } from '../../media/media-error.ts';
import { MediaBusyError } from '../../media/media-pool.ts';
import { DeriveMediaError, deriveMediaForFile } from '../../processing/derive-media.ts';
import { ObjectTooLargeError } from '../../storage/object-storage.ts';
import { authorize, can } from '../../policies/can.ts';
import { asCreatorApplication } from '../../policies/creator-application-policy.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { ensureCreatorProfileFor } from '../creators/creator-profile-service.ts';
import { grantRole } from '../roles/role-service.ts';
import { applicationApprovedMail, applicationDeclinedMail, applicationNeedsChangesMail, applicationReceivedMail } from './creator-application-mail.ts';
import { presentApplication, presentReviewedApplication, presentWaiting } from './creator-application-presenter.ts';
import {
  acceptContentAgreement,
  findApplicant,
  findApplication,
  findCreatorSlug,
  findDemoPreview,
  findDemos,
  findLatestApplication,
  hasAcceptedContentAgreement,
  insertApplication,
  lockApplicant,
  listWaiting,
  lockApplication,
  lockOpenApplication,
  updateApplication,
  type ApplicationFields,
  type ApplicationRow,
} from './creator-application-repository.ts';

const isCreator = (viewer: Viewer) => viewer.roles.includes('creator');

/** A new application (or a demo for one) is the viewer's own; a creator already sells and is told where (409). */
function checkMayApply(viewer: Viewer): void {
  if (!can(viewer, 'apply', asCreatorApplication({ userId: viewer.userId }))) {
    throw new AppError('CONFLICT', 'You already sell on Crate: your creator dashboard is at /creator.');
  }
}

export async function getMyApplication(db: DbOrTx, viewer: Viewer): Promise<MyCreatorApplication> {
  const row = await findLatestApplication(db, viewer.userId);
  return {
    application: row ? presentApplication(row, await findDemos(db, null, row.demoFileIds)) : null,
    accepted_content_agreement: await hasAcceptedContentAgreement(db, viewer.userId),
    is_creator: isCreator(viewer),
  };
}

/**
 * Stores one demo sound and checks it by decoding it (its name and declared type are not trusted): the
 * MP3 preview admins play is made now, so a file ffmpeg cannot read is refused at once and removed again.
 * Its length is read from its header first and a demo over its limit is refused before anything decodes it;
 * the decode runs in the media pool's threads, one demo of a user's at a time (docs/decisions/0031).
 */
export async function uploadDemo(ctx: AppContext, viewer: Viewer, name: string, contentType: string | undefined, body: Readable | null): Promise<ApplicationDemo> {
  checkMayApply(viewer);
  if (!body) throw new AppError('VALIDATION_FAILED', 'The request carried no file.', 'file');
  let file;
  try {
    file = await createFileFromUpload(ctx, {
      body,
      originalName: name,
      contentType: contentType ?? null,
      ownerUserId: viewer.userId,
      maxBytes: APPLICATION_LIMITS.maxDemoBytes,
      keyPrefix: 'application-demos',
    });
  } catch (error) {
    if (error instanceof ObjectTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `A demo is at most ${APPLICATION_LIMITS.maxDemoBytes / 1024 / 1024} MB.`, 'file');
    }
    throw error;
  }
  if (file.size === 0) {
    await deleteFileAndDerivatives(ctx, file.id);
    throw new AppError('VALIDATION_FAILED', `"${file.originalName}" is empty (0 bytes).`, 'file');
  }
  try {
    await deriveMediaForFile(ctx, file.id, { as: 'audio', limit: 'demo', ifOwnerBusy: 'refuse' });
  } catch (error) {
    await deleteFileAndDerivatives(ctx, file.id);
    if (error instanceof DeriveMediaError && error.code === 'broken-media') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${file.originalName}" is not audio we can play: upload a WAV, AIFF, FLAC or MP3 file.`, 'file');
    }
    if (error instanceof DeriveMediaError && (error.code === 'over-limit' || error.code === 'too-costly')) throw new AppError('PAYLOAD_TOO_LARGE', error.message, 'file');
    if (error instanceof MediaBusyError) throw new AppError(error.reason === 'owner' ? 'RATE_LIMITED' : 'UNAVAILABLE', error.message);
    // ffmpeg missing, failing or out of time: the server's trouble, not the file's.
    if (error instanceof MediaError) throw new AppError('UNAVAILABLE', `"${file.originalName}" could not be checked just now: try again in a few minutes.`, 'file');
    throw error;
  }
  const [demo] = await findDemos(ctx.db, viewer.userId, [file.id]);
  return { id: demo!.id, name: demo!.name, duration_ms: demo!.durationMs };
}

/** The demos as given, every one an upload of this user's that decoded: else the field is refused. */
async function checkedFields(db: DbOrTx, viewer: Viewer, input: CreatorApplicationInput): Promise<ApplicationFields> {
  const demos = await findDemos(db, viewer.userId, input.demo_file_ids);
  if (demos.length !== input.demo_file_ids.length) {
    throw new AppError('VALIDATION_FAILED', 'One of the demos is not a sound you uploaded here; upload it again.', 'demo_file_ids');
  }
  return { artistName: input.artist_name, bio: input.bio, links: input.links, genres: input.genres, demoFileIds: input.demo_file_ids };
}

async function presentOwn(db: DbOrTx, row: ApplicationRow): Promise<CreatorApplication> {
  return presentApplication(row, await findDemos(db, null, row.demoFileIds));
}

const applicationLink = (ctx: AppContext) => `${ctx.config.publicUrl}/creatorapplication`;

/** A new application: one open at a time per user (the user row is locked; a unique index backs it up). */
export async function submitApplication(ctx: AppContext, viewer: Viewer, input: CreatorApplicationInput, ipAddress: string | null): Promise<CreatorApplication> {
  checkMayApply(viewer);
  return ctx.db.transaction(async (tx) => {
    await lockApplicant(tx, viewer.userId);
    if (await lockOpenApplication(tx, viewer.userId)) {
      throw new AppError('CONFLICT', 'You already have an application open; change that one instead.');
    }
    const row = await insertApplication(tx, viewer.userId, await checkedFields(tx, viewer, input));
    await acceptContentAgreement(tx, viewer.userId);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'creator_application.submitted', targetType: 'creator_application', targetId: row.id, ipAddress });
    await ctx.jobs.enqueue('mail', applicationReceivedMail(viewer.email, row.artistName, applicationLink(ctx)), { tx });
    return presentOwn(tx, row);
  });
}

/** The applicant answers a request for changes: the application is changed and waits for review again. */
export async function resubmitApplication(ctx: AppContext, viewer: Viewer, input: CreatorApplicationInput, ipAddress: string | null): Promise<CreatorApplication> {
  return ctx.db.transaction(async (tx) => {
    const open = authorize(viewer, 'change', await lockOpenApplication(tx, viewer.userId), asCreatorApplication, 'An open application');
    if (open.status !== 'needs_changes') {
      throw new AppError('CONFLICT', 'Your application is waiting for review; you can change it if an admin asks for changes.');
    }
    const row = await updateApplication(tx, open.id, { ...(await checkedFields(tx, viewer, input)), status: 'submitted' });
    await acceptContentAgreement(tx, viewer.userId);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'creator_application.resubmitted', targetType: 'creator_application', targetId: row.id, ipAddress });
    return presentOwn(tx, row);
  });
}

async function presentForAdmin(db: DbOrTx, row: ApplicationRow): Promise<ReviewedApplication> {
  const applicant = await findApplicant(db, row.userId);
  return presentReviewedApplication(row, await findDemos(db, null, row.demoFileIds), applicant!, await findCreatorSlug(db, row.userId));
}

export async function listWaitingApplications(db: DbOrTx): Promise<WaitingApplication[]> {
  return (await listWaiting(db)).map(presentWaiting);
}

export async function getApplicationForAdmin(db: DbOrTx, viewer: Viewer, id: string): Promise<ReviewedApplication> {
  return presentForAdmin(db, authorize(viewer, 'read', await findApplication(db, id), asCreatorApplication, 'The application'));
}

/**
 * An admin's decision on a submitted application, all in one transaction with its e-mail: approval grants
 * the creator role (which bumps claims_updated_at) and creates the creator profile named after the artist.
 */
export async function reviewApplication(ctx: AppContext, admin: Viewer, id: string, review: ReviewApplication, ipAddress: string | null): Promise<ReviewedApplication> {
  return ctx.db.transaction(async (tx) => {
    const open = authorize(admin, 'review', await lockApplication(tx, id), asCreatorApplication, 'The application');
    if (open.status !== 'submitted') throw new AppError('CONFLICT', `This application is ${open.status.replace('_', ' ')}, not waiting for review.`);
    const applicant = (await findApplicant(tx, open.userId))!;
    const reviewed = { reviewedBy: admin.userId, reviewedAt: new Date() };
    let row: ApplicationRow;
    if (review.decision === 'approve') {
      await grantRole(tx, { userId: open.userId, actorUserId: admin.userId, ipAddress, reason: `creator application ${open.id} approved` }, 'creator');
      await ensureCreatorProfileFor(tx, { userId: open.userId, name: open.artistName, bio: open.bio, links: open.links });
      row = await updateApplication(tx, open.id, { ...reviewed, status: 'approved', reviewNote: null });
      await ctx.jobs.enqueue('mail', applicationApprovedMail(applicant.email, open.artistName, `${ctx.config.publicUrl}/creator`), { tx });
    } else if (review.decision === 'request_changes') {
      const note = review.reason ?? '';
      row = await updateApplication(tx, open.id, { ...reviewed, status: 'needs_changes', reviewNote: note });
      await ctx.jobs.enqueue('mail', applicationNeedsChangesMail(applicant.email, open.artistName, note, applicationLink(ctx)), { tx });
    } else {
      const reason = review.reason ?? '';
      row = await updateApplication(tx, open.id, { ...reviewed, status: 'declined', reviewNote: reason });
      await ctx.jobs.enqueue('mail', applicationDeclinedMail(applicant.email, open.artistName, reason, applicationLink(ctx)), { tx });
    }
    await recordAudit(tx, { actorUserId: admin.userId, action: `creator_application.${review.decision}`, targetType: 'creator_application', targetId: open.id, details: review.reason ? { reason: review.reason } : {}, ipAddress });
    return presentForAdmin(tx, row);
  });
}

/** A demo's preview, for the applicant and admins only; to anyone else the application does not exist. */
export async function findPlayableDemo(db: Db, viewer: Viewer, applicationId: string, fileId: string): Promise<{ storageKey: string; contentType: string }> {
  const row = authorize(viewer, 'read', await findApplication(db, applicationId), asCreatorApplication, 'That demo');
  if (!row.demoFileIds.includes(fileId)) throw notFound('That demo');
  const preview = await findDemoPreview(db, fileId);
  if (!preview) throw notFound('That demo');
  return preview;
}
