import { FEELS, ITEM_KINDS, ITEM_TYPES, LICENCE_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import type { BpmBucket, FacetValue, SearchFacets, SearchQuery } from '@crate/contract/search';
import { GENRES, INSTRUMENTS } from '@crate/contract/taxonomy';
import { encodeCursor } from '../../http/page-cursor.ts';
import type { SearchScope } from './search-engine.ts';

/** How both engines present an answer's page and facets, so their answers are the same shape to the byte. */

/** Creator and pack facets list their most frequent values only. */
export const TOP_LIST_FACET = 20;
/** BPM facet buckets: below 60, tens from 60 to 179, 180 and above. */
export const BPM_EDGES = { low: 60, high: 180, width: 10 };

/** The bucket (its first BPM; 0 for "below 60") of a rounded BPM. */
export function bpmBucketOf(bpm: number): number {
  if (bpm < BPM_EDGES.low) return 0;
  if (bpm >= BPM_EDGES.high) return BPM_EDGES.high;
  return Math.floor(bpm / BPM_EDGES.width) * BPM_EDGES.width;
}

const GENRE_LABELS = new Map<string, string>(GENRES.map((g) => [g.slug, g.label]));
const INSTRUMENT_LABELS = new Map<string, string>(INSTRUMENTS.map((i) => [i.slug, i.label]));

/** One counted facet value: `label` only for creators and packs (their names). */
export interface FacetCount {
  dim: string;
  value: string;
  label: string | null;
  count: number;
}

export function pageOf(rows: { id: string; s: string | null }[], limit: number) {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { itemIds: page.map((r) => r.id), nextCursor: hasMore && last ? encodeCursor(last.s, last.id) : null };
}

function enumFacet(order: readonly string[], rows: { value: string; count: number }[]): FacetValue[] {
  const counts = new Map(rows.map((r) => [r.value, r.count]));
  return order.filter((v) => counts.has(v)).map((v) => ({ value: v, label: v, count: counts.get(v)! }));
}

function bpmBuckets(rows: { value: string; count: number }[]): BpmBucket[] {
  return rows
    .map((r) => {
      const start = Number(r.value);
      const min = start === 0 ? 1 : start;
      const max = start === 0 ? BPM_EDGES.low - 1 : start >= BPM_EDGES.high ? 999 : start + BPM_EDGES.width - 1;
      return { min, max, count: r.count };
    })
    .sort((a, b) => a.min - b.min);
}

/** The facets of an answer; `not_owned` is the viewer's own and filled in per request. */
export function presentFacets(rows: FacetCount[], totals: { has_stems: number; has_midi: number; free: number }): SearchFacets {
  const of = (dim: string) => rows.filter((r) => r.dim === dim);
  const byCount = (list: FacetValue[]) => list.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return {
    type: enumFacet(ITEM_TYPES, of('type')),
    kind: enumFacet(ITEM_KINDS, of('kind')),
    key: enumFacet(MUSICAL_KEYS, of('key')),
    bpm: bpmBuckets(of('bpm')),
    time_signature: enumFacet(TIME_SIGNATURES, of('time_signature')),
    feel: enumFacet(FEELS, of('feel')),
    genre: byCount(of('genre').map((r) => ({ value: r.value, label: GENRE_LABELS.get(r.value) ?? r.value, count: r.count }))),
    instrument: byCount(of('instrument').map((r) => ({ value: r.value, label: INSTRUMENT_LABELS.get(r.value) ?? r.value, count: r.count }))),
    licence_type: enumFacet(LICENCE_TYPES, of('licence_type')),
    plugin: enumFacet(PRESET_PLUGINS, of('plugin')),
    creator: byCount(of('creator').map((r) => ({ value: r.value, label: r.label ?? r.value, count: r.count }))),
    pack: byCount(of('pack').map((r) => ({ value: r.value, label: r.label ?? r.value, count: r.count }))),
    has_stems: Number(totals.has_stems),
    has_midi: Number(totals.has_midi),
    free: Number(totals.free),
    not_owned: null,
  };
}

/** Facet counts without the viewer's own: the values counted per facet and the flags' totals. */
export interface CountedFacets {
  rows: FacetCount[];
  totals: { has_stems: number; has_midi: number; free: number };
}

/** A facet a query can filter on; the flags' facets are their counts. */
export const FACET_DIMS = [
  'type', 'kind', 'key', 'bpm', 'time_signature', 'feel', 'genre', 'instrument', 'licence_type', 'plugin', 'creator', 'pack', 'has_stems', 'has_midi', 'free',
] as const;
export type FacetDim = (typeof FACET_DIMS)[number];

const isSet = (query: SearchQuery, dim: FacetDim, scope: SearchScope): boolean => {
  switch (dim) {
    case 'bpm':
      return query.bpm_min !== undefined || query.bpm_max !== undefined;
    case 'has_stems':
    case 'has_midi':
      return query[dim] !== undefined;
    case 'free':
      // Free search is free sounds only whatever the filter says; elsewhere only `free=true` filters.
      return query.free === true && scope.corpus !== 'free';
    default:
      return (query[dim]?.length ?? 0) > 0;
  }
};

/**
 * Drill-sideways (decision 0061): a facet the query filters on is counted over the matches of the query without
 * that filter, so choosing one genre keeps the other genres and their counts in view. Both engines count these
 * facets again over those matches; the rest are counted over the matches themselves.
 */
export function filteredFacets(query: SearchQuery, scope: SearchScope): FacetDim[] {
  return FACET_DIMS.filter((dim) => isSet(query, dim, scope));
}

/** The query without one facet's filter. */
export function withoutFacet(query: SearchQuery, dim: FacetDim): SearchQuery {
  if (dim === 'bpm') return { ...query, bpm_min: undefined, bpm_max: undefined };
  return { ...query, [dim]: undefined };
}

/** The matches' counts with each filtered facet's values (or flag total) taken from the counts made without its filter. */
export function withSidewaysCounts(counted: CountedFacets, sideways: Map<FacetDim, CountedFacets>): SearchFacets {
  const rows = counted.rows.filter((r) => !sideways.has(r.dim as FacetDim));
  const totals = { ...counted.totals };
  for (const [dim, other] of sideways) {
    if (dim === 'has_stems' || dim === 'has_midi' || dim === 'free') totals[dim] = other.totals[dim];
    else rows.push(...other.rows.filter((r) => r.dim === dim));
  }
  return presentFacets(rows, totals);
}

export function emptyFacets(scope: SearchScope): SearchFacets {
  return {
    type: [], kind: [], key: [], bpm: [], time_signature: [], feel: [], genre: [], instrument: [],
    licence_type: [], plugin: [], creator: [], pack: [], has_stems: 0, has_midi: 0, free: 0,
    not_owned: scope.userId ? 0 : null,
  };
}
