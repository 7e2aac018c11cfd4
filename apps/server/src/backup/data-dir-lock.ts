/**
 * The embedded database belongs to one process: a Crate server on PGlite writes its process id to
 * `DATA_DIR/crate.pid` while it runs, so that a backup or a restore can tell it is there and refuse rather than
 * copy a database in mid-write (docs/decisions/0068).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'crate.pid';

export const lockFilePath = (dataDir: string) => path.join(dataDir, LOCK_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockFilePath(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * The id of another live process that holds `dataDir`, or null: no lock file, or one left by a process that died
 * (or one naming this very process — in a container, a restarted process often gets the dead one's id).
 */
export function processHolding(dataDir: string): number | null {
  const pid = lockHolder(dataDir);
  return pid !== null && pid !== process.pid && isAlive(pid) ? pid : null;
}

/** Marks `dataDir` as held by this process until the returned function is called (or the process exits). */
export function holdDataDir(dataDir: string): () => void {
  const file = lockFilePath(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  const release = () => {
    process.off('exit', release);
    if (lockHolder(dataDir) === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

/** The words every refusal uses when a server holds the folder. */
export function stopFirstMessage(dataDir: string, pid: number): string {
  return (
    `Crate is running on ${dataDir} (process ${pid}). Stop it first (Ctrl+C in its terminal, or kill ${pid}), then run this again. ` +
    `If no Crate is running, delete ${lockFilePath(dataDir)} — it was left behind by a process that has since been replaced.`
  );
}
