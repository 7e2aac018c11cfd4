import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { searchQuerySchema } from '@crate/contract/search';
import type { Database, Db } from '../../db/client.ts';
import type { IndexedSearchEngine } from './indexed-search-engine.ts';
import { listSearchRowsByIds } from './search-repository.ts';

/** Rounds of the search page's path run from inside at start: enough for V8 to compile its hot code. */
const ROUNDS_AT_START = 20;

/**
 * The search page's first visitor after a start or a quiet spell should wait no longer than anyone
 * (issue 13). Once the index answers, and again whenever `keepWarmMs` passes without a search:
 * - the search rows' statement is prepared and run on every kept connection, for visitors and for signed-in
 *   viewers, on the rows the search page shows (PostgreSQL plans its joins once per connection; reading real
 *   rows compiles their parsing);
 * - a free search goes through the whole HTTP path from inside: routing, the engine, hydration, presenting
 *   and serialising. Each asks for its own random order (a seed no one else uses), so what the public response
 *   cache keeps of it is never what a visitor asks for.
 * Returns when the first warm-up is done.
 */
export function keepSearchPageWarm(
  app: FastifyInstance,
  { db, database, keepWarmMs }: { db: Db; database: Database; keepWarmMs: number },
  engine: IndexedSearchEngine,
): Promise<void> {
  let lastSearchAt = 0;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onResponse', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/search')) lastSearchAt = Date.now();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
  const searchPage = searchQuerySchema.parse({});
  async function warm(rounds: number) {
    const page = await engine.search(searchPage, { corpus: 'paid', userId: null });
    for (const viewer of [null, randomUUID()]) {
      await Promise.all(Array.from({ length: database.warmConnections }, () => listSearchRowsByIds(db, viewer, page.itemIds)));
    }
    for (let round = 0; round < rounds; round++) {
      const seed = `warm${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      const answer = await app.inject({ method: 'GET', url: `/api/search/free?sort=random&seed=${seed}`, remoteAddress: 'search-warm-up' });
      if (answer.statusCode !== 200) throw new Error(`the free search answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    }
  }
  const ready = engine.ready.then(async () => {
    if (!engine.status().ready) return;
    await warm(ROUNDS_AT_START).catch((error: unknown) => app.log.warn({ err: error }, 'search warm-up failed'));
    if (keepWarmMs <= 0) return;
    timer = setInterval(() => {
      if (Date.now() - lastSearchAt < keepWarmMs) return;
      void warm(1).catch((error: unknown) => app.log.warn({ err: error }, 'search keep-warm failed'));
    }, keepWarmMs);
    timer.unref();
  });
  return ready;
}
