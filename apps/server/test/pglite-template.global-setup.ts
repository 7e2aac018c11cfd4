import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * PGlite's initdb and our migrations cost seconds; do them once per run and let every test file
 * start its own fresh in-memory database from the dumped data directory.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crate-pglite-template-'));
  const database = await openDatabase({ kind: 'pglite', dir: null });
  await database.migrate();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
