import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { Viewer } from '../../http/viewer.ts';
import { attributionCounts, requeueFailedEvents } from './tracking-repository.ts';

const DAY_MS = 86_400_000;

/** The Attribution panel's figures (docs/decisions/0057): forwarding on or off, waiting, sent in the last 24 h, given up. */
export async function getAttributionStatus(ctx: AppContext) {
  const counts = await attributionCounts(ctx.db, new Date(ctx.clock.now().getTime() - DAY_MS));
  return { forwarding: ctx.config.attribution.endpoint !== null, ...counts };
}

/** Puts the given-up events back in line for the forwarder, audited (what the admin did, how many it moved). */
export async function retryFailedAttribution(ctx: AppContext, viewer: Viewer, ipAddress: string | null): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const retried = await requeueFailedEvents(tx, ctx.clock.now());
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'attribution.retry_failed', targetType: 'tracking_events', targetId: 'failed', details: { retried }, ipAddress });
    return retried;
  });
}
