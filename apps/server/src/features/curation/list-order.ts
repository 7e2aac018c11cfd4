import { createHash } from 'node:crypto';
import type { Reorder } from '@crate/contract/curation';
import { AppError } from '../../http/app-error.ts';

/** A curated list's version: a digest of its ids in order, so any addition, removal or move changes it. */
export const listVersion = (ids: readonly string[]): string => createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 22);

/**
 * A new order is taken only when it was made from the list as it is now (read under the list's lock): a
 * version from before another tab's change is a 409, and the ids must be the list's own, each once.
 */
export function checkReorder(current: readonly string[], reorder: Reorder, what: string): void {
  if (reorder.version !== listVersion(current)) {
    throw new AppError('CONFLICT', `${what} changed since you loaded it (in another tab, or by another admin): reload it and order it again`, 'version');
  }
  const present = new Set(current);
  if (reorder.ids.length !== current.length || !reorder.ids.every((id) => present.has(id))) {
    throw new AppError('VALIDATION_FAILED', `Send every entry of ${what.toLowerCase()} exactly once, in the new order`, 'ids');
  }
}
