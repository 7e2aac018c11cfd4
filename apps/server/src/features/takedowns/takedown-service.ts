import type { RestoreResult } from '@crate/contract/search';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { restorePack } from '../../packs/pack-lifecycle.ts';
import { authorize } from '../../policies/can.ts';
import { asItem, isListedItem } from '../../policies/item-policy.ts';
import { asPack, isPublishedPack } from '../../policies/pack-policy.ts';
import { findPackFacts, lockItem, setItemRestored } from './takedown-repository.ts';

/** An archived pack restored through the pack lifecycle (published again if it had been, else a draft): a moderation decision, the pack policy's review. */
export async function restoreArchivedPack(ctx: AppContext, viewer: Viewer, packId: string, ipAddress: string | null): Promise<RestoreResult> {
  return ctx.db.transaction(async (tx) => {
    authorize(viewer, 'review', await findPackFacts(tx, packId), asPack, 'That pack');
    const restored = await restorePack(ctx, tx, packId, { userId: viewer.userId, ipAddress });
    return { id: packId, target: 'pack', pack_status: restored.status, listed: isPublishedPack(restored) };
  });
}

/** A sound taken down on its own is listed again (if its pack is published). */
export async function restoreTakenDownItem(ctx: AppContext, viewer: Viewer, itemId: string, ipAddress: string | null): Promise<RestoreResult> {
  return ctx.db.transaction(async (tx) => {
    // Whoever reviews the sound's pack restores it: a moderation decision.
    const item = authorize(viewer, 'review', await lockItem(tx, itemId), (row) => asPack({ creatorId: row.packCreatorId, status: row.packStatus }), 'That sound');
    if (!item.takenDownAt) throw new AppError('CONFLICT', 'That sound is not taken down');
    await setItemRestored(tx, itemId);
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'item.restore',
      targetType: 'item',
      targetId: itemId,
      details: { takedown_reason: item.takedownReason, taken_down_at: item.takenDownAt.toISOString() },
      ipAddress,
    });
    const restored = asItem({ ...item, takenDownAt: null });
    return { id: itemId, target: 'item', pack_status: item.packStatus, listed: isListedItem(restored) };
  });
}
