/**
 * `npm run backup [-- --out FILE.zip]`: backs up the embedded default's data folder (DATA_DIR, default ./data)
 * to one zip (default backups/crate-<time>.zip). Stop Crate first: it refuses while a server holds the folder.
 * With DATABASE_URL set, the database is PostgreSQL's to back up: see docs/operations.md#backups.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirSetting } from '../config.ts';
import { BackupRefused } from './backup-refused.ts';
import { createBackup } from './create-backup.ts';
import { runBackupTool } from './run-backup-tool.ts';

await runBackupTool(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
  const setting = dataDirSetting(process.env);
  if (setting.usesPostgres) {
    throw new BackupRefused('DATABASE_URL is set: this Crate keeps its data in PostgreSQL and object storage. Back them up with pg_dump and bucket versioning (docs/operations.md, "Backups").');
  }
  const now = new Date();
  const dataDir = path.resolve(values['data-dir'] ?? setting.dataDir);
  const out = values.out ?? path.join('backups', `crate-${now.toISOString().replaceAll(/[:.]/g, '-')}.zip`);
  const manifest = await createBackup({ dataDir, out, now });
  const { counts, schema } = manifest;
  return (
    `Backed up ${dataDir} to ${path.resolve(out)}: ${manifest.files.length} files; ` +
    `${counts.users} users, ${counts.packs} packs, ${counts.items} sounds, ${counts.ledgerEntries} ledger entries, ${counts.storedFiles} stored files; schema ${schema.latestMigration}.`
  );
});
