import { BackupRefused } from './backup-refused.ts';

/** Runs a backup command: prints its summary, or why it refused (exit 1) without a stack trace for a refusal. */
export async function runBackupTool(work: () => Promise<string>): Promise<void> {
  try {
    console.log(await work());
  } catch (error) {
    if (error instanceof BackupRefused) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  }
}
