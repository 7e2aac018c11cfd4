import { describe, expect, it } from 'vitest';
import { FEELS, ITEM_KINDS, MUSICAL_KEYS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { searchQuerySchema, type SearchQueryInput } from '@crate/contract/search';
import type { Db } from '../../../db/client.ts';
import type { SearchScope } from '../search-engine.ts';
import type { IndexedItem } from './indexed-item.ts';
import type { SearchIndexState } from './index-state.ts';
import { SearchIndex } from './search-index.ts';
import { seededRandom } from '../../../../test/seeded-random.ts';
import { planSearch } from '../search-request.ts';

const WORDS = ['dark', 'dusty', 'kick', 'snare', 'warm', 'tape', 'glass', 'vinyl', 'café', 'vinyl kicks'];
const PACKS = Array.from({ length: 6 }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, slug: `pack-${i}`, label: `Pack ${i}` }));
const CREATORS = Array.from({ length: 3 }, (_, i) => ({ id: `00000000-0000-4000-9000-00000000000${i}`, slug: `creator-${i}`, label: `Creator ${i}` }));

/** Document `doc`'s id as it is kept (four 32-bit words), in hex without dashes. */
const idOfDocument = (state: SearchIndexState, doc: number) => [...state.ids.subarray(doc * 4, doc * 4 + 4)].map((w) => w.toString(16).padStart(8, '0')).join('');

function catalogue(size: number): IndexedItem[] {
  const r = seededRandom(7);
  return Array.from({ length: size }, () => {
    // A rare word too (in fewer documents than the index has 32-bit words: kept as a posting, not bitsets).
    const words = [...new Set([r.pick(WORDS), r.pick(WORDS), r.pick(WORDS), ...(r.next() < 0.02 ? ['tin'] : [])])];
    const bpm = r.next() < 0.2 ? null : 60 + r.int(120) + r.int(2) / 2;
    return {
      id: r.uuid(),
      packId: r.pick(PACKS).id,
      creatorId: r.pick(CREATORS).id,
      // Equal names (a tie in name order) and names that start like others.
      nameLower: words.slice(0, 1 + r.int(3)).join(' '),
      words,
      weights: words.map(() => r.int(4)),
      type: 'sample',
      kind: r.pick(ITEM_KINDS),
      key: r.next() < 0.3 ? null : r.pick(MUSICAL_KEYS),
      timeSignature: r.pick(TIME_SIGNATURES),
      feel: r.pick(FEELS),
      licenceType: 'Royalty-Free',
      plugin: null,
      searchBpm: bpm === null ? null : Math.round(bpm),
      bpm,
      isFree: r.next() < 0.3,
      hasStems: r.next() < 0.5,
      hasMidi: r.next() < 0.5,
      packStatus: r.next() < 0.1 ? PACK_STATUS.archived : PACK_STATUS.published,
      takenDown: r.next() < 0.05,
      // Ties in the newest and popular orders too.
      listedAtMicros: 1_700_000_000_000_000 + r.int(50) * 1_000_000,
      popularity: r.int(20),
      // Some with more than two (kept apart from the first two).
      genres: r.pick([['trap'], ['house', 'techno'], ['house', 'techno', 'trap'], ['soul', 'trap', 'house', 'techno']]),
      instruments: r.pick([[], ['kick'], ['kick', 'snare', 'clap']]),
    };
  });
}

/** An index read from `items` in the order given (as PostgreSQL hands them over: any order). */
function readIndex(items: IndexedItem[]): SearchIndex {
  const index = new SearchIndex();
  for (const pack of PACKS) index.setPack(pack);
  for (const creator of CREATORS) index.setCreator(creator);
  index.reserve(items.length);
  for (const item of items) index.addRead(item);
  index.finishReading();
  return index;
}

/** Every page of a query, as the engine asks the index (the query's words are all indexed: nothing asks the database). */
async function pages(index: SearchIndex, input: SearchQueryInput, scope: SearchScope) {
  const answers = [];
  let query = searchQuerySchema.parse({ ...input, limit: 7 });
  for (;;) {
    const planned = await planSearch(null as unknown as Db, query, scope, (words) => index.resolveWords(words));
    const answer = index.search(query, scope, planned.request, null);
    answers.push(answer);
    if (!answer.nextCursor) return answers;
    query = searchQuerySchema.parse({ ...input, limit: 7, cursor: answer.nextCursor });
  }
}

describe('SearchIndex read at start-up', () => {
  const items = catalogue(300);
  const byId = [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
  const shuffled = [...items].sort((a, b) => (a.nameLower + a.id < b.nameLower + b.id ? -1 : 1));

  it('answers the same whatever order the items are read in, and once saved and loaded: every page, total and facet count', async () => {
    const inIdOrder = readIndex(byId);
    const inAnyOrder = readIndex(shuffled);
    const loaded = SearchIndex.fromState(inAnyOrder.toState());
    const queries: SearchQueryInput[] = [
      {},
      { q: 'kick' },
      { q: 'tin', sort: 'newest' },
      { q: 'ti' },
      { q: 'dark ta' },
      { q: 'vinyl', sort: 'popular' },
      { genre: ['trap'], sort: 'bpm' },
      { instrument: ['kick'], has_stems: 'true', sort: 'newest' },
      { key: [MUSICAL_KEYS[0]!, MUSICAL_KEYS[1]!], sort: 'random', seed: 'fixed' },
      { bpm_min: 90, bpm_max: 140, pack: ['pack-1', 'pack-2'] },
      { creator: ['creator-0'], q: 'warm' },
    ];
    for (const input of queries) {
      for (const corpus of ['paid', 'free', 'archived'] as const) {
        const scope = { corpus, userId: null };
        const expected = await pages(inIdOrder, input, scope);
        expect(await pages(inAnyOrder, input, scope), JSON.stringify({ input, corpus })).toEqual(expected);
        expect(await pages(loaded, input, scope), JSON.stringify({ input, corpus, loaded: true })).toEqual(expected);
      }
    }
  });

  it('keeps its orders exactly as the sorts compare: names as UTF-8 bytes, newest, most popular and slowest first, ties by id', () => {
    const state = readIndex(shuffled).toState();
    const name = (doc: number) => Buffer.from(state.nameBytes.subarray(state.nameStart[doc], state.nameStart[doc + 1])).toString('utf8');
    const bpm = (doc: number) => (Number.isNaN(state.bpm[doc]!) ? Infinity : state.bpm[doc]!);
    const docs = Array.from({ length: state.size }, (_, doc) => doc);
    const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    expect([...state.byName]).toEqual([...docs].sort((a, b) => byBytes(name(a), name(b)) || a - b));
    expect(docs.map(name).sort()).toEqual(shuffled.map((item) => item.nameLower).sort());
    expect([...state.byNewest]).toEqual([...docs].sort((a, b) => state.listedAt[b]! - state.listedAt[a]! || b - a));
    expect([...state.byPopular]).toEqual([...docs].sort((a, b) => state.popularity[b]! - state.popularity[a]! || b - a));
    expect([...state.byBpm]).toEqual([...docs].sort((a, b) => bpm(a) - bpm(b) || a - b));
    // Documents are numbered in id order.
    expect(docs.map((doc) => idOfDocument(state, doc))).toEqual(byId.map((item) => item.id.replaceAll('-', '')));
  });

  it('numbers documents in id order when many ids share their first 32 bits (compared, or key-sorted when many)', () => {
    // 400 ids alike in their first 8 hex digits (more than are compared one by one), 3 alike in another, the rest random.
    const alike = catalogue(600).map((item, i) => ({ ...item, id: i < 400 ? `abcdef01${item.id.slice(8)}` : i < 403 ? `12345678${item.id.slice(8)}` : item.id }));
    const sortedIds = alike.map((item) => item.id.replaceAll('-', '')).sort();
    const index = readIndex([...alike].sort((a, b) => (a.nameLower + a.id < b.nameLower + b.id ? -1 : 1)));
    const state = index.toState();
    expect(Array.from({ length: state.size }, (_, doc) => idOfDocument(state, doc))).toEqual(sortedIds);
    expect(index.docsOf(alike.map((item) => item.id))).toHaveLength(alike.length);
  });

  it('leads a relevance search with the names equal to the typed text, then those starting with it, in any script', async () => {
    // Names whose UTF-8 order is not their UTF-16 order (U+FB01 after U+1D11E's surrogates in code units, before it in bytes).
    const names = ['été', 'été 𝄞', 'été\ufb01', 'étéx', 'ét', '𝄞 été', '\ufb01 été', 'zété', 'été𝄞x', 'été\ufb01 b'];
    const r = seededRandom(3);
    const base = { ...catalogue(1)[0]!, packStatus: PACK_STATUS.published, takenDown: false, words: ['été'], weights: [3] };
    const read = names.map((nameLower) => ({ ...base, id: r.uuid(), nameLower }));
    const index = readIndex(read);
    // Numbered after the read: its name is compared where it is kept, not found by rank.
    const later = [{ ...base, id: r.uuid(), nameLower: 'été\ufb01 later' }, { ...base, id: r.uuid(), nameLower: 'été' }, { ...base, id: r.uuid(), nameLower: '𝄞été' }];
    for (const item of later) index.upsert(item);
    const lead = (name: string) => (name === 'été' ? 2 : name.startsWith('été') ? 1 : 0);
    const expected = [...read, ...later].sort((a, b) => lead(b.nameLower) - lead(a.nameLower) || (a.id < b.id ? -1 : 1)).map((item) => item.id);
    const answers = await pages(index, { q: 'été' }, { corpus: 'paid', userId: null });
    expect(answers.flatMap((answer) => answer.ids)).toEqual(expected);
    const loaded = SearchIndex.fromState(index.toState());
    expect((await pages(loaded, { q: 'été' }, { corpus: 'paid', userId: null })).flatMap((answer) => answer.ids)).toEqual(expected);
  });

  it('reads the words of a vector as PostgreSQL prints it as it reads them listed', () => {
    // PostgreSQL's text of a tsvector: quotes doubled, backslashes doubled, the weight's letter (none for D).
    const vectorOf = (words: string[], weights: number[]) =>
      words.map((w, i) => `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}':${i + 1}${['', 'C', 'B', 'A'][weights[i]!]}`).join(' ');
    const withEscapes = shuffled.map((item, i) => (i % 7 === 0 ? { ...item, words: [...item.words, "it's", 'a\\b', 'ünï'], weights: [...item.weights, 3, 0, 1] } : item));
    const listed = readIndex(withEscapes);
    const fromVectors = readIndex(withEscapes.map((item) => ({ ...item, words: [], weights: [], vector: vectorOf(item.words, item.weights) })));
    expect(fromVectors.toState()).toEqual(listed.toState());
  });

  it('counts every genre and instrument of the matches, however many a sound has, read, loaded and changed', async () => {
    const inCorpus = { paid: (item: IndexedItem) => item.packStatus === PACK_STATUS.published && !item.takenDown, archived: (item: IndexedItem) => item.packStatus === PACK_STATUS.archived || item.takenDown };
    const counted = (index: SearchIndex, input: SearchQueryInput, corpus: 'paid' | 'archived') =>
      pages(index, input, { corpus, userId: null }).then(([first]) => ({
        genre: Object.fromEntries(first!.facets!.genre.map((v) => [v.value, v.count])),
        instrument: Object.fromEntries(first!.facets!.instrument.map((v) => [v.value, v.count])),
      }));
    type Keep = (item: IndexedItem) => boolean;
    const expected = (list: IndexedItem[], keep: { genre: Keep; instrument: Keep }, corpus: 'paid' | 'archived') => {
      const tally = (values: string[][]) => {
        const counts: Record<string, number> = {};
        for (const value of values.flat()) counts[value] = (counts[value] ?? 0) + 1;
        return counts;
      };
      const kept = (test: Keep) => list.filter((item) => inCorpus[corpus](item) && test(item));
      return { genre: tally(kept(keep.genre).map((item) => item.genres)), instrument: tally(kept(keep.instrument).map((item) => item.instruments)) };
    };
    const both = (keep: Keep) => ({ genre: keep, instrument: keep });
    const hasGenre = (genre: string) => (item: IndexedItem) => item.genres.includes(genre);
    const hasInstrument = (instrument: string) => (item: IndexedItem) => item.instruments.includes(instrument);
    // Broad ones are counted as the whole corpus less the rest, the corpus's counts kept up to date with each change.
    // A facet the search filters on is counted without its own filter (drill-sideways).
    const searches = [
      [{}, both(() => true)],
      [{ has_midi: 'false' }, both((item: IndexedItem) => !item.hasMidi)],
      [{ genre: ['soul'] }, { genre: () => true, instrument: hasGenre('soul') }],
      [{ instrument: ['clap'], genre: ['techno'] }, { genre: hasInstrument('clap'), instrument: hasGenre('techno') }],
    ] as const;
    const read = readIndex(shuffled);
    // Numbered one by one after the read, as a process that started on an empty catalogue has them.
    const upserted = readIndex([]);
    for (const item of shuffled) upserted.upsert(item);
    const indexes = [read, SearchIndex.fromState(read.toState()), upserted];
    const expectCounts = async (list: IndexedItem[]) => {
      for (const index of indexes) {
        for (const corpus of ['paid', 'archived'] as const) {
          for (const [input, keep] of searches) expect(await counted(index, input, corpus), JSON.stringify({ input, corpus })).toEqual(expected(list, keep, corpus));
        }
      }
    };
    await expectCounts(items);
    // Changed to four instruments; from three to one; taken down with four genres: counted again as they are now.
    const listed = byId.filter(inCorpus.paid);
    const changes = [
      { ...listed[0]!, instruments: ['808', 'kick', 'pad', 'clap'] },
      { ...listed.find((item) => item.instruments.length === 3)!, instruments: ['piano'] },
      { ...listed.find((item) => item.genres.length === 4)!, takenDown: true },
    ];
    for (const changed of changes) for (const index of indexes) index.upsert(changed);
    await expectCounts(items.map((item) => changes.find((c) => c.id === item.id) ?? item));
  });

  it('keeps packs and creators apart past 65,536 of them (their codes outgrow 16 bits), read, loaded and changed', async () => {
    const r = seededRandom(11);
    // (None of them matches the sounds added below.)
    const queries: SearchQueryInput[] = [{ q: 'dusty' }, { pack: ['pack-1'], sort: 'newest' }, { creator: ['creator-2'], q: 'kick' }];
    const answersOf = async (index: SearchIndex) => Promise.all(queries.map((input) => pages(index, input, { corpus: 'paid', userId: null })));
    const index = readIndex(shuffled);
    const before = await answersOf(index);
    // A pack and a creator of its own for each: the last ones' codes are past 65,535.
    const base = { ...byId.find((item) => item.packStatus === PACK_STATUS.published && !item.takenDown)!, words: ['far'], weights: [3] };
    const far = Array.from({ length: 66_000 }, (_, i) => ({ ...base, id: r.uuid(), packId: r.uuid(), creatorId: r.uuid(), nameLower: `far ${i}` }));
    for (const item of far) index.upsert(item);
    const last = far[far.length - 1]!;
    index.setPack({ id: last.packId, slug: 'last-pack', label: 'Last Pack' });
    index.setCreator({ id: last.creatorId, slug: 'last-creator', label: 'Last Creator' });
    for (const searched of [index, SearchIndex.fromState(index.toState())]) {
      expect(await answersOf(searched)).toEqual(before);
      // The facet not filtered on counts the one match (a filtered one is counted drill-sideways, over many more).
      for (const [input, other] of [[{ pack: ['last-pack'] }, 'creator'], [{ creator: ['last-creator'] }, 'pack'], [{ q: 'far', pack: ['last-pack'] }, 'creator']] as const) {
        const [page] = await pages(searched, input, { corpus: 'paid', userId: null });
        expect(page!.ids, JSON.stringify(input)).toEqual([last.id]);
        expect(page!.facets![other].find((v) => v.value === `last-${other}`)?.count).toBe(1);
      }
    }
  }, 60_000); // 66,000 documents added one by one, the index saved and loaded: seconds of CPU on a busy machine

  it('has room for its first changes once read or loaded: the columns it answers from are not copied to grow', async () => {
    const read = readIndex(shuffled);
    const loaded = SearchIndex.fromState(read.toState());
    for (const index of [read, loaded]) {
      const columnsOf = () => {
        const state = index.toState();
        return [state.ids, state.pack, state.popularity, state.listed, state.nameStart].map((column) => column.buffer);
      };
      const before = columnsOf();
      const base = byId.find((item) => item.packStatus === PACK_STATUS.published && !item.takenDown)!;
      const r = seededRandom(31);
      index.addWords(['fresh']);
      for (let i = 0; i < 100; i++) index.upsert({ ...base, id: r.uuid(), nameLower: `fresh ${i}`, words: ['fresh'], weights: [3] });
      for (const [i, buffer] of columnsOf().entries()) expect(buffer, `column ${i}`).toBe(before[i]);
      const [page] = await pages(index, { q: 'fresh', sort: 'newest' }, { corpus: 'paid', userId: null });
      expect(page!.total).toBe(100);
    }
  });

  it('lists the 20 packs with the most matches, equal counts in id order, as a sort of every pack would', async () => {
    const r = seededRandom(23);
    const index = readIndex(shuffled);
    const base = { ...byId.find((item) => item.packStatus === PACK_STATUS.published && !item.takenDown)!, words: ['many'], weights: [3] };
    // 40 packs of 1–3 matches: the 13 of 3 are in, and 7 of the 14 of 2 (the lowest ids), read in another order.
    const many = Array.from({ length: 40 }, (_, p) => ({ id: r.uuid(), slug: `many-${p}`, label: `Many ${p}`, matches: 1 + (p % 3) }));
    for (const pack of many) {
      index.setPack(pack);
      for (let n = 0; n < pack.matches; n++) index.upsert({ ...base, id: r.uuid(), packId: pack.id, nameLower: `many ${pack.slug} ${n}` });
    }
    // Chosen as PostgreSQL's `order by n desc, pack_id limit 20` would choose them, shown by count then name.
    const chosen = [...many].sort((a, b) => b.matches - a.matches || (a.id < b.id ? -1 : 1)).slice(0, 20);
    const shown = chosen.sort((a, b) => b.matches - a.matches || a.label.localeCompare(b.label));
    const [page] = await pages(index, { q: 'many' }, { corpus: 'paid', userId: null });
    expect(page!.facets!.pack.map((v) => [v.value, v.count])).toEqual(shown.map((p) => [p.slug, p.matches]));
  });

  it("answers a repeated search from the answer it kept, with each viewer's owned sounds counted, until the index changes", async () => {
    const index = readIndex(shuffled);
    const scope: SearchScope = { corpus: 'paid', userId: null };
    const input: SearchQueryInput = { q: 'dusty', genre: ['trap'], sort: 'newest' };
    const ask = async (owned: number[] | null) => {
      const query = searchQuerySchema.parse({ ...input, limit: 7 });
      const planned = await planSearch(null as unknown as Db, query, scope, (words) => index.resolveWords(words));
      return index.search(query, scope, planned.request, owned);
    };
    const first = await ask(null);
    expect(first.total).toBeGreaterThan(7);
    // Three sounds of the answer and one that has not the word: three of this viewer's sounds match.
    const outside = byId.find((item) => !item.words.includes('dusty'))!;
    const owned = index.docsOf([...first.ids.slice(0, 3), outside.id]);
    expect(owned).toHaveLength(4);
    const again = await ask(owned);
    expect({ ...again, ownedMatches: 0 }).toEqual(first);
    expect(again.ownedMatches).toBe(3);
    expect((await ask(null)).ownedMatches).toBe(0);
    // A new dusty trap sound, the newest: the next answer has it first.
    const newest = { ...byId.find((item) => item.packStatus === PACK_STATUS.published && !item.takenDown)!, id: '00000000-0000-4000-a000-000000000001', words: ['dusty'], weights: [3], genres: ['trap'], listedAtMicros: 1_800_000_000_000_000 };
    index.upsert(newest);
    const after = await ask(null);
    expect(after.ids[0]).toBe(newest.id);
    expect(after.total).toBe(first.total! + 1);
  });

  it('keeps its answers in other orders through a change of popularity alone, and moves the sound in popular order', async () => {
    const index = readIndex(shuffled);
    const scope: SearchScope = { corpus: 'paid', userId: null };
    const ask = async (sort: 'newest' | 'popular') => {
      const query = searchQuerySchema.parse({ q: 'dusty', sort, limit: 7 });
      const planned = await planSearch(null as unknown as Db, query, scope, (words) => index.resolveWords(words));
      return index.search(query, scope, planned.request, null);
    };
    await ask('newest');
    const newest = await ask('newest'); // the kept answer
    const popular = await ask('popular');
    expect(popular.ids).toHaveLength(7);
    // Played a lot: the last of the popular page leads it now; the newest answer is the one kept.
    const played = byId.find((item) => item.id === popular.ids[6])!;
    index.upsert({ ...played, popularity: 1000 }, 'popularity');
    expect(await ask('newest')).toBe(newest);
    const after = await ask('popular');
    expect(after.ids[0]).toBe(played.id);
    expect(after.ids.slice(1)).toEqual(popular.ids.slice(0, 6));
    expect(after.total).toBe(popular.total);
    // Any other change forgets every kept answer (here: the same values, so the same answer worked out again).
    index.upsert({ ...played, popularity: 1000 });
    const again = await ask('newest');
    expect(again).not.toBe(newest);
    expect(again).toEqual(newest);
  });

  it('numbers a sound anew for its first change of popularity alone, then changes it in place, answering as an index read afresh', async () => {
    const index = readIndex(shuffled);
    const scope: SearchScope = { corpus: 'paid', userId: null };
    const input: SearchQueryInput = { q: 'dusty', sort: 'popular' };
    const documents = index.documents;
    const [first] = await pages(index, input, scope);
    const played = byId.find((item) => item.id === first!.ids[6])!;
    for (const popularity of [1000, 2000, 0, 7]) {
      index.upsert({ ...played, popularity }, 'popularity');
      // One document more than were read, however often it changes.
      expect(index.documents).toBe(documents + 1);
      const afresh = readIndex(shuffled.map((item) => (item.id === played.id ? { ...item, popularity } : item)));
      const answers = await pages(index, input, scope);
      expect(answers, `popularity ${popularity}`).toEqual(await pages(afresh, input, scope));
      expect(answers[0]!.ids[0] === played.id, `popularity ${popularity}`).toBe(popularity >= 1000);
    }
  });

  it('finds every item read by its id, and takes changes after the read', async () => {
    const index = readIndex(shuffled);
    expect(index.docsOf(items.map((item) => item.id))).toHaveLength(items.length);
    const changed = { ...byId[0]!, nameLower: 'glass kick', words: ['glass', 'kick'], weights: [3, 3] };
    index.upsert(changed);
    const [first] = await pages(index, { q: 'glass kick' }, { corpus: changed.packStatus === PACK_STATUS.published && !changed.takenDown ? 'paid' : 'archived', userId: null });
    expect(first!.ids[0]).toBe(changed.id);
  });
});
