import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { items } from '../db/schema/index.ts';
import { canOnPack, isPublishedPack, packPublishedSql, packReadableSql, readsUnpublished, readsUnpublishedSql, type PackFacts } from './pack-policy.ts';
import type { PolicyViewer } from './policy-viewer.ts';

/** What the item rules look at: its pack, whether it was taken down, whether it is free, whether the viewer owns it. */
export interface ItemFacts {
  pack: PackFacts;
  takenDown: boolean;
  isFree: boolean;
  /** The viewer owns the item (bought or got with credits). */
  owned: boolean;
}
export type ItemResource = ItemFacts & { type: 'item' };

/** An item row as the repositories read it; `owned` is for the viewer, from the ledger once commerce records it. */
export interface ItemRowFacts {
  packCreatorId: string;
  packStatus: number;
  takenDownAt: Date | null;
  isFree: boolean;
  owned?: boolean;
}
export const asItem = (row: ItemRowFacts): ItemResource => ({
  type: 'item',
  pack: { creatorId: row.packCreatorId, status: row.packStatus },
  takenDown: row.takenDownAt !== null,
  isFree: row.isFree,
  owned: row.owned ?? false,
});

/**
 * read: the pack is readable and the item not taken down — those who read the pack unpublished (creator,
 *   collaborators, admins) also read its taken-down items.
 * download: its owner, whatever became of it since (taken down, pack archived or unpublished: what was got
 *   stays theirs); a signed-in reader of a free item; the creator's people and admins, any item they read.
 * collect (heart it, add it to a playlist): a signed-in user, on a listed item (published pack, not taken down): the library lists only those.
 * get (with credits, or for nothing when free): a signed-in user, on a listed item — nothing unpublished or taken down is on sale.
 * studio (open it in the editor, read-only or not): the creator's people — creator, collaborators — and admins.
 * edit (its metadata and files, docs/decisions/0029): whoever may edit its pack — the creator or an admin; collaborators read only.
 * takedown (take it out of the catalogue with a reason): admins, while it is not taken down.
 */
export type ItemAction = 'read' | 'download' | 'collect' | 'get' | 'studio' | 'edit' | 'takedown';

/** Published and not taken down: what everybody sees. */
export const isListedItem = (item: { pack: Pick<PackFacts, 'status'>; takenDown: boolean }): boolean => isPublishedPack(item.pack) && !item.takenDown;

export function canOnItem(viewer: PolicyViewer, action: ItemAction, item: ItemFacts): boolean {
  const insider = readsUnpublished(viewer, item.pack.creatorId);
  switch (action) {
    case 'read':
      return canOnPack(viewer, 'read', item.pack) && (!item.takenDown || insider);
    case 'download':
      return viewer !== null && (item.owned || (canOnItem(viewer, 'read', item) && (item.isFree || insider)));
    case 'collect':
    case 'get':
      return viewer !== null && isListedItem(item);
    case 'studio':
      return insider;
    case 'edit':
      return canOnPack(viewer, 'edit', item.pack);
    case 'takedown':
      return canOnPack(viewer, 'review', item.pack) && !item.takenDown;
  }
}

// SQL twins (the row's `items` joined to its `packs`), checked against the rules by the policy integration test.

/** Twin of isListedItem. */
export const itemListedSql: SQL<boolean> = and(packPublishedSql, isNull(items.takenDownAt)) as SQL<boolean>;

/** Twin of canOnItem(viewer, 'read', item). */
export function itemReadableSql(viewer: PolicyViewer): SQL<boolean> {
  return sql<boolean>`(${packReadableSql(viewer)} and (${items.takenDownAt} is null or ${readsUnpublishedSql(viewer)}))`;
}
