import { randomUUID } from 'node:crypto';
import { searchQuerySchema } from '@crate/contract/search';
import type { Database, Db } from '../../db/client.ts';
import type { IndexedSearchEngine, SearchLogger } from './indexed-search-engine.ts';
import { listSearchRowsByIds } from './search-repository.ts';

/** Free searches asked from inside at start: enough for V8 to compile the path's hot code. */
const ROUNDS = 20;

/**
 * The search page's first visitor after a start should wait no longer than anyone (issue 13). Once the
 * index answers:
 * - the search rows' statement is prepared and run on every kept connection, for visitors and for signed-in
 *   viewers, on the rows the search page shows (PostgreSQL plans its joins once per connection; reading real
 *   rows compiles their parsing);
 * - free searches go through the whole HTTP path from inside: routing, the engine, hydration, presenting
 *   and encoding. Each asks for its own random order (a seed no one else uses), so what the public response
 *   cache keeps of them is never what a visitor asks for.
 * Returns when that is done (a failure is logged: the index answers all the same).
 */
export async function warmSearchPage(
  { db, database }: { db: Db; database: Database },
  engine: IndexedSearchEngine,
  /** Asks the app for a URL from inside (the whole HTTP path, no network). */
  askApp: (url: string) => Promise<{ statusCode: number; body: string }>,
  logger: SearchLogger,
): Promise<void> {
  await engine.ready;
  if (!engine.status().ready) return;
  try {
    const page = await engine.search(searchQuerySchema.parse({}), { corpus: 'paid', userId: null });
    await Promise.all(Array.from({ length: database.warmConnections }, () => listSearchRowsByIds(db, page.itemIds)));
    for (let round = 0; round < ROUNDS; round++) {
      const seed = `warm${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      const answer = await askApp(`/api/search/free?sort=random&seed=${seed}`);
      if (answer.statusCode !== 200) throw new Error(`the free search answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    }
  } catch (error) {
    logger.warn({ err: error }, 'search warm-up failed');
  }
}
