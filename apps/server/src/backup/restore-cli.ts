/**
 * `npm run restore -- FILE.zip [--data-dir DIR] [--force]`: restores a backup made by `npm run backup` into DATA_DIR
 * (default ./data) or --data-dir. The folder must be empty or absent unless --force, which keeps what was there
 * beside it. Refuses while a server holds the folder.
 */
import { parseArgs } from 'node:util';
import { dataDirSetting } from '../config.ts';
import { BackupRefused } from './backup-refused.ts';
import { restoreBackup } from './restore-backup.ts';
import { runBackupTool } from './run-backup-tool.ts';

const USAGE = 'usage: npm run restore -- FILE.zip [--data-dir DIR] [--force]';

await runBackupTool(async () => {
  const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) throw new BackupRefused(`Name one backup to restore.\n${USAGE}`);
  const setting = dataDirSetting(process.env);
  if (setting.usesPostgres) {
    throw new BackupRefused('DATABASE_URL is set: this Crate keeps its data in PostgreSQL; restore it with pg_restore (docs/operations.md, "Backups").');
  }
  const dataDir = values['data-dir'] ?? setting.dataDir;
  const { manifest, keptAside } = await restoreBackup({ archive: positionals[0]!, dataDir, force: values.force, now: new Date() });
  const { counts } = manifest;
  return (
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${manifest.files.length} files checked; ` +
    `${counts.users} users, ${counts.packs} packs, ${counts.items} sounds, ${counts.ledgerEntries} ledger entries, ${counts.storedFiles} stored files.` +
    (keptAside ? ` What was there before is kept in ${keptAside}.` : '') +
    ' Start Crate with `npm start`; it applies any newer migrations.'
  );
});
