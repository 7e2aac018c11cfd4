import { sql, type SQL } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';

/**
 * Listed — what everybody's search and "similar sounds" find — is an item whose pack is published and
 * which is not taken down. These read it from the item's own copy of its pack's status
 * (`items.search_pack_status`, kept by the search triggers), so that the search indexes can be partial on it.
 * The numbers are written into the SQL text, never bound: PostgreSQL uses a partial index only when the
 * query's condition visibly implies the index's.
 */
export function listedItemsSql(alias?: string): SQL {
  const c = alias ? `${alias}.` : '';
  return sql.raw(`${c}search_pack_status = ${PACK_STATUS.published} and ${c}taken_down_at is null`);
}

/**
 * For subqueries over packs and items under other names (`p`, `i`): a published pack, and a listed item (its
 * pack published, itself not taken down), read from the pack's own status. The status is a bound parameter.
 */
export const publishedPackSql = (pack: string): SQL => sql`${sql.raw(pack)}.status = ${PACK_STATUS.published}`;
export const listedItemSql = (item: string, pack: string): SQL => sql`(${publishedPackSql(pack)} and ${sql.raw(item)}.taken_down_at is null)`;

/** The archive an admin restores from: items of an archived pack, or taken down themselves. */
export function archivedItemsSql(alias?: string): SQL {
  const c = alias ? `${alias}.` : '';
  return sql.raw(`${c}search_pack_status = ${PACK_STATUS.archived} or ${c}taken_down_at is not null`);
}
