/**
 * What a backup says about itself (`manifest.json` in the archive): which Crate schema its database is at, how
 * many of the things people care about it holds, and every file with its size and SHA-256, so that a restore
 * proves it put back exactly what was taken (docs/decisions/0068).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { openDatabase } from '../db/client.ts';
import { appliedMigrations, countWhatPeopleKeep } from './backup-repository.ts';
import { BackupRefused } from './backup-refused.ts';

export const MANIFEST_NAME = 'manifest.json';
export const BACKUP_FORMAT = 'crate-backup/1';

const countsSchema = z.object({
  users: z.number().int(),
  packs: z.number().int(),
  items: z.number().int(),
  ledgerEntries: z.number().int(),
  /** Rows of the files table: originals, previews, peaks, covers… each an object in the files folder. */
  storedFiles: z.number().int(),
});
export type BackupCounts = z.infer<typeof countsSchema>;

const schemaVersionSchema = z.object({
  /** The last migration applied to the backed-up database (its tag in the migrations journal). */
  latestMigration: z.string(),
  /** That migration's timestamp in the journal: what a restore compares with its own migrations. */
  latestMigrationAt: z.number().int(),
  appliedMigrations: z.number().int(),
});
export type SchemaVersion = z.infer<typeof schemaVersionSchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  schema: schemaVersionSchema,
  counts: countsSchema,
  /** Every folder, empty ones included: a PostgreSQL data directory needs its empty folders (pg_tblspc, pg_notify…). */
  folders: z.array(z.string().min(1).max(1024)),
  files: z.array(
    z.object({
      path: z.string().min(1).max(1024),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code knows, in order (drizzle's journal beside the SQL files). */
export function knownMigrations(): JournalEntry[] {
  const journal = path.resolve(import.meta.dirname, '../../migrations/meta/_journal.json');
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** Opens the embedded database in `pgliteDir` (without migrating it), reads its schema version and counts, and closes it. */
export async function readDatabaseFacts(pgliteDir: string): Promise<{ schema: SchemaVersion; counts: BackupCounts }> {
  const database = await openDatabase({ kind: 'pglite', dir: pgliteDir });
  try {
    const applied = await appliedMigrations(database.db);
    if (!applied) throw new BackupRefused(`${pgliteDir} holds no Crate database yet (no migration was ever applied): nothing to back up.`);
    return {
      schema: {
        latestMigration: knownMigrations().find((entry) => entry.when === applied.latestAt)?.tag ?? `unknown (${applied.latestAt})`,
        latestMigrationAt: applied.latestAt,
        appliedMigrations: applied.count,
      },
      counts: await countWhatPeopleKeep(database.db),
    };
  } finally {
    await database.close();
  }
}
