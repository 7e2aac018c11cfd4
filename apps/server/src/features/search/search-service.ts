import { canTransitionPack, PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import type { RestoreResult } from '@crate/contract/search';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import * as repo from './search-repository.ts';

interface Actor {
  userId: string;
  ipAddress: string | null;
}

/**
 * An archived pack goes back to where it was: published when it had been published (its sounds are
 * listed again at once, the triggers update the index in this transaction), else to draft for its creator.
 */
export async function restoreArchivedPack(db: Db, packId: string, actor: Actor): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    const pack = await repo.lockPack(tx, packId);
    if (!pack) throw notFound('That pack');
    if (pack.status !== PACK_STATUS.archived) throw new AppError('CONFLICT', 'That pack is not archived');
    const to: PackStatus = pack.publishedAt ? PACK_STATUS.published : PACK_STATUS.draft;
    if (!canTransitionPack(PACK_STATUS.archived, to)) throw new AppError('CONFLICT', 'That pack cannot be restored');
    await repo.setPackRestored(tx, packId, to);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'pack.restore',
      targetType: 'pack',
      targetId: packId,
      details: { from: PACK_STATUS.archived, to, takedown_reason: pack.takedownReason },
      ipAddress: actor.ipAddress,
    });
    return { id: packId, target: 'pack', pack_status: to, listed: to === PACK_STATUS.published };
  });
}

export async function restoreTakenDownItem(db: Db, itemId: string, actor: Actor): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, itemId);
    if (!item) throw notFound('That sound');
    if (!item.takenDownAt) throw new AppError('CONFLICT', 'That sound is not taken down');
    await repo.setItemRestored(tx, itemId);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'item.restore',
      targetType: 'item',
      targetId: itemId,
      details: { takedown_reason: item.takedownReason, taken_down_at: item.takenDownAt.toISOString() },
      ipAddress: actor.ipAddress,
    });
    return { id: itemId, target: 'item', pack_status: item.packStatus, listed: item.packStatus === PACK_STATUS.published };
  });
}
