import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { creditLedger, files, items, packs, users } from '../db/schema/index.ts';
import { rowsOf } from '../db/sql-rows.ts';

/** How many migrations drizzle has applied and the journal timestamp of the last; null before the first. */
export async function appliedMigrations(db: Db): Promise<{ count: number; latestAt: number } | null> {
  const [journal] = rowsOf<{ found: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`));
  if (!journal?.found) return null;
  const [row] = rowsOf<{ n: number; latest: string | null }>(
    await db.execute(sql`select count(*)::int as n, max(created_at)::text as latest from drizzle.__drizzle_migrations`),
  );
  return { count: row?.n ?? 0, latestAt: Number(row?.latest ?? 0) };
}

/** The rows a backup's manifest counts and a restore checks. */
export async function countWhatPeopleKeep(db: Db) {
  const total = async (table: typeof users | typeof packs | typeof items | typeof creditLedger | typeof files) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { users: await total(users), packs: await total(packs), items: await total(items), ledgerEntries: await total(creditLedger), storedFiles: await total(files) };
}
