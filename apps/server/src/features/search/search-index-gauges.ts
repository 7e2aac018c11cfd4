import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { sharedPerScrape } from '../../observability/metrics.ts';
import type { IndexedSearchEngine } from './indexed-search-engine.ts';
import { outboxLag } from './search-index-repository.ts';

/**
 * This process's in-memory search index at scrape: whether it answers, how many sounds it holds, and how far it
 * is behind the search outbox (changes not applied yet, and the age of the oldest), read with one small query.
 */
export function registerSearchIndexGauges(registry: Registry, db: Db, index: Pick<IndexedSearchEngine, 'status'>): void {
  const lag = sharedPerScrape(() => outboxLag(db, index.status().lastOutboxId));
  new Gauge({
    name: 'crate_search_index_loaded',
    help: 'Whether the in-memory search index answers searches (0 while it loads, or when its build failed and PostgreSQL answers)',
    registers: [registry],
    collect() {
      this.set(index.status().ready ? 1 : 0);
    },
  });
  new Gauge({
    name: 'crate_search_index_documents',
    help: 'Sounds held by the in-memory search index',
    registers: [registry],
    collect() {
      this.set(index.status().documents);
    },
  });
  new Gauge({
    name: 'crate_search_index_lag_changes',
    help: 'Search outbox changes written after the last one the index applied',
    registers: [registry],
    async collect() {
      this.set((await lag()).changes);
    },
  });
  new Gauge({
    name: 'crate_search_index_lag_seconds',
    help: 'Age of the oldest search outbox change the index has not applied yet (0 when it is up to date)',
    registers: [registry],
    async collect() {
      this.set((await lag()).oldestSeconds ?? 0);
    },
  });
}
