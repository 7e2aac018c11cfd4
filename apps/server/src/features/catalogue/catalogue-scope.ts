import { sql, type SQL } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { Viewer } from '../../http/viewer.ts';
import { packs } from '../../db/schema/index.ts';

/**
 * Who sees what: everybody sees published packs (status 4) and their items; a pack's creator, the
 * creator's collaborators and admins also see it unpublished, marked as such.
 */
export interface CatalogueScope {
  userId: string | null;
  isAdmin: boolean;
}

export function scopeOf(viewer: Viewer | null): CatalogueScope {
  return { userId: viewer?.userId ?? null, isAdmin: viewer?.roles.includes('admin') ?? false };
}

/** True (as SQL) when the viewer may edit / see unpublished the pack in the current row. */
export function canEditPackSql(scope: CatalogueScope): SQL<boolean> {
  if (scope.isAdmin) return sql<boolean>`true`;
  if (!scope.userId) return sql<boolean>`false`;
  return sql<boolean>`(exists (select 1 from creators c where c.id = packs.creator_id and c.user_id = ${scope.userId})
    or exists (select 1 from creator_collaborators cc where cc.creator_id = packs.creator_id and cc.user_id = ${scope.userId}))`;
}

export const isPublishedSql = sql<boolean>`${packs.status} = ${PACK_STATUS.published}`;

/** Published, or unpublished but visible to this viewer. */
export function visiblePackSql(scope: CatalogueScope): SQL {
  if (!scope.userId) return isPublishedSql;
  return sql`(${isPublishedSql} or ${canEditPackSql(scope)})`;
}
