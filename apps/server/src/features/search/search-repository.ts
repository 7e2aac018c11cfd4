import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listedItemsSql } from '../../db/listed-items.ts';
import { AUTO_NAMED_STATEMENT, keptPrepared } from '../../db/prepared.ts';
import { creators, items, packs } from '../../db/schema/index.ts';
import { itemRowColumns } from '../../read-models/catalogue-rows.ts';

/**
 * The query of search's rows, kept prepared: the ids are a placeholder, so each search only fills them in (a tenth
 * of a search's time went into building it). The public part only: the viewer's favourites are laid over it.
 */
const searchRowsQuery = keptPrepared((db) =>
  db
    .select({ ...itemRowColumns(null), takenDownAt: items.takenDownAt, packTakedownReason: packs.takedownReason })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(sql`${items.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(AUTO_NAMED_STATEMENT),
);

/**
 * Rows for ids a search engine returned, in the engine's order. The engine already decided what the
 * viewer may find, so there is no visibility filter here; the catalogue's row columns keep every list
 * of items shaped the same.
 */
export async function listSearchRowsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await searchRowsQuery(db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type SearchRowData = Awaited<ReturnType<typeof listSearchRowsByIds>>[number];

/** A listed item (published pack, not taken down) by slug: similar sounds are offered for these only. */
export async function findListedItemId(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.slug, slug), listedItemsSql()));
  return row?.id ?? null;
}
