import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listedItemsSql } from '../../db/listed-items.ts';
import { AUTO_NAMED_STATEMENT, keptPrepared } from '../../db/prepared.ts';
import { creators, items, packs } from '../../db/schema/index.ts';
import { itemRowColumns, viewerPlaceholder } from '../../read-models/catalogue-rows.ts';

/**
 * The query of search's rows, kept prepared per kind of viewer: the ids (and the viewer) are placeholders,
 * so each search only fills them in (a tenth of a search's time went into building it).
 */
const searchRowsQuery = keptPrepared((db, signedIn: boolean) =>
  db
    .select({ ...itemRowColumns(viewerPlaceholder(signedIn)), takenDownAt: items.takenDownAt, packTakedownReason: packs.takedownReason })
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
export async function listSearchRowsByIds(db: DbOrTx, userId: string | null, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await searchRowsQuery(db, userId !== null).execute({ ids, userId });
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
