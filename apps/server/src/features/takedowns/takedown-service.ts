import type { RestoreResult } from '@crate/contract/search';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { restorePack, type PackActor } from '../../packs/pack-lifecycle.ts';
import { asItem, isListedItem } from '../../policies/item-policy.ts';
import { isPublishedPack } from '../../policies/pack-policy.ts';
import { lockItem, setItemRestored } from './takedown-repository.ts';

/** An archived pack restored through the pack lifecycle (published again if it had been, else a draft). */
export async function restoreArchivedPack(ctx: AppContext, packId: string, actor: PackActor): Promise<RestoreResult> {
  return ctx.db.transaction(async (tx) => {
    const restored = await restorePack(ctx, tx, packId, actor);
    return { id: packId, target: 'pack', pack_status: restored.status, listed: isPublishedPack(restored) };
  });
}

/** A sound taken down on its own is listed again (if its pack is published). */
export async function restoreTakenDownItem(ctx: AppContext, itemId: string, actor: PackActor): Promise<RestoreResult> {
  return ctx.db.transaction(async (tx) => {
    const item = await lockItem(tx, itemId);
    if (!item) throw notFound('That sound');
    if (!item.takenDownAt) throw new AppError('CONFLICT', 'That sound is not taken down');
    await setItemRestored(tx, itemId);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'item.restore',
      targetType: 'item',
      targetId: itemId,
      details: { takedown_reason: item.takedownReason, taken_down_at: item.takenDownAt.toISOString() },
      ipAddress: actor.ipAddress ?? null,
    });
    const restored = asItem({ ...item, takenDownAt: null });
    return { id: itemId, target: 'item', pack_status: item.packStatus, listed: isListedItem(restored) };
  });
}
