import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-rows.ts';

/**
 * Indexed words close to words that are not indexed (typos), from the vocabulary table: pg_trgm word
 * similarity through its GIN index (`input` is the word asked about), plus the indexed words among
 * `variants` (`input` null: short words share too few trigrams).
 */
export async function findCloseWords(db: DbOrTx, words: string[], variants: string[]): Promise<{ input: string | null; word: string }[]> {
  return rowsOf<{ input: string | null; word: string }>(
    await db.execute(sql`
      select w.input, x.word
      from unnest(${sql.param(words)}::text[]) as w(input)
      cross join lateral (
        -- word_similarity through the GIN trigram index. Not the % operator: on PGlite with btree_gin
        -- loaded, pg_trgm's similarity_op hangs the instance (see decision 0008).
        select s.word from search_words s where s.word %> w.input
        order by word_similarity(w.input, s.word) desc, s.word limit 8
      ) x
      union all
      select null, s.word from search_words s where s.word = any(${sql.param(variants)}::text[])`),
  );
}
