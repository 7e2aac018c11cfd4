import { PACK_STATUS, TAKEDOWN_FROM } from '@crate/contract/pack-status';
import type { Takedown, TakedownResult } from '@crate/contract/takedown';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { restorePack, transitionPack } from '../../packs/pack-lifecycle.ts';
import { findCreatorEmail } from '../../packs/pack-lifecycle-repository.ts';
import { takenDownMail } from '../../packs/pack-mail.ts';
import { authorize, can } from '../../policies/can.ts';
import { asItem, isListedItem } from '../../policies/item-policy.ts';
import { asPack, isPublishedPack } from '../../policies/pack-policy.ts';
import { findPackFacts, lockItem, setItemRestored, setItemTakenDown } from './takedown-repository.ts';

/** Why a pack cannot be archived now, in the words an admin acts on. */
function archiveRefusal(status: number): string {
  if (status === PACK_STATUS.archived) return 'That pack is already archived.';
  if (status === PACK_STATUS.awaitingApproval) return 'That pack is awaiting approval: reject it from its review instead.';
  if (status === PACK_STATUS.processing) return 'That pack is being processed: archive it once processing ends.';
  return 'That pack cannot be archived from its current state.';
}

/**
 * Archives a pack as a takedown through the pack lifecycle (a draft, approved, file-errors or published
 * pack; the creator is e-mailed the reason and note). Its sounds leave search through the outbox; owners
 * keep downloading what they got.
 */
export async function archivePack(ctx: AppContext, viewer: Viewer, packId: string, takedown: Takedown, ipAddress: string | null): Promise<TakedownResult> {
  return ctx.db.transaction(async (tx) => {
    const pack = authorize(viewer, 'review', await findPackFacts(tx, packId), asPack, 'That pack');
    if (!can(viewer, 'takedown', asPack(pack))) throw new AppError('CONFLICT', archiveRefusal(pack.status));
    await transitionPack(ctx, tx, {
      packId,
      to: PACK_STATUS.archived,
      from: TAKEDOWN_FROM,
      actor: { userId: viewer.userId, ipAddress },
      reason: takedown.reason,
      note: takedown.note,
      audit: { action: 'pack.takedown', details: { note: takedown.note } },
    });
    return { id: packId, target: 'pack', pack_status: PACK_STATUS.archived, listed: false };
  });
}

/** Takes one sound out of the catalogue with its reason; the creator is e-mailed; owners keep it. */
export async function takeDownItem(ctx: AppContext, viewer: Viewer, itemId: string, takedown: Takedown, ipAddress: string | null): Promise<TakedownResult> {
  return ctx.db.transaction(async (tx) => {
    // Whoever reviews the sound's pack takes it down: a moderation decision.
    const item = authorize(viewer, 'review', await lockItem(tx, itemId), (row) => asPack({ creatorId: row.packCreatorId, status: row.packStatus }), 'That sound');
    if (!can(viewer, 'takedown', asItem(item))) {
      throw new AppError('CONFLICT', `That sound is already taken down (${item.takedownReason ?? 'no reason recorded'}, since ${item.takenDownAt?.toISOString().slice(0, 10)}).`);
    }
    await setItemTakenDown(tx, itemId, takedown.reason);
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'item.takedown',
      targetType: 'item',
      targetId: itemId,
      details: { takedown_reason: takedown.reason, note: takedown.note },
      ipAddress,
    });
    const email = await findCreatorEmail(tx, item.packCreatorId);
    if (email) {
      const mail = takenDownMail(email, { what: 'sound', title: item.name, ...takedown, link: `${ctx.config.publicUrl}/item/${item.slug}` });
      await ctx.jobs.enqueue('mail', mail, { tx });
    }
    return { id: itemId, target: 'item', pack_status: item.packStatus, listed: false };
  });
}

/** An archived pack restored through the pack lifecycle (published again if it had been, else a draft): a moderation decision, the pack policy's review. */
export async function restoreArchivedPack(ctx: AppContext, viewer: Viewer, packId: string, ipAddress: string | null): Promise<TakedownResult> {
  return ctx.db.transaction(async (tx) => {
    authorize(viewer, 'review', await findPackFacts(tx, packId), asPack, 'That pack');
    const restored = await restorePack(ctx, tx, packId, { userId: viewer.userId, ipAddress });
    return { id: packId, target: 'pack', pack_status: restored.status, listed: isPublishedPack(restored) };
  });
}

/** A sound taken down on its own is listed again (if its pack is published). */
export async function restoreTakenDownItem(ctx: AppContext, viewer: Viewer, itemId: string, ipAddress: string | null): Promise<TakedownResult> {
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
