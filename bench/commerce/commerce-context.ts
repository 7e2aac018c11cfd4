import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { freshDatabase } from '../lib/http-load.ts';

/**
 * The app's context for a commerce benchmark: a fresh PostgreSQL database of its own, a temporary data folder, no
 * demo seed, no workers, no rate limits, PostgreSQL's search engine (the gets are what is measured), logs silent.
 */
export async function commerceBenchContext(databaseUrl: string, folderPrefix: string) {
  await freshDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), folderPrefix));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', SEARCH_INDEX: 'postgres', PUBLIC_URL: 'http://127.0.0.1:1' } as NodeJS.ProcessEnv, {
    database: { kind: 'postgres', url: databaseUrl },
    webDist: null,
    rateLimits: false,
  });
  return { dataDir, ctx: await createContext(config, pino({ level: 'silent' })) };
}
