import type { CreatorCard, PackCard } from '@crate/contract/catalogue';
import { CURATION_LIMITS, type FeaturedCreators, type Reorder, type StaffPicks } from '@crate/contract/curation';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { asPack, isPublishedPack } from '../../policies/pack-policy.ts';
import { presentCreatorCard, presentPackCard } from '../catalogue/catalogue-presenters.ts';
import { presentFeaturedCreators, presentStaffPicks } from './curation-presenter.ts';
import { checkReorder, listVersion } from './list-order.ts';
import * as repo from './shelf-repository.ts';

/**
 * Staff picks and featured creators, the two shelves admins order on /curation. Each change takes the
 * shelf's lock, is audited in its transaction, and answers the shelf as it now is, with its version.
 */

export async function listStaffPicks(db: DbOrTx): Promise<StaffPicks> {
  const rows = await repo.listStaffPicks(db);
  return presentStaffPicks(rows, listVersion(rows.map((r) => r.id)));
}

export async function listFeaturedCreators(db: DbOrTx): Promise<FeaturedCreators> {
  const rows = await repo.listFeaturedCreators(db);
  return presentFeaturedCreators(rows.map(presentCreatorCard), listVersion(rows.map((r) => r.id)));
}

function checkRoom(count: number, what: string) {
  if (count >= CURATION_LIMITS.shelfMax) throw new AppError('VALIDATION_FAILED', `${what} hold at most ${CURATION_LIMITS.shelfMax} entries: remove one first`);
}

/** Only a published pack is picked. */
export async function addStaffPick(ctx: AppContext, admin: Viewer, packId: string, ipAddress: string | null): Promise<StaffPicks> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockShelf(tx, 'staff_picks');
    const pack = await repo.findPackFacts(tx, packId);
    if (!pack) throw new AppError('NOT_FOUND', 'That pack was not found', 'pack_id');
    if (!isPublishedPack(asPack(pack))) throw new AppError('VALIDATION_FAILED', 'That pack is not published: only published packs are staff picks', 'pack_id');
    checkRoom((await repo.listStaffPickIds(tx)).length, 'Staff picks');
    if (!(await repo.appendStaffPick(tx, packId, admin.userId))) throw new AppError('CONFLICT', 'That pack already is a staff pick', 'pack_id');
    await recordAudit(tx, { actorUserId: admin.userId, action: 'staff_pick.add', targetType: 'pack', targetId: packId, ipAddress });
    return listStaffPicks(tx);
  });
}

export async function removeStaffPick(ctx: AppContext, admin: Viewer, packId: string, ipAddress: string | null): Promise<StaffPicks> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockShelf(tx, 'staff_picks');
    if (!(await repo.deleteStaffPick(tx, packId))) throw notFound('That staff pick');
    await recordAudit(tx, { actorUserId: admin.userId, action: 'staff_pick.remove', targetType: 'pack', targetId: packId, ipAddress });
    return listStaffPicks(tx);
  });
}

export async function reorderStaffPicks(ctx: AppContext, admin: Viewer, reorder: Reorder, ipAddress: string | null): Promise<StaffPicks> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockShelf(tx, 'staff_picks');
    const before = await repo.listStaffPickIds(tx);
    checkReorder(before, reorder, 'The staff picks');
    await repo.setStaffPickPositions(tx, reorder.ids);
    await recordAudit(tx, { actorUserId: admin.userId, action: 'staff_pick.reorder', targetType: 'staff_picks', targetId: 'staff_picks', details: { before, after: reorder.ids }, ipAddress });
    return listStaffPicks(tx);
  });
}

/** Only a creator with a published pack is featured (Discover lists no creator without one). */
export async function addFeaturedCreator(ctx: AppContext, admin: Viewer, creatorId: string, ipAddress: string | null): Promise<FeaturedCreators> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockShelf(tx, 'featured_creators');
    const creator = await repo.findCreatorFacts(tx, creatorId);
    if (!creator) throw new AppError('NOT_FOUND', 'That creator was not found', 'creator_id');
    if (creator.featured) throw new AppError('CONFLICT', 'That creator is already featured', 'creator_id');
    if (creator.packCount === 0) throw new AppError('VALIDATION_FAILED', 'That creator has no published pack yet: only creators with one are featured', 'creator_id');
    checkRoom((await repo.listFeaturedCreatorIds(tx)).length, 'Featured creators');
    await repo.featureCreator(tx, creatorId);
    await recordAudit(tx, { actorUserId: admin.userId, action: 'featured_creator.add', targetType: 'creator', targetId: creatorId, ipAddress });
    return listFeaturedCreators(tx);
  });
}

export async function removeFeaturedCreator(ctx: AppContext, admin: Viewer, creatorId: string, ipAddress: string | null): Promise<FeaturedCreators> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockShelf(tx, 'featured_creators');
    if (!(await repo.unfeatureCreator(tx, creatorId))) throw notFound('That featured creator');
    await recordAudit(tx, { actorUserId: admin.userId, action: 'featured_creator.remove', targetType: 'creator', targetId: creatorId, ipAddress });
    return listFeaturedCreators(tx);
  });
}

export async function reorderFeaturedCreators(ctx: AppContext, admin: Viewer, reorder: Reorder, ipAddress: string | null): Promise<FeaturedCreators> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockShelf(tx, 'featured_creators');
    const before = await repo.listFeaturedCreatorIds(tx);
    checkReorder(before, reorder, 'The featured creators');
    await repo.setFeaturedPositions(tx, reorder.ids);
    await recordAudit(tx, { actorUserId: admin.userId, action: 'featured_creator.reorder', targetType: 'featured_creators', targetId: 'featured_creators', details: { before, after: reorder.ids }, ipAddress });
    return listFeaturedCreators(tx);
  });
}

export async function lookUpPublishedPacks(db: DbOrTx, q: string): Promise<PackCard[]> {
  return (await repo.lookUpPublishedPacks(db, q, CURATION_LIMITS.lookupMax)).map(presentPackCard);
}

export async function lookUpCreators(db: DbOrTx, q: string): Promise<CreatorCard[]> {
  return (await repo.lookUpCreators(db, q, CURATION_LIMITS.lookupMax)).map(presentCreatorCard);
}
