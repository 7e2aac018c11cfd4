import type { Readable } from 'node:stream';
import type { BaseLogger } from 'pino';
import { SEARCH_SORTS, searchQuerySchema, type SearchQuery } from '@crate/contract/search';
import type { Db } from '../../db/client.ts';
import { createPostgresSearchEngine } from './postgres-search-engine.ts';
import type { SearchEngine, SearchHits, SearchScope } from './search-engine.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { SearchIndex } from './index/search-index.ts';
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT } from './index/snapshot.ts';
import {
  countItems,
  databaseIdentity,
  outboxCovers,
  outboxHead,
  type OutboxRow,
  pruneOutbox,
  readCreators,
  readItems,
  readCatalogue,
  readOutbox,
  readOwnedItemIds,
  readPacks,
  readVocabulary,
} from './search-index-repository.ts';
import { planSearch } from './search-request.ts';

/**
 * Search answered by this process's in-memory index (index/search-index.ts, decision 0018), kept fresh from
 * PostgreSQL's search outbox:
 * - at start the index is loaded from the last saved one (index/snapshot.ts) when the outbox still
 *   holds every change since, or else read from one consistent snapshot of the database and then saved;
 *   until it is complete, PostgreSQL answers (postgres-search-engine.ts: the same answers, slower), so a
 *   search is never wrong; it is saved again every few hours, so a restart always finds a recent one;
 * - every `pollMs` the outbox is read after the last id seen, and the changed items, packs and creators
 *   are read again and replace what the index held. Ids skipped because their transaction had not
 *   committed yet are asked for again until they appear or `HOLE_MS` passes (a rolled-back write);
 * - after a write this process answered, the next search first reads the outbox: the writer sees their change.
 * Similar sounds stay in PostgreSQL (a GiST nearest-neighbour scan of one item's features is already fast).
 */
/** Where the index reports what it did (the app's logger). */
export type SearchLogger = Pick<BaseLogger, 'info' | 'warn' | 'error'>;

export interface IndexedSearchEngine extends SearchEngine {
  /** Settles when the index is complete and answering (or its build failed: PostgreSQL keeps answering). */
  readonly ready: Promise<void>;
  /** Reads the outbox now; searches asked after this call wait for it. */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Hears what each outbox read changed: the items, or `'all'` when a pack or creator changed (their names and
   * pictures are on every row of theirs). Caches of rows the index answers with drop what changed. An item whose
   * popularity alone changed (a play, a download, a favourite) is not heard of: only the popular order shows it.
   */
  onChange(listener: (changed: readonly string[] | 'all') => void): void;
  /** `loading` until the build has ended, either way; then `ready` says whether the index answers (else PostgreSQL does). */
  status(): { loading: boolean; ready: boolean; documents: number; buildMs: number | null; source: 'snapshot' | 'database' | null; lastOutboxId: number };
}

/** Items per statement at start: ~2 MB of rows, which PostgreSQL writes to the socket while the batch before is added. */
const BATCH = 5_000;
const OUTBOX_BATCH = 5_000;
const ITEMS_PER_READ = 1_000;
/** How long an outbox id that was skipped (its transaction still open) is asked for again. */
const HOLE_MS = 60_000;
/** The ids before the snapshot's last one checked for transactions still open at start. */
const HEAD_WINDOW = 1_000;
const PRUNE_EVERY_MS = 60_000;
/** Outbox rows are kept a day: a saved index (at most SNAPSHOT_EVERY_MS old) always finds every change since. */
const KEEP_OUTBOX_SECONDS = 24 * 3_600;
const SNAPSHOT_EVERY_MS = 6 * 3_600_000;
export const snapshotKey = (format: number) => `search-index/snapshot-v${format}`;
const SNAPSHOT_KEY = snapshotKey(SNAPSHOT_FORMAT);

/**
 * A stored object's bytes in one buffer of its size, each piece copied in as it arrives: collecting the
 * pieces and joining them at the end would hold the snapshot twice, and leave the process that much larger.
 */
async function readWhole(body: Readable, size: number): Promise<Buffer> {
  const whole = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for await (const piece of body as AsyncIterable<Buffer>) {
    if (at + piece.length > size) throw new Error('the saved search index is longer than its stored size');
    piece.copy(whole, at);
    at += piece.length;
  }
  if (at !== size) throw new Error('the saved search index is shorter than its stored size');
  return whole;
}

export function createIndexedSearchEngine(
  db: Db,
  options: { pollMs: number; logger: SearchLogger; /** Where the index is saved for the next start; none keeps nothing. */ snapshots?: ObjectStorage },
): IndexedSearchEngine {
  const fallback = createPostgresSearchEngine(db);
  let index: SearchIndex | null = null;
  let lastId = 0;
  const holes = new Map<number, number>();
  let buildMs: number | null = null;
  let source: 'snapshot' | 'database' | null = null;
  let stopped = false;
  let loading = true;
  let timer: NodeJS.Timeout | null = null;
  let snapshotTimer: NodeJS.Timeout | null = null;
  let saving: Promise<void> | null = null;
  let olderFormatsRemoved = false;
  let lastPrune = Date.now();
  /** Outbox reads run one after another; `fresh` is the last one asked for. */
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let fresh: Promise<void> = Promise.resolve();
  const changeListeners: Array<(changed: readonly string[] | 'all') => void> = [];

  async function build() {
    const started = performance.now();
    const loaded = await loadSnapshot();
    const next = loaded ?? (await readFromDatabase());
    if (stopped) return;
    await warmUp(next);
    index = next;
    source = loaded ? 'snapshot' : 'database';
    buildMs = Math.round(performance.now() - started);
    options.logger.info({ documents: next.documents, buildMs, source }, 'search index ready');
    if (!loaded) await saveSnapshot();
  }

  /** The saved index, when there is one of this database whose outbox position is still covered; else null. */
  async function loadSnapshot(): Promise<SearchIndex | null> {
    const storage = options.snapshots;
    if (!storage) return null;
    try {
      const found = await storage.get(SNAPSHOT_KEY);
      if (!found) return null;
      const decoded = decodeSnapshot(await readWhole(found.body, found.object.size));
      const why = !decoded
        ? 'another format'
        : decoded.position.database !== (await databaseIdentity(db))
          ? 'another database'
          : !(await outboxCovers(db, decoded.position.lastOutboxId))
            ? 'older than the outbox keeps'
            : null;
      if (why || !decoded) {
        options.logger.info({ why }, 'saved search index not used; reading the catalogue');
        return null;
      }
      const next = SearchIndex.fromState(decoded.state);
      lastId = decoded.position.lastOutboxId;
      for (const id of decoded.position.holes) holes.set(id, Date.now() + HOLE_MS);
      return next;
    } catch (error) {
      options.logger.warn({ err: error }, 'saved search index could not be read; reading the catalogue');
      return null;
    }
  }

  /**
   * Saves the index with its outbox position. Encoding copies it synchronously, so no change lands halfway;
   * a change being applied meanwhile is read again after a load (applying an outbox row twice is harmless).
   */
  function saveSnapshot(): Promise<void> {
    const storage = options.snapshots;
    if (!storage || !index || saving) return saving ?? Promise.resolve();
    const current = index;
    saving = (async () => {
      try {
        const database = await databaseIdentity(db);
        const bytes = encodeSnapshot(current.toState(), { lastOutboxId: lastId, holes: [...holes.keys()], database, savedAt: new Date().toISOString() });
        await storage.put(SNAPSHOT_KEY, bytes, { contentType: 'application/octet-stream' });
        // A new format leaves the index saved in older ones unreadable (~170 MB each for a million sounds):
        // they go once this one is saved.
        if (!olderFormatsRemoved) {
          for (let format = 1; format < SNAPSHOT_FORMAT; format++) await storage.delete(snapshotKey(format));
          olderFormatsRemoved = true;
        }
      } catch (error) {
        options.logger.warn({ err: error }, 'search index could not be saved');
      } finally {
        saving = null;
      }
    })();
    return saving;
  }

  async function readFromDatabase(): Promise<SearchIndex> {
    const next = new SearchIndex();
    // One snapshot: the items, their packs and creators, the vocabulary and the outbox position agree.
    await db.transaction(
      async (tx) => {
        const { head, invisible } = await outboxHead(tx, HEAD_WINDOW);
        lastId = head;
        for (const id of invisible) holes.set(id, Date.now() + HOLE_MS);
        for (const p of await readPacks(tx, null)) next.setPack(p);
        for (const c of await readCreators(tx, null)) next.setCreator(c);
        next.addWords(await readVocabulary(tx));
        next.reserve(await countItems(tx));
        await readCatalogue(tx, (item) => next.addRead(item), { batch: BATCH, stopped: () => stopped });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    next.finishReading();
    return next;
  }

  /**
   * Before the index answers anyone: the search page's own request and one of every sort, so the whole-corpus
   * facet counts are kept and the code is compiled — the first visitor after a start waits no longer than any other.
   */
  async function warmUp(next: SearchIndex) {
    for (const corpus of ['paid', 'archived'] as const) {
      for (const sort of SEARCH_SORTS) {
        const query = searchQuerySchema.parse({ sort, q: sort === 'relevance' ? 'a' : undefined });
        const planned = await planSearch(db, query, { corpus, userId: null }, (words) => next.resolveWords(words));
        if (!planned.empty) next.search(query, { corpus, userId: null }, planned.request, null);
      }
    }
  }

  async function apply(rows: OutboxRow[]) {
    const target = index!;
    const ofKind = (kind: OutboxRow['entity']) => [...new Set(rows.filter((r) => r.entity === kind).map((r) => r.entityId))];
    const creatorIds = ofKind('creator');
    const packIds = ofKind('pack');
    const itemIds = ofKind('item');
    // Plays, downloads and favourites move the popular order alone: no row or shared answer shows them, so the
    // listeners hear only of catalogue changes.
    const catalogueChanged = new Set(itemIds);
    const popularityIds = ofKind('popularity').filter((id) => !catalogueChanged.has(id));
    const changed = creatorIds.length > 0 || packIds.length > 0 ? 'all' : itemIds;
    for (const listener of changeListeners) listener(changed);
    for (const c of creatorIds.length > 0 ? await readCreators(db, creatorIds) : []) {
      target.setCreator(c);
      target.addWords(c.words);
    }
    for (const p of packIds.length > 0 ? await readPacks(db, packIds) : []) {
      target.setPack(p);
      target.addWords(p.words);
    }
    await readIntoIndex(target, itemIds, 'catalogue');
    await readIntoIndex(target, popularityIds, 'popularity');
  }

  /** The items as they are now, into the index (one gone from the database leaves it). */
  async function readIntoIndex(target: SearchIndex, itemIds: string[], changed: 'catalogue' | 'popularity') {
    for (let i = 0; i < itemIds.length; i += ITEMS_PER_READ) {
      const ids = itemIds.slice(i, i + ITEMS_PER_READ);
      const items = await readItems(db, ids);
      const missingPacks = [...new Set(items.map((it) => it.packId).filter((id) => !target.hasPack(id)))];
      const missingCreators = [...new Set(items.map((it) => it.creatorId).filter((id) => !target.hasCreator(id)))];
      if (missingPacks.length > 0) for (const p of await readPacks(db, missingPacks)) target.setPack(p);
      if (missingCreators.length > 0) for (const c of await readCreators(db, missingCreators)) target.setCreator(c);
      const found = new Set(items.map((it) => it.id));
      for (const item of items) target.upsert(item, changed);
      for (const id of ids) if (!found.has(id)) target.remove(id);
    }
  }

  async function readOutboxOnce() {
    if (!index || stopped) return;
    for (;;) {
      const now = Date.now();
      for (const [id, until] of holes) if (until < now) holes.delete(id);
      const rows = await readOutbox(db, lastId, [...holes.keys()], OUTBOX_BATCH);
      if (rows.length > 0) await apply(rows);
      for (const row of rows) {
        holes.delete(row.id);
        if (row.id <= lastId) continue;
        // Ids between the last one and this one belong to transactions not committed yet (or rolled back).
        for (let skipped = lastId + 1; skipped < row.id && holes.size < 10 * OUTBOX_BATCH; skipped++) holes.set(skipped, now + HOLE_MS);
        lastId = row.id;
      }
      if (rows.length < OUTBOX_BATCH) break;
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneOutbox(db, KEEP_OUTBOX_SECONDS);
    }
  }

  /** One outbox read after those already running (a read already waiting to start is shared). */
  function catchUp(): Promise<void> {
    if (queued) return queued;
    const run = chain.then(() => {
      queued = null;
      return readOutboxOnce();
    });
    queued = run;
    chain = run.catch((error: unknown) => options.logger.error({ err: error }, 'search outbox read failed'));
    return chain;
  }

  const ready = build()
    .then(() => catchUp())
    .catch((error: unknown) => options.logger.error({ err: error }, 'search index build failed; PostgreSQL answers search'))
    .finally(() => {
      loading = false;
      if (stopped || !index) return;
      timer = setInterval(() => void catchUp(), options.pollMs);
      if (options.snapshots) snapshotTimer = setInterval(() => void saveSnapshot(), SNAPSHOT_EVERY_MS);
    });

  async function search(query: SearchQuery, scope: SearchScope): Promise<SearchHits> {
    if (!index) return fallback.search(query, scope);
    await fresh;
    const current = index;
    const planned = await planSearch(db, query, scope, (words) => current.resolveWords(words));
    if (planned.empty) return planned.empty;
    const { request } = planned;
    const needsOwned = scope.userId !== null && (request.cursor === null || query.not_owned === true);
    const owned = needsOwned ? current.docsOf(scope.ownedItems ?? (await readOwnedItemIds(db, scope.userId!))) : null;
    const answer = current.search(query, scope, request, owned);
    return {
      itemIds: answer.ids,
      total: answer.total,
      facets: answer.facets && { ...answer.facets, not_owned: owned === null ? null : (answer.total ?? 0) - answer.ownedMatches },
      nextCursor: answer.nextCursor,
      sort: request.sort,
      seed: request.seed,
      corrected: request.corrected,
    };
  }

  return {
    search,
    similar: (itemId, limit, opts) => fallback.similar(itemId, limit, opts),
    ready,
    onChange: (listener) => void changeListeners.push(listener),
    catchUp() {
      fresh = catchUp();
      return fresh;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (snapshotTimer) clearInterval(snapshotTimer);
      await ready;
      await chain;
      await saving;
    },
    status: () => ({ loading, ready: index !== null, documents: index?.documents ?? 0, buildMs, source, lastOutboxId: lastId }),
  };
}
