import { createHash } from 'node:crypto';
import { PLAY_DEDUPE_WINDOW_SECONDS } from '@crate/contract/analytics';
import { isCountedPlay } from '@crate/contract/play-threshold';
import type { ItemEventKind } from '@crate/contract/tracking-enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { belongsToCreator } from '../../policies/policy-viewer.ts';
import { claimPlay, findPlayableItem, insertItemEvents } from './item-events-repository.ts';

/**
 * Records what happened to items for creator analytics (docs/decisions/0028), in the caller's transaction:
 * the rollup trigger on item_events folds them into the daily counters there and then.
 */
export async function recordItemEvents(db: DbOrTx, kind: Exclude<ItemEventKind, 'play'>, userId: string | null, events: readonly { itemId: string; credits?: number }[]): Promise<void> {
  await insertItemEvents(db, kind, userId, events);
}

/**
 * Splits the credits one get charged over the items it gave, in proportion to each item's own price
 * (largest remainders, so the shares add up to exactly `charged`). Items with no price earn nothing.
 */
export function shareCredits(charged: number, prices: readonly number[]): number[] {
  const total = prices.reduce((sum, price) => sum + Math.max(0, price), 0);
  if (charged <= 0 || total <= 0) return prices.map(() => 0);
  const exact = prices.map((price) => (Math.max(0, price) * charged) / total);
  const shares = exact.map(Math.floor);
  let left = charged - shares.reduce((sum, share) => sum + share, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** Who is listening: the account when signed in, else a one-way hash of the address and browser (no raw address is kept). */
export function listenerKey(viewer: Viewer | null, ipAddress: string | null, userAgent: string | null): string {
  if (viewer) return `u:${viewer.userId}`;
  return `a:${createHash('sha256').update(`${ipAddress ?? ''}|${userAgent ?? ''}`).digest('base64url').slice(0, 32)}`;
}

export interface PlayReport {
  itemId: string;
  listenedMs: number;
  viewer: Viewer | null;
  listener: string;
}

/**
 * A preview that played (trackPlay): counted when the listen reached the play threshold, the listener may
 * read the item, is not one of its creator's people, and had no play of it counted within the dedupe
 * window. An item the listener may not read is not found, like everywhere else.
 */
export async function recordPlay(db: Db, report: PlayReport): Promise<boolean> {
  const item = authorize(report.viewer, 'read', await findPlayableItem(db, report.itemId), asItem, 'That sound');
  if (!isCountedPlay(report.listenedMs, item.durationMs)) return false;
  if (belongsToCreator(report.viewer, item.packCreatorId)) return false;
  return db.transaction(async (tx) => {
    if (!(await claimPlay(tx, report.listener, item.id, PLAY_DEDUPE_WINDOW_SECONDS))) return false;
    await insertItemEvents(tx, 'play', report.viewer?.userId ?? null, [{ itemId: item.id }]);
    return true;
  });
}
