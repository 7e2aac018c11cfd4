import { PLAY_DEDUPE_WINDOW_SECONDS } from '@crate/contract/analytics';
import { fitsPreview, isCountedPlay } from '@crate/contract/play-threshold';
import type { ItemEventKind } from '@crate/contract/tracking-enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clientKey } from '../../http/client-address.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { belongsToCreator } from '../../policies/policy-viewer.ts';
import { countPlay, findPlayableItem, findPreviewServedAt, insertItemEvents, recordPreviewServed, type PlayCaps } from './item-events-repository.ts';

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

/**
 * Counted plays one client network (an IPv4 address, an IPv6 /64) may add per UTC day (docs/decisions/0034):
 * to one item, to one pack's items, and in all. Every play counts against PLAY_CAPS; anonymous plays also
 * against the much smaller ANONYMOUS_PLAY_CAPS, since a visitor costs nothing to become again.
 */
const PLAY_CAPS: PlayCaps = { item: 30, pack: 300, all: 1000 };
export const ANONYMOUS_PLAY_CAPS: PlayCaps = { item: 3, pack: 10, all: 100 };
/** A listen may be this much longer than the time since its preview was served: clocks of two API processes differ a little. */
const SERVE_CLOCK_SLACK_MS = 500;

/** Who plays: the account, else the visitor's client network (a keyed hash) and their signed listener cookie, if any. */
export interface PlayListener {
  viewer: Viewer | null;
  network: string;
  cookieId: string | null;
}

/** The client network of a play or a preview serve as the play tables know it: a keyed hash, no address kept. */
export const playNetworkKey = (secret: string, ip: string | null | undefined): string => clientKey(secret, 'plays', ip);

/** Whose listens are deduplicated together: the account, else the listener cookie, else the network. */
export function listenerKey(listener: PlayListener): string {
  if (listener.viewer) return `u:${listener.viewer.userId}`;
  return listener.cookieId ? `c:${listener.cookieId}` : `n:${listener.network}`;
}

/**
 * To whom a preview was served: the account, else the client network. Not the listener cookie: the
 * first preview a visitor fetches comes before trackPlay has given them one.
 */
export const serveListenerKey = (viewer: Viewer | null, network: string): string => (viewer ? `u:${viewer.userId}` : `n:${network}`);

/** The listener fetched the preview of source file `fileId` from its start: a listen of it may begin `now`. */
export async function notePreviewServed(db: DbOrTx, now: Date, viewer: Viewer | null, network: string, fileId: string): Promise<void> {
  await recordPreviewServed(db, serveListenerKey(viewer, network), fileId, now);
}

export interface PlayReport {
  itemId: string;
  listenedMs: number;
  listener: PlayListener;
}

/**
 * A preview that played (trackPlay), counted when all of these hold (docs/decisions/0028, 0034):
 *  - the listener may read the item (else it is not found, like everywhere else) and is not one of its creator's people;
 *  - the listen reached the play threshold, fits in the preview's length, and is no longer than the time
 *    since this listener fetched that preview;
 *  - no play of it by this listener was counted within the dedupe window;
 *  - the client network still has room in its day's budgets for the item, its pack and in all.
 */
export async function recordPlay(db: Db, now: Date, report: PlayReport): Promise<boolean> {
  const { listener, listenedMs } = report;
  const item = authorize(listener.viewer, 'read', await findPlayableItem(db, report.itemId), asItem, 'That sound');
  if (!isCountedPlay(listenedMs, item.durationMs) || !fitsPreview(listenedMs, item.durationMs)) return false;
  if (belongsToCreator(listener.viewer, item.packCreatorId)) return false;
  const servedAt = item.audioFileId ? await findPreviewServedAt(db, serveListenerKey(listener.viewer, listener.network), item.audioFileId) : null;
  if (!servedAt || listenedMs > now.getTime() - servedAt.getTime() + SERVE_CLOCK_SLACK_MS) return false;
  return countPlay(
    db,
    { itemId: item.id, packId: item.packId, userId: listener.viewer?.userId ?? null, listener: listenerKey(listener), network: listener.network, now },
    PLAY_DEDUPE_WINDOW_SECONDS,
    PLAY_CAPS,
    ANONYMOUS_PLAY_CAPS,
  );
}
