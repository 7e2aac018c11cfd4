import { sql, type SQL } from 'drizzle-orm';
import type { SearchQuery, SearchSort } from '@crate/contract/search';
import type { DbOrTx } from '../../db/client.ts';
import { archivedItemsSql, listedItemsSql } from '../../db/listed-items.ts';
import { invalidCursor } from '../../http/page-cursor.ts';
import { BPM_EDGES, type CountedFacets, FACET_DIMS, type FacetDim, filteredFacets, pageOf, TOP_LIST_FACET, withoutFacet, withSidewaysCounts } from './search-facets.ts';
import type { SearchEngine, SearchHits, SearchScope } from './search-engine.ts';
import { emptyAnswer, planSearch, type ResolvedWord, type SearchRequest } from './search-request.ts';
import { buildTsquery, MAX_COMPLETIONS, NAME_EQUALS_LEAD, NAME_STARTS_LEAD, quoteLexeme, RELEVANCE_WEIGHTS } from './search-text.ts';
import { rowsOf } from '../../db/sql-rows.ts';

/**
 * Search answered by PostgreSQL (docs/decisions/0008-search-in-postgres.md).
 *
 * A search is a few statements, usually two or three:
 *  1. the typed words against the vocabulary (search_words): which are indexed, the last word's completions;
 *  2. only when a word is not indexed: its close words (pg_trgm word similarity, plus one-edit variants);
 *  3. only for creator/pack filters: their slugs to ids;
 *  4. one statement for the page, the total and every facet count: the matching rows are read once
 *     (through the partial multi-column GIN index items_search_idx) into a materialised CTE that the
 *     page, the total and the facet aggregates all read;
 *  5. for a signed-in viewer's first page, alongside 4: how many of the matches they own ("not yet owned");
 *  6. alongside 4, one per facet the query filters on: that facet counted without its own filter (drill-sideways,
 *     decision 0061), through the same index.
 * Pages after the first (with a cursor) skip total and facets, so infinite scroll stays cheap.
 * The in-memory index (indexed-search-engine.ts) answers the same queries the same way; this engine answers
 * while the index is being built, when it is turned off, and is the plain SQL the index is tested against.
 */

/** A list bound as ONE array parameter (drizzle would otherwise expand a JS array into `($1, $2, …)`). */
const list = (values: readonly string[]) => sql.param(values);

interface SortPlan {
  /** The sort value of row `i` (items alias). */
  value: SQL;
  /** What the value needs joined to `items i`. */
  join?: SQL;
  /** ORDER BY over the columns `s` and `id` of the matched set. */
  order: SQL;
  /** Rows after the cursor, over `s` and `id`. */
  after(value: string | null, id: string): SQL;
}

export function createPostgresSearchEngine(db: DbOrTx): SearchEngine {

  /** Statement 1: which typed words are indexed, and the last word's completions (prefix search). */
  async function resolveWords(words: string[]): Promise<ResolvedWord[]> {
    const rows = rowsOf<{ pos: number; word: string; how: 'exact' | 'prefix' }>(
      await db.execute(sql`
        select w.pos::int as pos, x.word, x.how
        from unnest(${list(words)}::text[]) with ordinality as w(input, pos)
        cross join lateral (
          (select s.word, 'exact' as how from search_words s where s.word = w.input)
          union all
          (select s.word, 'prefix' as how from search_words s
           where w.pos = ${words.length} and s.word like w.input || '%' and s.word <> w.input
           order by length(s.word), s.word limit ${MAX_COMPLETIONS})
        ) x`),
    );
    return words.map((word, index) => {
      const own = rows.filter((r) => Number(r.pos) === index + 1);
      return { word, known: own.some((r) => r.how === 'exact'), completions: own.filter((r) => r.how === 'prefix').map((r) => r.word) };
    });
  }

  /** Statement 3: creator and pack slugs to ids (an unknown slug matches nothing). */
  async function idsOfSlugs(table: 'creators' | 'packs', slugs: string[]): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from ${sql.identifier(table)} where slug = any(${list(slugs)}::text[])`));
    return rows.map((r) => r.id);
  }

  async function search(query: SearchQuery, scope: SearchScope): Promise<SearchHits> {
    const planned = await planSearch(db, query, scope, resolveWords);
    if (planned.empty) return planned.empty;
    const request = planned.request;
    const { cursor, sort: effectiveSort, seed, corrected } = request;
    const empty = () => emptyAnswer(request, scope);
    const tsquery = request.groups ? buildTsquery(request.groups) : null;

    const base: SQL[] = [corpusSql(scope)];
    if (tsquery) base.push(sql`i.search_vector @@ ${tsquery}::tsquery`);
    // Creator and pack slugs are looked up once, however many times the filters are built (drill-sideways).
    const slugIds = new Map<string, Promise<string[]>>();
    const idsOf = (table: 'creators' | 'packs', slugs: string[]) => {
      const key = `${table}:${slugs.join(',')}`;
      const ids = slugIds.get(key) ?? idsOfSlugs(table, slugs);
      slugIds.set(key, ids);
      return ids;
    };
    const conditions = await filterConditions(query, scope, idsOf);
    if (!conditions) return empty();
    const whereOf = (filters: SQL[]) => sql.join([...base, ...filters], sql` and `);

    const plan = sortPlan(request);
    const where = whereOf(conditions);
    const limit = query.limit;

    if (cursor) {
      // A later page: the page alone, ordered straight from the matching rows (an index can serve it).
      // Ordered in a subquery over the values themselves: ordering the text forms would put "100" before "79".
      const rows = rowsOf<{ item_id: string; sort_value: string | null }>(
        await db.execute(sql`
          select p.id::text as item_id, p.s::text as sort_value
          from (
            select m.id, m.s
            from (select i.id, ${plan.value} as s from items i ${plan.join ?? sql``} where ${where}) m
            where ${plan.after(cursor.value, cursor.id)}
            order by ${plan.order}
            limit ${limit + 1}
          ) p
          order by ${plan.order}`),
      ).map((r) => ({ id: r.item_id, s: r.sort_value }));
      return { ...pageOf(rows, limit), total: null, facets: null, sort: effectiveSort, seed, corrected };
    }

    // "Not yet owned" is the viewer's own: counted alongside, through their few owned_items rows.
    // Each filtered facet is counted again without its own filter (drill-sideways), alongside.
    const sideways = filteredFacets(query, scope).map(async (dim) => {
      const others = await filterConditions(withoutFacet(query, dim), scope, idsOf);
      return others ? [[dim, await countFacets(whereOf(others), dim)] as const] : [];
    });
    const [answer, owned, sidewaysCounts] = await Promise.all([
      firstPage({ where, plan, limit, effectiveSort, seed, corrected }),
      scope.userId ? ownedAmong(scope.userId, where) : null,
      Promise.all(sideways),
    ]);
    const facets = withSidewaysCounts(answer.counted, new Map(sidewaysCounts.flat()));
    return { ...answer.hits, facets: { ...facets, not_owned: owned === null ? null : (answer.hits.total ?? 0) - owned } };
  }

  /** One facet's counts (and the flags' totals) over the rows `where` matches. */
  async function countFacets(where: SQL, dim: FacetDim): Promise<CountedFacets> {
    const rows = rowsOf<FacetRow>(await db.execute(sql`with m as materialized (${matchedRowsSql(where, null)}) ${countsSql([dim])}`));
    return countedOf(rows);
  }

  /** How many of the matches the viewer owns (a few rows per user: read through owned_items). */
  async function ownedAmong(userId: string, where: SQL): Promise<number> {
    const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from owned_items o join items i on i.id = o.item_id where o.user_id = ${userId} and ${where}`));
    return Number(rows[0]?.n ?? 0);
  }

  /** Statement 4: the page, the total and every facet count, over the matching rows read once. */
  async function firstPage(input: { where: SQL; plan: SortPlan; limit: number; effectiveSort: SearchSort; seed: string | null; corrected: SearchHits['corrected'] }) {
    const { where, plan, limit, effectiveSort, seed, corrected } = input;
    const statement = sql`
        with m as materialized (${matchedRowsSql(where, plan)})
        select 'page' as part, p.id::text as a, p.s::text as b, null::text as c, (row_number() over ())::int as n
        from (select m.id, m.s from m order by ${plan.order} limit ${limit + 1}) p
        union all
        ${countsSql(FACET_DIMS)}`;
    // No JIT and room for the matched rows in memory: both are session settings of the app's connections (db/client.ts).
    const rows = rowsOf<FacetRow>(await db.execute(statement));

    const pageRows = rows.filter((r) => r.part === 'page').sort((x, y) => Number(x.n) - Number(y.n)).map((r) => ({ id: r.a!, s: r.b }));
    const counted = countedOf(rows);
    const hits: SearchHits = { ...pageOf(pageRows, limit), total: counted.total, facets: null, sort: effectiveSort, seed, corrected };
    return { hits, counted };
  }

  async function similar(itemId: string, limit: number, options: { freeOnly?: boolean } = {}): Promise<string[]> {
    // The GiST index serves `<->` in distance order; the scalar subqueries are computed once (init plans).
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        select i.id::text as id
        from items i
        where ${listedItemsSql('i')}
          and i.search_features is not null
          and i.id <> ${itemId}::uuid
          ${options.freeOnly ? sql`and i.is_free = true` : sql``}
          and i.type = (select s.type from items s where s.id = ${itemId}::uuid)
          and (
            (select s.duration_ms from items s where s.id = ${itemId}::uuid) is null or i.duration_ms is null
            or i.duration_ms between (select s.duration_ms from items s where s.id = ${itemId}::uuid) / 2
                                 and (select s.duration_ms from items s where s.id = ${itemId}::uuid) * 2
          )
        order by i.search_features <-> (select s.search_features from items s where s.id = ${itemId}::uuid), i.id
        limit ${limit}`),
    );
    return rows.map((r) => r.id);
  }

  return { search, similar };
}

type FacetRow = { part: string; a: string | null; b: string | null; c: string | null; n: number | string };

function countedOf(rows: FacetRow[]): CountedFacets & { total: number } {
  const totals = JSON.parse(rows.find((r) => r.part === 'totals')!.c!) as { total: number; has_stems: number; has_midi: number; free: number };
  const facetRows = rows.filter((r) => r.part === 'facet' && r.b !== null).map((r) => ({ dim: r.a!, value: r.b!, label: r.c, count: Number(r.n) }));
  return { rows: facetRows, totals: { has_stems: Number(totals.has_stems), has_midi: Number(totals.has_midi), free: Number(totals.free) }, total: Number(totals.total) };
}

/** The matching rows with what the counts read (and the sort value `s` when a page is read from them too). */
function matchedRowsSql(where: SQL, plan: SortPlan | null): SQL {
  const bpmBucket = sql`case when i.search_bpm is null then null when i.search_bpm < ${BPM_EDGES.low} then 0
      when i.search_bpm >= ${BPM_EDGES.high} then ${BPM_EDGES.high} else (i.search_bpm / ${BPM_EDGES.width}) * ${BPM_EDGES.width} end`;
  return sql`select i.id, ${plan ? plan.value : sql`null`} as s, i.type, i.kind, i.key, ${bpmBucket} as bpm_bucket, i.time_signature, i.feel,
                 i.licence_type, i.plugin, i.creator_id, i.pack_id, i.is_free, i.has_stems, i.has_midi, i.genres, i.instruments
          from items i ${plan?.join ?? sql``} where ${where}`;
}

/** Columns of `m` counted by grouping sets, per facet. */
const GROUPED: Partial<Record<FacetDim, string>> = {
  type: 'type', kind: 'kind', key: 'key', time_signature: 'time_signature', feel: 'feel', licence_type: 'licence_type', plugin: 'plugin', bpm: 'bpm_bucket',
};

/** The totals row and the facet rows of `dims` over the rows of `m`. */
function countsSql(dims: readonly FacetDim[]): SQL {
  const parts: SQL[] = [
    sql`select 'totals' as part, null::text as a, null::text as b,
               json_build_object('total', count(*), 'has_stems', count(*) filter (where m.has_stems), 'has_midi', count(*) filter (where m.has_midi),
                                 'free', count(*) filter (where m.is_free))::text as c,
               0 as n
        from m`,
  ];
  const grouped = dims.flatMap((dim) => (GROUPED[dim] ? [[dim, GROUPED[dim]] as const] : []));
  if (grouped.length > 0) {
    const column = (name: string) => sql.raw(`m.${name}`);
    const which = sql.join(grouped.map(([dim, name]) => sql`when grouping(${column(name)}) = 0 then ${sql.raw(`'${dim}'`)}`), sql` `);
    parts.push(sql`select 'facet', case ${which} end, coalesce(${sql.join(grouped.map(([, name]) => sql`${column(name)}::text`), sql`, `)}), null, count(*)::int
        from m group by grouping sets (${sql.join(grouped.map(([, name]) => sql`(${column(name)})`), sql`, `)})`);
  }
  if (dims.includes('genre')) parts.push(sql`select 'facet', 'genre', g.slug, null, count(*)::int from (select unnest(m.genres) as slug from m) g group by g.slug`);
  if (dims.includes('instrument')) parts.push(sql`select 'facet', 'instrument', x.slug, null, count(*)::int from (select unnest(m.instruments) as slug from m) x group by x.slug`);
  if (dims.includes('creator')) {
    parts.push(sql`select 'facet', 'creator', c.slug, c.name, t.n
        from (select m.creator_id, count(*)::int as n from m group by m.creator_id order by n desc, m.creator_id limit ${TOP_LIST_FACET}) t
        join creators c on c.id = t.creator_id`);
  }
  if (dims.includes('pack')) {
    parts.push(sql`select 'facet', 'pack', p.slug, p.title, t.n
        from (select m.pack_id, count(*)::int as n from m group by m.pack_id order by n desc, m.pack_id limit ${TOP_LIST_FACET}) t
        join packs p on p.id = t.pack_id`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The filters of a query as conditions on `items i`, or null when one can match nothing (an unknown creator or
 * pack slug). `idsOf` turns creator and pack slugs into ids.
 */
async function filterConditions(f: SearchQuery, scope: SearchScope, idsOf: (table: 'creators' | 'packs', slugs: string[]) => Promise<string[]>): Promise<SQL[] | null> {
  const conditions: SQL[] = [];
  const anyOf = (column: SQL, values: string[] | undefined, type: string) => {
    if (!values || values.length === 0) return;
    const unique = [...new Set(values)];
    conditions.push(unique.length === 1 ? sql`${column} = ${unique[0]}::${sql.raw(type)}` : sql`${column} in (${sql.join(unique.map((v) => sql`${v}::${sql.raw(type)}`), sql`, `)})`);
  };
  anyOf(sql`i.type`, f.type, 'item_type');
  anyOf(sql`i.kind`, f.kind, 'item_kind');
  anyOf(sql`i.key`, f.key, 'musical_key');
  anyOf(sql`i.time_signature`, f.time_signature, 'time_signature');
  anyOf(sql`i.feel`, f.feel, 'feel');
  anyOf(sql`i.licence_type`, f.licence_type, 'licence_type');
  anyOf(sql`i.plugin`, f.plugin, 'preset_plugin');
  if (f.genre?.length) conditions.push(sql`i.genres @> ${list([...new Set(f.genre)])}::text[]`);
  if (f.instrument?.length) conditions.push(sql`i.instruments @> ${list([...new Set(f.instrument)])}::text[]`);
  if (f.bpm_min !== undefined) conditions.push(sql`i.search_bpm >= ${f.bpm_min}`);
  if (f.bpm_max !== undefined) conditions.push(sql`i.search_bpm <= ${f.bpm_max}`);
  if (f.has_stems !== undefined) conditions.push(sql`i.has_stems = ${f.has_stems}`);
  if (f.has_midi !== undefined) conditions.push(sql`i.has_midi = ${f.has_midi}`);
  if (f.free === true) conditions.push(sql`i.is_free = true`);
  if (f.not_owned === true && scope.userId) {
    conditions.push(sql`not exists (select 1 from owned_items o where o.user_id = ${scope.userId} and o.item_id = i.id)`);
  }
  for (const [param, table, column] of [
    [f.creator, 'creators', 'creator_id'],
    [f.pack, 'packs', 'pack_id'],
  ] as const) {
    if (!param?.length) continue;
    const ids = await idsOf(table, [...new Set(param)]);
    if (ids.length === 0) return null;
    anyOf(sql.raw(`i.${column}`), ids, 'uuid');
  }
  return conditions;
}

function corpusSql(scope: SearchScope): SQL {
  switch (scope.corpus) {
    case 'paid':
      return listedItemsSql('i');
    case 'free':
      return sql`${listedItemsSql('i')} and i.is_free = true`;
    case 'archived':
      return sql`(${archivedItemsSql('i')})`;
  }
}

/**
 * Relevance: per typed word, the points of the best field any of its alternatives is found in (name,
 * instruments/kind/plugin, tags/genres, pack/creator: RELEVANCE_WEIGHTS), summed, plus a lead for a name equal to or
 * starting with the typed text. The in-memory index computes the same integers from its postings.
 */
function relevanceSql(request: SearchRequest): SQL {
  const groups = request.groups ?? [];
  const having = (group: string[], weights: string) => group.map((w) => `${quoteLexeme(w)}:${weights}`).join(' | ');
  // The points are constants, written as literals (a bound parameter would be text to PostgreSQL).
  const n = (points: number) => sql.raw(String(points));
  const points = groups.map(
    (g) => sql`case when i.search_vector @@ ${having(g, 'A')}::tsquery then ${n(RELEVANCE_WEIGHTS.A)}
      when i.search_vector @@ ${having(g, 'AB')}::tsquery then ${n(RELEVANCE_WEIGHTS.B)}
      when i.search_vector @@ ${having(g, 'ABC')}::tsquery then ${n(RELEVANCE_WEIGHTS.C)} else ${n(RELEVANCE_WEIGHTS.D)} end`,
  );
  return sql`(${sql.join(points, sql` + `)} + case when lower(i.name) = ${request.text} then ${n(NAME_EQUALS_LEAD)}
    when starts_with(lower(i.name), ${request.text}) then ${n(NAME_STARTS_LEAD)} else 0 end)::float8`;
}

function sortPlan(request: SearchRequest): SortPlan {
  const sort: SearchSort = request.sort;
  /** Only bpm sorts have null values; decodeCursor checked the value against CURSOR_VALUE_OF_SORT. */
  const text = (value: string | null) => {
    if (value === null) throw invalidCursor();
    return value;
  };
  switch (sort) {
    case 'relevance':
      return {
        value: relevanceSql(request),
        order: sql`s desc, id asc`,
        after: (v, id) => sql`(s < ${text(v)}::float8 or (s = ${text(v)}::float8 and id > ${id}::uuid))`,
      };
    case 'newest':
      return {
        value: sql`i.search_listed_at`,
        order: sql`s desc, id desc`,
        after: (v, id) => sql`(s, id) < (${text(v)}::timestamptz, ${id}::uuid)`,
      };
    case 'popular':
      return {
        // A join, not a subquery per row: on a broad match the planner hashes item_popularity once.
        value: sql`coalesce(ip.score, 0)`,
        join: sql`left join item_popularity ip on ip.item_id = i.id`,
        order: sql`s desc, id desc`,
        after: (v, id) => sql`(s, id) < (${text(v)}::int, ${id}::uuid)`,
      };
    case 'bpm':
      return {
        value: sql`i.bpm`,
        order: sql`s asc nulls last, id asc`,
        after: (v, id) =>
          v === null ? sql`(s is null and id > ${id}::uuid)` : sql`(s > ${text(v)}::real or (s = ${text(v)}::real and id > ${id}::uuid) or s is null)`,
      };
    case 'random':
      return {
        // A fixed order per seed, so pages never repeat or skip (search_random_key, migration 0006).
        value: sql`search_random_key(i.id, ${request.seedNumber}::bigint)`,
        order: sql`s asc, id asc`,
        after: (v, id) => sql`(s, id) > (${text(v)}::bigint, ${id}::uuid)`,
      };
  }
}

