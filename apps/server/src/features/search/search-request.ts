import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { SearchQuery, SearchSort } from '@crate/contract/search';
import { parseSearchText } from '@crate/contract/search-text-filters';
import type { DbOrTx } from '../../db/client.ts';
import { CURSOR_VALUES, decodeCursor } from '../../http/page-cursor.ts';
import { emptyFacets } from './search-facets.ts';
import type { SearchHits, SearchScope } from './search-engine.ts';
import { editDistance, editsOf, MAX_CORRECTIONS, queryWords, seedNumber } from './search-text.ts';
import { findCloseWords } from './search-words-repository.ts';

/**
 * What both engines make of a query before evaluating it: the typed words resolved against the
 * vocabulary (indexed words, the last word's completions, close words for typos), the sort, the seed
 * of a random order and the cursor. One place, so the in-memory index and PostgreSQL read a query alike.
 */
export interface SearchRequest {
  /** The typed words joined by one space (what a name is compared with). */
  text: string;
  /** One group of alternative indexed words per typed word (ANDed); null when nothing was typed. */
  groups: string[][] | null;
  corrected: SearchHits['corrected'];
  sort: SearchSort;
  seed: string | null;
  /** The seed as the 32-bit number the random order mixes in. */
  seedNumber: number;
  cursor: { value: string | null; id: string } | null;
  limit: number;
}

/**
 * Search cursors carry the sort value as PostgreSQL's text of it; each sort checks it has the form its
 * column casts from (a cursor of another sort, or a forged one, is a 400 before any query).
 */
const FLOAT_TEXT = z.string().regex(/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i);
const CURSOR_VALUE_OF_SORT: Record<SearchSort, z.ZodType<string | null>> = {
  relevance: FLOAT_TEXT,
  newest: CURSOR_VALUES.time,
  popular: z.string().regex(/^-?\d{1,9}$/),
  // Sounds without a BPM sort last, with a null value.
  bpm: FLOAT_TEXT.nullable(),
  // search_random_key: an unsigned 32-bit number.
  random: z.string().regex(/^\d{1,10}$/),
};

/**
 * The query with the filters its text names (keys, tempi, kinds, plugins: search-text-filters.ts) applied and
 * their words taken out of the text (decision 0061): a key, kind or plugin joins the values of that facet asked
 * for explicitly (alternatives, as ticking its box would); a typed tempo applies unless the BPM range is set
 * explicitly, and matches the whole BPM exactly ("120 bpm" is 120, never a typo for 122 or 170).
 */
export function withTextFilters(query: SearchQuery): SearchQuery {
  const { text, filters } = parseSearchText(query.q);
  if (filters.length === 0) return query;
  const out: SearchQuery = { ...query, q: text === '' ? undefined : text };
  for (const filter of filters) {
    if (filter.facet === 'bpm') {
      if (query.bpm_min !== undefined || query.bpm_max !== undefined) continue;
      out.bpm_min = Math.min(out.bpm_min ?? filter.min, filter.min);
      out.bpm_max = Math.max(out.bpm_max ?? filter.max, filter.max);
    } else if (filter.facet === 'key') out.key = withValue(out.key, filter.value);
    else if (filter.facet === 'kind') out.kind = withValue(out.kind, filter.value);
    else out.plugin = withValue(out.plugin, filter.value);
  }
  return out;
}

const withValue = <T extends string>(values: T[] | undefined, value: T): T[] => (values?.includes(value) ? values : [...(values ?? []), value]);

export interface ResolvedWord {
  word: string;
  known: boolean;
  completions: string[];
}

/** Which typed words are indexed, and the last word's completions (shortest first). */
export type ResolveWords = (words: string[]) => Promise<ResolvedWord[]> | ResolvedWord[];

/**
 * The request, or the answer when it cannot match anything (a word with no close indexed word).
 */
export async function planSearch(
  db: DbOrTx,
  query: SearchQuery,
  scope: SearchScope,
  resolve: ResolveWords,
): Promise<{ request: SearchRequest; empty: null } | { request: SearchRequest; empty: SearchHits }> {
  const words = queryWords(query.q);
  const sort: SearchSort = query.sort ?? (words.length > 0 ? 'relevance' : 'newest');
  const effectiveSort: SearchSort = sort === 'relevance' && words.length === 0 ? 'newest' : sort;
  const seed = effectiveSort === 'random' ? (query.seed ?? randomBytes(6).toString('base64url')) : null;
  const request: SearchRequest = {
    text: words.join(' '),
    groups: null,
    corrected: [],
    sort: effectiveSort,
    seed,
    seedNumber: seed ? seedNumber(seed) : 0,
    cursor: decodeCursor(query.cursor, CURSOR_VALUE_OF_SORT[effectiveSort]),
    limit: query.limit,
  };
  if (words.length === 0) return { request, empty: null };
  const resolved = await resolve(words);
  const unknown = resolved.filter((r) => !r.known && r.completions.length === 0).map((r) => r.word);
  const corrections = unknown.length > 0 ? await correctWords(db, unknown) : new Map<string, string[]>();
  request.groups = resolved.map((r) => {
    if (r.known || r.completions.length > 0) return [...(r.known ? [r.word] : []), ...r.completions];
    const close = corrections.get(r.word) ?? [];
    request.corrected.push({ word: r.word, searched: close });
    return close;
  });
  return { request, empty: request.groups.some((g) => g.length === 0) ? emptyAnswer(request, scope) : null };
}

export function emptyAnswer(request: SearchRequest, scope: SearchScope): SearchHits {
  return {
    itemIds: [],
    total: request.cursor ? null : 0,
    facets: request.cursor ? null : emptyFacets(scope),
    nextCursor: null,
    sort: request.sort,
    seed: request.seed,
    corrected: request.corrected,
  };
}


/**
 * Close indexed words for words that are not indexed (typos), from the vocabulary table: pg_trgm word
 * similarity through its GIN index, plus every one-edit variant looked up by key (short words share
 * too few trigrams). Both engines ask PostgreSQL: typos are rare and this reads no item.
 */
async function correctWords(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  const variants = [...new Set(words.filter((w) => w.length <= 12).flatMap(editsOf))];
  const rows = await findCloseWords(db, words, variants);
  const out = new Map<string, string[]>();
  for (const word of words) {
    const candidates = new Set<string>();
    for (const r of rows) if (r.input === word || (r.input === null && editDistance(word, r.word) <= 1)) candidates.add(r.word);
    const ranked = [...candidates].map((c) => ({ c, d: editDistance(word, c) })).sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
    out.set(word, ranked.slice(0, MAX_CORRECTIONS).map((r) => r.c));
  }
  return out;
}
