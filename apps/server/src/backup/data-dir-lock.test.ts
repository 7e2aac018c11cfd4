import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdDataDir, lockFilePath, processHolding } from './data-dir-lock.ts';

describe('the data folder lock a running server holds', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'crate-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names a live process other than the caller', () => {
    expect(processHolding(dir)).toBeNull();
    writeFileSync(lockFilePath(dir), `${process.ppid}\n`);
    expect(processHolding(dir)).toBe(process.ppid);
  });

  it('ignores a lock left by a process that has died, and one naming the caller itself', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(lockFilePath(dir), `${dead}\n`);
    expect(processHolding(dir)).toBeNull();
    writeFileSync(lockFilePath(dir), 'not a pid');
    expect(processHolding(dir)).toBeNull();
    holdDataDir(dir);
    expect(readFileSync(lockFilePath(dir), 'utf8')).toBe(`${process.pid}\n`);
    expect(processHolding(dir)).toBeNull();
  });

  it('is removed when released, unless another process has taken it since', () => {
    const release = holdDataDir(dir);
    release();
    expect(existsSync(lockFilePath(dir))).toBe(false);
    const releaseAgain = holdDataDir(dir);
    writeFileSync(lockFilePath(dir), `${process.ppid}\n`);
    releaseAgain();
    expect(readFileSync(lockFilePath(dir), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
