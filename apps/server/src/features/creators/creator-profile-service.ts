import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AdminImage, uploadAdminImageQuerySchema } from '@crate/contract/admin-images';
import type { CreatorProfile, updateCreatorProfileSchema } from '@crate/contract/creator-profile';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize, can } from '../../policies/can.ts';
import { asCreator } from '../../policies/creator-policy.ts';
import { checkUploadedImage, releaseUploadedImage, uploadImage } from '../admin-images/admin-image-service.ts';
import { presentCreatorProfile } from './creator-profile-presenter.ts';
import {
  findCreatorByUser,
  findEditableCreatorProfile,
  findUserName,
  insertCreatorIfNone,
  slugTaken,
  writeCreatorProfile,
  type CreatorRef,
} from './creator-profile-repository.ts';


export function slugify(text: string, fallback = 'creator'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || fallback;
}

/**
 * The user's creator profile, created with a unique slug made from `name` when there is none yet
 * (an approved application, or a creator's first invite). A concurrent insert for the same user wins
 * and is returned instead.
 */
export async function ensureCreatorProfileFor(db: DbOrTx, values: { userId: string; name: string; bio?: string; links?: string[] }): Promise<CreatorRef> {
  const existing = await findCreatorByUser(db, values.userId);
  if (existing) return existing;
  let slug = slugify(values.name);
  while (await slugTaken(db, slug)) slug = `${slugify(values.name).slice(0, 33)}-${randomBytes(3).toString('hex')}`;
  await insertCreatorIfNone(db, { userId: values.userId, slug, name: values.name, bio: values.bio ?? '', links: values.links ?? [] });
  return (await findCreatorByUser(db, values.userId))!;
}

/**
 * The viewer's own creator profile. A user holding the creator role gets one on first need (named after their
 * display name, else the e-mail's local part), so inviting or editing never waits on an application; anybody
 * else (an admin without the creator role has no catalogue of their own) gets `refusal`.
 */
export async function openOwnCreatorProfile(db: Db, viewer: Viewer, refusal: () => AppError): Promise<CreatorRef> {
  const existing = await findCreatorByUser(db, viewer.userId);
  if (existing) {
    if (!can(viewer, 'invite', asCreator(existing))) throw refusal();
    return existing;
  }
  if (!can(viewer, 'open', asCreator({ id: null, userId: viewer.userId }))) throw refusal();
  const user = await findUserName(db, viewer.userId);
  return ensureCreatorProfileFor(db, { userId: viewer.userId, name: user?.name.trim() || viewer.email.split('@')[0] || 'Creator' });
}

/** An admin without the creator role has no profile of their own: there is nothing here to read or save. */
const noProfile = () => new AppError('NOT_FOUND', 'This account has no creator profile: a public profile belongs to a creator.');

export async function getMyCreatorProfile(ctx: AppContext, viewer: Viewer): Promise<CreatorProfile> {
  await openOwnCreatorProfile(ctx.db, viewer, noProfile);
  return presentCreatorProfile((await findEditableCreatorProfile(ctx.db, viewer.userId))!);
}

/**
 * Saves the viewer's public profile (whole: the editor sends every field). The avatar and the banner must be
 * images this creator uploaded for that purpose (their sizes were derived at upload); the ones they replace are
 * removed once nothing shows them. 409 when the profile changed since the editor read it. Audited.
 */
export async function updateMyCreatorProfile(ctx: AppContext, viewer: Viewer, input: z.output<typeof updateCreatorProfileSchema>, ipAddress: string | null): Promise<CreatorProfile> {
  await openOwnCreatorProfile(ctx.db, viewer, noProfile);
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'manage', await findEditableCreatorProfile(tx, viewer.userId, true), asCreator, 'Your creator profile');
    if (input.expected_updated_at !== undefined && Date.parse(input.expected_updated_at) !== row.updatedAt.getTime()) {
      throw new AppError('CONFLICT', 'Your profile was changed somewhere else since you opened it. Reload to see the changes, then make yours again.', 'expected_updated_at');
    }
    if (input.avatar_file_id && input.avatar_file_id !== row.avatarFileId) await checkUploadedImage(tx, input.avatar_file_id, 'cover', 'avatar_file_id', viewer.userId);
    if (input.banner_file_id && input.banner_file_id !== row.bannerFileId) await checkUploadedImage(tx, input.banner_file_id, 'banner', 'banner_file_id', viewer.userId);
    const values = { name: input.name, bio: input.bio, location: input.location, links: input.links, avatarFileId: input.avatar_file_id, bannerFileId: input.banner_file_id };
    await writeCreatorProfile(tx, row.id, values, ctx.clock.now());
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((key) => JSON.stringify(values[key]) !== JSON.stringify(row[key]));
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'creator.profile_updated', targetType: 'creator', targetId: row.id, details: { fields: changed }, ipAddress });
    return { before: row, after: (await findEditableCreatorProfile(tx, viewer.userId))! };
  });
  if (before.avatarFileId !== after.avatarFileId) await releaseUploadedImage(ctx, before.avatarFileId);
  if (before.bannerFileId !== after.bannerFileId) await releaseUploadedImage(ctx, before.bannerFileId);
  return presentCreatorProfile(after);
}

/** A creator's image: their avatar or banner, or a published pack's new cover (the pack's edit checks it is theirs). */
export async function uploadStudioImage(
  ctx: AppContext,
  viewer: Viewer,
  upload: { query: z.output<typeof uploadAdminImageQuerySchema>; contentType: string | undefined; body: Readable | null },
  ipAddress: string | null,
): Promise<AdminImage> {
  return uploadImage(ctx, viewer, { ...upload, keyPrefix: 'studio-images' }, ipAddress);
}
