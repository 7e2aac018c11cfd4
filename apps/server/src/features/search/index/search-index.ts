import type { SearchFacets, SearchQuery } from '@crate/contract/search';
import { encodeCursor } from '../../../http/page-cursor.ts';
import { BPM_EDGES, type CountedFacets, type FacetDim, filteredFacets, withoutFacet, withSidewaysCounts } from '../search-facets.ts';
import type { SearchScope } from '../search-engine.ts';
import type { ResolvedWord, SearchRequest } from '../search-request.ts';
import { Corpora } from './corpora.ts';
import { DocumentColumns } from './document-columns.ts';
import { DocumentIds } from './document-ids.ts';
import type { Extent } from './document-sets.ts';
import { FacetValueDocs } from './facet-docs.ts';
import { Counts, countedOf, countsToFacets } from './facet-counts.ts';
import { bpmSlotOf, ENUM_DIMS, FREE, MIDI, STEMS } from './facet-values.ts';
import type { IndexedItem, IndexedLabel } from './indexed-item.ts';
import type { SearchIndexState } from './index-state.ts';
import { KeySort } from './key-sort.ts';
import { setLabel } from './labels.ts';
import { MatchBits } from './match-bits.ts';
import { Names } from './names.ts';
import { orderOf, SortedOrders } from './orders.ts';
import { Postings } from './postings.ts';
import { ReadWords } from './read-words.ts';
import { RelevanceScorer } from './relevance.ts';
import { Scratch } from './scratch.ts';
import { TopK } from './top-k.ts';
import { Vocabulary } from './vocabulary.ts';

/**
 * The search index of one API process (docs/decisions/0018-search-index.md): every item as a document
 * number, its facet values in typed-array columns, its words in postings (or bitsets), and the listed / archived
 * corpora as bitsets. A query is bitset operations (corpus ∧ each word group), then one pass over the
 * matching documents that applies the filters, counts every facet and keeps the top of the page — or,
 * when the matches are most of the corpus, a pass over the rest that is subtracted from kept totals.
 *
 * Documents are never moved: an item that changes gets a new number and its old one is dropped from the
 * corpora (postings keep dead numbers; they are masked by the corpus bitsets). Items read at start-up are
 * numbered in id order, so an id is found by binary search without a million-entry map.
 *
 * This class numbers documents and runs a query; each part it holds is a module of this folder:
 * document-ids.ts (ids ↔ numbers), names.ts (names and name order), document-columns.ts and tag-column.ts
 * (facet and sort values), corpora.ts, postings.ts and vocabulary.ts (words), facet-docs.ts (each facet
 * value's documents), facet-counts.ts, orders.ts and relevance.ts (sorts), match-bits.ts (a query's
 * matches), index-state.ts and snapshot.ts (saving). The SQL differential test,
 * apps/server/test/search-index.int.test.ts, is its contract.
 */

export interface IndexAnswer {
  ids: string[];
  nextCursor: string | null;
  total: number | null;
  facets: SearchFacets | null;
  /** How many of the viewer's owned documents match (for "not yet owned"). */
  ownedMatches: number;
}

/** A flag's count (has stems, has MIDI, free) as counted facets. */
const flagCounted = (dim: 'has_stems' | 'has_midi' | 'free', count: number): CountedFacets => ({ rows: [], totals: { has_stems: 0, has_midi: 0, free: 0, [dim]: count } });

/** How many answers the index keeps in popular order, and how many in the others (each a page of ids and the facets: a few kilobytes). */
const ANSWERS_KEPT = 500;

/**
 * Documents a read or loaded index has room for beyond its own, made before it serves: its first changes then copy
 * no column. Without it the first two upserts after loading a million documents grew every column to 1.5 × and then
 * 2.25 × on the event loop (264 and 498 ms).
 */
const headroom = (documents: number) => Math.max(1024, Math.ceil(documents / 16));

/** The filter of a query that filters nothing per document (its filters, if any, were bitset operations). */
const ALWAYS = (_doc: number) => true;

export class SearchIndex {
  /** Documents numbered so far (live and dead). */
  private size = 0;
  /** How many documents the columns have room for. */
  private capacity = 0;
  private readonly ids = new DocumentIds();
  private readonly names = new Names();
  private readonly columns = new DocumentColumns();
  private readonly corpora = new Corpora();
  /** The size of a whole-index bitset now, and what one is allocated with (set by reserve()). */
  private readonly extent: Extent = { words: 0, reservedWords: 0 };
  private readonly valueDocs = new FacetValueDocs(this.columns, this.extent);
  private readonly vocabulary = new Vocabulary();
  private readonly postings = new Postings(this.extent, this.vocabulary);
  /** The words of the documents read at start-up, until finishReading() makes their postings (null once it has, or for a loaded index). */
  private reading: ReadWords | null = new ReadWords();
  private readonly orders = new SortedOrders();
  /** Arrays every search reuses (a search runs start to end without yielding, so one set serves them all). */
  private readonly scratch = new Scratch();
  /** The matches of one search (searches run one at a time, start to end, so one serves them all). */
  private readonly match = new MatchBits();
  private readonly orderSources = { ids: this.ids, columns: this.columns, relevance: new RelevanceScorer(this.names, this.postings, this.scratch) };
  /**
   * Answers already given, by what was asked, until the index next changes (any write empties them): searches repeat
   * ("kick", "808", the search page's own), and a kept answer costs only the viewer's owned sounds' check. Those in
   * popular order are kept apart, as a change of popularity alone empties only them. In each, the oldest go first
   * past ANSWERS_KEPT.
   */
  private readonly answers = new Map<string, IndexAnswer>();
  private readonly popularAnswers = new Map<string, IndexAnswer>();

  get documents() {
    return this.size;
  }

  get listedDocuments() {
    return this.corpora.listedCount;
  }

  // ── saving and loading (snapshot.ts) ─────────────────────────────────────────────────────────────

  /** Everything the index holds, as plain arrays: views of its columns (valid until the next change), not copies. */
  toState(): SearchIndexState {
    const n = this.size;
    return {
      size: n,
      ...this.ids.toState(n),
      ...this.names.toState(n),
      ...this.columns.toState(n),
      ...this.corpora.toState(n),
      ...this.postings.toState(),
      vocabulary: this.vocabulary.toState(),
      ...this.orders.toState(),
    };
  }

  /** An index from a saved state (its arrays are copied, so the state's buffer can go). */
  static fromState(state: SearchIndexState): SearchIndex {
    const index = new SearchIndex();
    const n = state.size;
    // Loaded with room for its first changes (a copy made bigger, not a second copy).
    const room = n + headroom(n);
    index.size = n;
    index.capacity = room;
    index.reading = null;
    index.ids.load(state, room);
    index.names.load(state, room);
    index.columns.load(state, room);
    index.valueDocs.reserve(n);
    for (let doc = 0; doc < n; doc++) index.valueDocs.add(doc);
    index.corpora.load(state, room);
    index.postings.load(state, n);
    index.vocabulary.add(state.vocabulary);
    index.orders.load(state);
    return index;
  }

  // ── writing ──────────────────────────────────────────────────────────────────────────────────────

  setPack(row: IndexedLabel) {
    this.forgetAnswers();
    setLabel(this.columns.packs, row);
  }

  setCreator(row: IndexedLabel) {
    this.forgetAnswers();
    setLabel(this.columns.creators, row);
  }

  hasPack(id: string) {
    return this.columns.packs.codes.find(id) !== undefined;
  }

  hasCreator(id: string) {
    return this.columns.creators.codes.find(id) !== undefined;
  }

  addWords(words: Iterable<string>) {
    this.forgetAnswers();
    this.vocabulary.add(words);
  }

  /** Room for `n` documents and the first changes after them, so that reading a catalogue of known size allocates each column once. */
  reserve(n: number) {
    this.valueDocs.reserve(n);
    this.ensureRoom(n, n + headroom(n));
    this.reading?.reserve(n);
  }

  /**
   * Adds an item read at start-up, in whatever order PostgreSQL reads them (`item` is not kept: it may be
   * filled again with the next one). finishReading() then numbers the documents in id order.
   */
  addRead(item: IndexedItem) {
    if (!this.reading) throw new Error('Items are read only into a new index, before finishReading()');
    const doc = this.append(item);
    this.reading.add(doc, item);
  }

  /**
   * Once every item is read: the documents are numbered in id order (an id is then found by binary search,
   * and document numbers compare as ids do), their postings made at their final length, their facet
   * values' documents listed, and the sorted orders sorted.
   */
  finishReading() {
    const reading = this.reading;
    if (!reading) throw new Error('The index was read already');
    this.reading = null;
    const sort = new KeySort(this.size);
    const order = this.ids.order(sort, this.size);
    this.renumber(order);
    this.postings.makeFromReading(reading, order);
    for (let doc = 0; doc < this.size; doc++) this.valueDocs.add(doc);
    this.ids.sortedUpTo = this.size;
    this.names.sort(sort, this.size);
    this.orders.sort(sort, this.columns, this.size);
  }

  /**
   * The item as it is now: its previous document (if any) is dropped, a new one numbered. `popularity` says only its
   * popularity changed (plays, downloads, favourites): no match, count or other order moves, so only the answers kept
   * in popular order are forgotten; and a document numbered since the start, in no presorted order (every search
   * offers those one by one), takes it where it is, so steady plays number a sound anew once, not at each poll.
   */
  upsert(item: IndexedItem, changed: 'catalogue' | 'popularity' = 'catalogue') {
    if (this.reading) throw new Error('The index is still being read');
    if (changed === 'catalogue') this.forgetAnswers();
    else {
      this.popularAnswers.clear();
      const later = this.ids.later.get(item.id);
      if (later !== undefined) {
        this.columns.popularity.data[later] = item.popularity;
        return;
      }
    }
    this.drop(item.id);
    const doc = this.append(item);
    this.postings.add(doc, item);
    this.valueDocs.add(doc);
    this.ids.later.set(item.id, doc);
  }

  remove(id: string) {
    this.forgetAnswers();
    this.drop(id);
  }

  private forgetAnswers() {
    this.answers.clear();
    this.popularAnswers.clear();
  }

  /** The item's document (if any) leaves the corpora. */
  private drop(id: string) {
    const doc = this.ids.docOf(id);
    if (doc === undefined) return;
    this.corpora.remove(doc);
    this.ids.later.delete(id);
  }

  /** Room for `n` documents in every column (`room` of it when they must grow: some to spare). */
  private ensureRoom(n: number, room = Math.max(n, Math.ceil(this.capacity * 1.5) + 16)) {
    if (n <= this.capacity) return;
    this.columns.reserve(room);
    this.ids.reserve(room);
    this.names.reserve(room, this.size);
    this.corpora.reserve(room);
    this.capacity = room;
  }

  /** Numbers a new document and writes its columns and corpora (not its postings nor its values' documents). */
  private append(item: IndexedItem): number {
    const doc = this.size;
    this.ensureRoom(doc + 1);
    this.size = doc + 1;
    this.ids.write(doc, item.id);
    this.names.append(doc, item.nameLower);
    this.columns.write(doc, item);
    this.corpora.add(doc, item);
    return doc;
  }

  /** Numbers the documents in `order` (the document at order[d] becomes d): every column and corpus. */
  private renumber(order: Uint32Array) {
    const n = order.length;
    const scratch = new ArrayBuffer(Math.max(n * 16, (n + 1) * 4 + this.names.byteLength(n)));
    this.columns.permute(order, scratch);
    this.ids.permute(order, scratch);
    this.names.permute(order, scratch);
    this.corpora.permute(order, scratch);
  }

  // ── reading ──────────────────────────────────────────────────────────────────────────────────────

  /** The typed words against the vocabulary: indexed or not, and the last word's completions (shortest first). */
  resolveWords(words: string[]): ResolvedWord[] {
    return this.vocabulary.resolve(words);
  }

  /** Documents of the owned item ids that the index holds (for "not yet owned"). */
  docsOf(ids: Iterable<string>): number[] {
    const docs: number[] = [];
    for (const id of ids) {
      const doc = this.ids.docOf(id);
      if (doc !== undefined) docs.push(doc);
    }
    return docs;
  }

  /**
   * Answers a planned search: ids of the page, and on a first page the total and every facet count.
   * `owned` are the viewer's owned documents (null for a visitor). An answer given since the index last changed
   * is given again (the viewer's owned matches counted afresh).
   */
  search(query: SearchQuery, scope: SearchScope, request: SearchRequest, owned: number[] | null): IndexAnswer {
    // An answer that leaves out the viewer's owned sounds is theirs alone; any other is everyone's but for the count of them.
    const key = query.not_owned === true ? null : JSON.stringify([scope.corpus, query, request.groups, request.sort, request.seed]);
    const answers = request.sort === 'popular' ? this.popularAnswers : this.answers;
    const kept = key === null ? undefined : answers.get(key);
    if (kept) {
      answers.delete(key!);
      answers.set(key!, kept);
      return owned?.length ? { ...kept, ownedMatches: this.ownedMatches(query, scope, request, owned) } : kept;
    }
    const answer = this.answer(query, scope, request, owned);
    if (key !== null) {
      answers.set(key, { ...answer, ownedMatches: 0 });
      for (const oldest of answers.keys()) {
        if (answers.size <= ANSWERS_KEPT) break;
        answers.delete(oldest);
      }
    }
    return answer;
  }

  /** How many of `owned` match the query (for a kept answer: the matches are made again, nothing counted). */
  private ownedMatches(query: SearchQuery, scope: SearchScope, request: SearchRequest, owned: number[]): number {
    this.matchWords(scope, request);
    const residual = this.applyFilters(query, scope);
    if (residual === null) return 0;
    let n = 0;
    for (const doc of owned) if (this.match.has(doc) && residual(doc)) n += 1;
    return n;
  }

  /** Keeps in `this.match` the documents of the scope's corpus that have the typed words (the rarest word first). */
  private matchWords(scope: SearchScope, request: SearchRequest) {
    const groups = (request.groups ?? []).map((group) => this.postings.sourcesOf(group, this.size)).sort((a, b) => a.size - b.size);
    this.match.reset((scope.corpus === 'archived' ? this.corpora.archived : this.corpora.listed).data, (this.size + 31) >>> 5);
    for (const group of groups) this.match.andAnyOf(group.sources);
  }

  /**
   * A search worked out. The matches are one bitset: the corpus ANDed with each typed word's documents and each
   * filter's value bitsets, so the work per search is a few passes over 32-bit words plus the matching documents —
   * never a test of every document. Only BPM bounds, creators and packs are tested per document, on what is left.
   * Then the page is either a walk of an order kept sorted (a common sort over many matches) or the best of
   * the listed matches; the counts read the listed matches, or — for most of a corpus — the ones left out.
   * Each facet the query filters on is then selected and counted again without its own filter (facetsOf).
   */
  private answer(query: SearchQuery, scope: SearchScope, request: SearchRequest, owned: number[] | null): IndexAnswer {
    const match = this.match;
    const docs = this.scratch.uint32('matches', this.size);
    // The corpus's documents that have the typed words, kept to start again from for each facet counted sideways.
    this.matchWords(scope, request);
    if (request.cursor === null && filteredFacets(query, scope).length > 0) match.save();
    const selected = this.select(query, scope, owned, docs);
    if (selected === null) return { ids: [], nextCursor: null, total: request.cursor ? null : 0, facets: request.cursor ? null : countsToFacets(null), ownedMatches: 0 };
    const { matched, list } = selected;

    const bits = match.bits;
    const order = orderOf(request, this.size, this.orderSources);
    const after = request.cursor ? order.after(request.cursor.value, request.cursor.id) : null;
    const top = new TopK(request.limit + 1, order.before, order.rank);
    const presorted = request.cursor === null ? this.orders.presorted(request.sort) : null;
    // Walking a sorted order meets a page of matches after about (limit + 1) × size / matched documents.
    if (presorted && (request.limit + 1) * this.size < (matched * matched) / 2) {
      for (let i = 0, found = 0; i < presorted.length && found <= request.limit; i++) {
        const doc = presorted[i]!;
        if (bits[doc >>> 5]! & (1 << (doc & 31))) {
          top.offer(doc);
          found += 1;
        }
      }
      for (const doc of this.ids.later.values()) if (match.has(doc)) top.offer(doc);
    } else {
      const n = list();
      order.prepare?.(docs, n, bits);
      for (let k = 0; k < n; k++) {
        const doc = docs[k]!;
        if (after === null || after(doc)) top.offer(doc);
      }
    }
    const counts = request.cursor ? null : this.countMatches(bits, matched, scope, () => docs.subarray(0, list()));

    const page = top.sorted();
    const hasMore = page.length > request.limit;
    const shown = hasMore ? page.slice(0, request.limit) : page;
    const last = shown[shown.length - 1];
    let ownedMatches = 0;
    if (owned) for (const doc of owned) if (match.has(doc)) ownedMatches += 1;
    return {
      ids: shown.map((doc) => this.ids.idOf(doc)),
      nextCursor: hasMore && last !== undefined ? encodeCursor(order.value(last), this.ids.idOf(last)) : null,
      total: counts ? counts.total : null,
      facets: counts ? this.facetsOf(counts, query, scope, owned, docs) : null,
      ownedMatches,
    };
  }

  /**
   * Keeps of `this.match` (the typed words' matches) the documents that match the query's filters (not the viewer's
   * owned ones when "not yet owned" is asked). `list()` lists them in `docs` (once) and says how many; null when a
   * filter can match nothing.
   */
  private select(query: SearchQuery, scope: SearchScope, owned: number[] | null, docs: Uint32Array) {
    const match = this.match;
    const residual = this.applyFilters(query, scope);
    if (residual === null) return null;
    if (query.not_owned === true && owned) for (const doc of owned) match.remove(doc);
    // How many matches are listed in `docs` (-1: not listed yet). Listing applies the per-document tests.
    let listed = residual === ALWAYS ? -1 : match.list(docs, residual);
    const matched = listed >= 0 ? listed : match.count();
    const list = () => (listed >= 0 ? listed : (listed = match.list(docs, ALWAYS)));
    return { matched, list };
  }

  /**
   * The answer's facets: the matches' counts, with each facet the query filters on counted over the matches of
   * the query without that filter (drill-sideways, decision 0061), from the typed words' matches kept by search().
   * Runs after the page is read: it reuses the matches.
   */
  private facetsOf(counts: Counts, query: SearchQuery, scope: SearchScope, owned: number[] | null, docs: Uint32Array): SearchFacets {
    const dims = filteredFacets(query, scope);
    if (dims.length === 0) return countsToFacets(counts);
    const sideways = new Map<FacetDim, CountedFacets>();
    for (const dim of dims) {
      const flag = dim === 'has_stems' || dim === 'has_midi' || dim === 'free';
      // A flag asked `true` counts without its filter what the matches are: the documents that have it.
      if (flag && (dim === 'free' || query[dim] === true)) {
        sideways.set(dim, flagCounted(dim, counts.total));
        continue;
      }
      this.match.restore();
      const selected = this.select(withoutFacet(query, dim), scope, owned, docs);
      if (!selected) continue;
      // A flag asked `false`: the documents that have it are those the filter left out.
      if (flag) sideways.set(dim, flagCounted(dim, selected.matched - counts.total));
      else sideways.set(dim, countedOf(this.countMatches(this.match.bits, selected.matched, scope, () => docs.subarray(0, selected.list()), dim)));
    }
    return withSidewaysCounts(countedOf(counts), sideways);
  }

  /**
   * ANDs every filter that has value bitsets into the matches, and returns the per-document test of the rest
   * (BPM bounds, creators, packs; ALWAYS when none), or null when a filter can match nothing (an unknown slug).
   */
  private applyFilters(query: SearchQuery, scope: SearchScope): ((doc: number) => boolean) | null {
    const values = this.valueDocs;
    // Every genre and instrument asked for is required (and they are the most selective: first).
    for (const name of ['genre', 'instrument'] as const) {
      for (const value of new Set(query[name] ?? [])) this.match.andAnyOf(values[name].sourcesOf([this.columns.tags[name].table.find(value) ?? 0]));
    }
    for (const dim of ENUM_DIMS) {
      const asked = query[dim];
      if (asked?.length) this.match.andAnyOf(values.enums[dim].sourcesOf(asked.flatMap((v) => this.columns.enumCodes[dim].find(v) ?? [])));
    }
    for (const [value, flag] of [[query.has_stems, STEMS], [query.has_midi, MIDI], [query.free === true || scope.corpus === 'free' ? true : undefined, FREE]] as const) {
      if (value === true) this.match.andAnyOf(values.flags.sourcesOf([flag]));
      else if (value === false) this.match.andNot(values.flags.sourcesOf([flag])[0]);
    }
    const tests: ((doc: number) => boolean)[] = [];
    if (query.bpm_min !== undefined || query.bpm_max !== undefined) {
      const min = Math.max(0, query.bpm_min ?? 0);
      const max = query.bpm_max ?? Infinity;
      const slots: number[] = [];
      for (let slot = bpmSlotOf(min); slot <= bpmSlotOf(Math.min(max, BPM_EDGES.high)) && min <= max; slot++) slots.push(slot);
      this.match.andAnyOf(values.bpmSlot.sourcesOf(slots));
      const sb = this.columns.searchBpm.data;
      tests.push((doc) => sb[doc]! >= min && sb[doc]! <= max);
    }
    for (const [values, table, col] of [[query.creator, this.columns.creators, this.columns.creator], [query.pack, this.columns.packs, this.columns.pack]] as const) {
      if (!values?.length) continue;
      const wanted = new Set(values.flatMap((slug) => table.bySlug.get(slug) ?? []));
      if (wanted.size === 0) return null;
      const data = col.data;
      tests.push((doc) => wanted.has(data[doc]!));
    }
    if (tests.length === 0) return ALWAYS;
    if (tests.length === 1) return tests[0]!;
    return (doc) => {
      for (const test of tests) if (!test(doc)) return false;
      return true;
    };
  }

  /**
   * Facet counts of the matching documents (of every facet, or of `only`): counted over them, or — when they are
   * most of a corpus held as a bitset — the whole corpus's counts (kept until the next change) minus those of the
   * documents left out.
   */
  private countMatches(match: Uint32Array, matched: number, scope: SearchScope, listMatches: () => Uint32Array, only: FacetDim | null = null): Counts {
    const corpus = scope.corpus === 'archived' ? 'archived' : scope.corpus === 'paid' ? 'paid' : null;
    const bits = (scope.corpus === 'archived' ? this.corpora.archived : this.corpora.listed).data;
    const everything = corpus ? this.countsOfCorpus(corpus, bits) : null;
    if (!everything || matched <= everything.total / 2) {
      const docs = listMatches();
      const counts = new Counts(this.columns, only);
      counts.addDocs(docs, docs.length, 1);
      return counts;
    }
    // The matches are within the corpus: as many means all of it.
    if (matched === everything.total) return everything;
    return everything.minus(this.countBits(bits, (w) => bits[w]! & ~match[w]!, only));
  }

  private countsOfCorpus(corpus: 'paid' | 'archived', bits: Uint32Array): Counts {
    let counts = this.corpora.counts.get(corpus);
    if (!counts) {
      counts = this.countBits(bits, (w) => bits[w]!);
      this.corpora.counts.set(corpus, counts);
    }
    return counts;
  }

  /** Counts the documents of a bitset (listed in a scratch list of their own: the matches' list stays). */
  private countBits(bits: Uint32Array, wordAt: (w: number) => number, only: FacetDim | null = null): Counts {
    const docs = this.scratch.uint32('counted', this.size);
    let n = 0;
    const words = Math.min(bits.length, (this.size + 31) >>> 5);
    for (let w = 0; w < words; w++) {
      let bitsLeft = wordAt(w);
      while (bitsLeft !== 0) {
        const low = bitsLeft & -bitsLeft;
        docs[n++] = (w << 5) | (31 - Math.clz32(low));
        bitsLeft ^= low;
      }
    }
    const counts = new Counts(this.columns, only);
    counts.addDocs(docs, n, 1);
    return counts;
  }
}
