import { sql, type SQL } from 'drizzle-orm';
import { PACK_STATUS, TAKEDOWN_FROM, type PackStatus } from '@crate/contract/pack-status';
import { packs } from '../db/schema/index.ts';
import { belongsToCreator, creatorMemberships, isAdmin, ownsCreator, type PolicyViewer } from './policy-viewer.ts';

/** What the pack rules look at. */
export interface PackFacts {
  creatorId: string;
  status: number;
}
export type PackResource = PackFacts & { type: 'pack' };
export const asPack = (row: PackFacts): PackResource => ({ type: 'pack', creatorId: row.creatorId, status: row.status });

/**
 * read: everybody reads a published pack; its creator, the creator's collaborators and admins also read
 *   it unpublished. edit / submit: its creator or an admin — collaborators are read-only (docs/product-overview.md §6 gives
 *   editing and uploads to creators; docs/decisions/0071). What a status lets be edited is the service's rule (0072). review (decide on it, run its processing again, restore it or its taken-down sounds): admins. collect (heart it): a signed-in user, on a published pack
 *   (the library lists only those). studio (open it in the creator studio, in any state): its creator, their
 *   collaborators, admins — a published pack's studio view is still nobody else's. takedown (archive it with a
 *   reason): admins, from a status TAKEDOWN_FROM names. split (read and set who shares the pack's earnings, docs/decisions/0052):
 *   its creator only, in any state — neither collaborators nor admins decide how a creator shares their money.
 *   withdraw (take their pack off sale, and put a pack they withdrew back on sale, docs/decisions/0072): its creator
 *   only — an admin takes a pack down with a reason instead (takedown), and collaborators are read-only.
 *   Whether a status change is allowed at all is pack-status.ts's rule.
 */
export type PackAction = 'read' | 'studio' | 'edit' | 'submit' | 'review' | 'collect' | 'takedown' | 'split' | 'withdraw';

export const isPublishedPack = (pack: Pick<PackFacts, 'status'>): boolean => pack.status === PACK_STATUS.published;

/** Reads the creator's catalogue in any state: the creator, their collaborators, admins. */
export const readsUnpublished = (viewer: PolicyViewer, creatorId: string): boolean => isAdmin(viewer) || belongsToCreator(viewer, creatorId);

export function canOnPack(viewer: PolicyViewer, action: PackAction, pack: PackFacts): boolean {
  switch (action) {
    case 'read':
      return isPublishedPack(pack) || readsUnpublished(viewer, pack.creatorId);
    case 'studio':
      return readsUnpublished(viewer, pack.creatorId);
    case 'edit':
    case 'submit':
      return isAdmin(viewer) || ownsCreator(viewer, pack.creatorId);
    case 'review':
      return isAdmin(viewer);
    case 'collect':
      return viewer !== null && isPublishedPack(pack);
    case 'takedown':
      return isAdmin(viewer) && TAKEDOWN_FROM.includes(pack.status as PackStatus);
    case 'split':
    case 'withdraw':
      return ownsCreator(viewer, pack.creatorId);
  }
}

// SQL twins of the rules, for lists filtered in the database (the row's `packs` table). The policy
// integration test checks each against its rule over every row of the rule table.

/** The pack of the current row is published. */
export const packPublishedSql = sql<boolean>`${packs.status} = ${PACK_STATUS.published}`;

/** `packs.creator_id` is one of these profiles: one array parameter, so the statement text stays the same. */
const creatorIn = (creatorIds: readonly string[]) => sql<boolean>`packs.creator_id = any(${sql.param(creatorIds)}::uuid[])`;

/** Twin of readsUnpublished. */
export function readsUnpublishedSql(viewer: PolicyViewer): SQL<boolean> {
  if (isAdmin(viewer)) return sql<boolean>`true`;
  const memberships = creatorMemberships(viewer);
  return memberships.length === 0 ? sql<boolean>`false` : creatorIn(memberships);
}

/** Twin of canOnPack(viewer, 'read', pack). */
export function packReadableSql(viewer: PolicyViewer): SQL<boolean> {
  if (isAdmin(viewer)) return sql<boolean>`true`;
  if (creatorMemberships(viewer).length === 0) return packPublishedSql;
  return sql<boolean>`(${packPublishedSql} or ${readsUnpublishedSql(viewer)})`;
}
