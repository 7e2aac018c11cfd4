import type { AdminBundle, AdminBundleSummary, BundlePatch, NewBundle } from '@crate/contract/curation';
import type { Page } from '@crate/contract/pagination';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { violatesUnique } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asBundle } from '../../policies/curation-policy.ts';
import { releaseUploadedImage } from '../admin-images/admin-image-service.ts';
import * as repo from './bundle-curation-repository.ts';
import { checkCoverChange } from './cover-change.ts';
import { presentAdminBundle, presentAdminBundleSummary } from './curation-presenter.ts';

const WHAT = 'That bundle';
const SLUG_KEY = 'bundles_slug_key';
const slugTaken = (slug: string) => new AppError('CONFLICT', `The slug "${slug}" is already used by another bundle`, 'slug');

export async function listBundles(db: DbOrTx, query: { limit: number; cursor?: string | undefined }): Promise<Page<AdminBundleSummary>> {
  const rows = await repo.listBundles(db, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
  return toPage(rows, query.limit, presentAdminBundleSummary, (r) => encodeCursor(r.updatedAt.toISOString(), r.id));
}

async function present(db: DbOrTx, id: string): Promise<AdminBundle> {
  const bundle = await repo.findBundle(db, id);
  if (!bundle) throw notFound(WHAT);
  return presentAdminBundle(bundle, await repo.listBundlePacks(db, id));
}

export async function getBundle(db: DbOrTx, viewer: Viewer, id: string): Promise<AdminBundle> {
  authorize(viewer, 'curate', await repo.findBundle(db, id), asBundle, WHAT);
  return present(db, id);
}

/**
 * A bundle's packs are chosen among published packs: a pack it already holds may stay when it is
 * unpublished later (buyers get its listed sounds only), but none can be added unless it is published.
 */
async function checkPacks(tx: DbOrTx, packIds: readonly string[], already: readonly string[]) {
  const added = packIds.filter((id) => !already.includes(id));
  const published = await repo.findPublishedPackIds(tx, added);
  const refused = added.filter((id) => !published.has(id));
  if (refused.length > 0) throw new AppError('VALIDATION_FAILED', `Only published packs go into a bundle; not published or not found: ${refused.join(', ')}`, 'pack_ids');
}

async function writeBundle(ctx: AppContext, slug: string | undefined, write: (tx: DbOrTx) => Promise<string>): Promise<AdminBundle> {
  try {
    return await ctx.db.transaction(async (tx) => present(tx, await write(tx)));
  } catch (error) {
    if (slug !== undefined && violatesUnique(error, SLUG_KEY)) throw slugTaken(slug);
    throw error;
  }
}

const columnsOf = (input: BundlePatch) => ({
  ...(input.slug !== undefined ? { slug: input.slug } : {}),
  ...(input.title !== undefined ? { title: input.title } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.credit_cost !== undefined ? { creditCost: input.credit_cost } : {}),
  ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
  ...(input.active !== undefined ? { active: input.active } : {}),
});

export async function createBundle(ctx: AppContext, admin: Viewer, input: NewBundle, ipAddress: string | null) {
  return writeBundle(ctx, input.slug, async (tx) => {
    if (await repo.slugTaken(tx, input.slug, null)) throw slugTaken(input.slug);
    await checkPacks(tx, input.pack_ids, []);
    await checkCoverChange(tx, null, input.cover_file_id);
    const id = await repo.insertBundle(tx, {
      slug: input.slug,
      title: input.title,
      description: input.description,
      coverFileId: input.cover_file_id,
      creditCost: input.credit_cost,
      priceCents: input.price_cents,
      active: input.active,
      createdBy: admin.userId,
    });
    await repo.replaceBundlePacks(tx, id, input.pack_ids);
    await recordAudit(tx, { actorUserId: admin.userId, action: 'bundle.create', targetType: 'bundle', targetId: id, details: { ...input }, ipAddress });
    return id;
  });
}

/** Changes the fields sent; a cover it replaces is deleted once nothing shows it. */
export async function updateBundle(ctx: AppContext, admin: Viewer, id: string, patch: BundlePatch, ipAddress: string | null) {
  let replacedCover: string | null = null;
  const bundle = await writeBundle(ctx, patch.slug, async (tx) => {
    const row = authorize(admin, 'curate', await repo.lockBundle(tx, id), asBundle, WHAT);
    if (patch.slug !== undefined && (await repo.slugTaken(tx, patch.slug, id))) throw slugTaken(patch.slug);
    const coverChanges = await checkCoverChange(tx, row.coverFileId, patch.cover_file_id);
    if (patch.pack_ids !== undefined) {
      await checkPacks(tx, patch.pack_ids, await repo.listBundlePackIds(tx, id));
      await repo.replaceBundlePacks(tx, id, patch.pack_ids);
    }
    await repo.updateBundle(tx, id, { ...columnsOf(patch), ...(coverChanges ? { coverFileId: patch.cover_file_id } : {}) });
    await recordAudit(tx, {
      actorUserId: admin.userId,
      action: 'bundle.update',
      targetType: 'bundle',
      targetId: id,
      details: { ...patch, ...(coverChanges ? { previous_cover_file_id: row.coverFileId } : {}) },
      ipAddress,
    });
    if (coverChanges) replacedCover = row.coverFileId;
    return id;
  });
  await releaseUploadedImage(ctx, replacedCover);
  return bundle;
}

/** What buyers got from the bundle stays theirs: ownership is per sound and never points at the bundle. */
export async function deleteBundle(ctx: AppContext, admin: Viewer, id: string, ipAddress: string | null): Promise<{ ok: true }> {
  const cover = await ctx.db.transaction(async (tx) => {
    const row = authorize(admin, 'curate', await repo.lockBundle(tx, id), asBundle, WHAT);
    const bundle = (await repo.findBundle(tx, id))!;
    await repo.deleteBundle(tx, id);
    await recordAudit(tx, { actorUserId: admin.userId, action: 'bundle.delete', targetType: 'bundle', targetId: id, details: { slug: bundle.slug, title: bundle.title }, ipAddress });
    return row.coverFileId;
  });
  await releaseUploadedImage(ctx, cover);
  return { ok: true };
}
