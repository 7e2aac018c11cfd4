/**
 * Search keystroke → results painted against the million-sound benchmark catalogue (bench:search's
 * database): the same measurement as on the demo catalogue (browser-load.ts), on an app whose search index
 * holds a million sounds, with words producers type (instruments and descriptors of the generated names).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { INSTRUMENTS } from '@crate/contract/taxonomy';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { launchChromium } from '../../e2e/chromium.ts';
import { createUser, WEB_DIST } from '../../e2e/harness.ts';
import { listenOnLoopback } from '../lib/http-load.ts';
import { DESCRIPTORS } from '../search/build-catalogue.ts';
import { keystrokeSummary, measureKeystrokes, type BrowserLoadResult } from './browser-load.ts';

export async function measureKeystrokesOnMillion(options: { databaseUrl: string; words: number; log: (line: string) => void }): Promise<BrowserLoadResult['search_keystroke']> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-web-million-'));
  const config = loadConfig({ DATABASE_URL: options.databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false' } as NodeJS.ProcessEnv, {
    webDist: WEB_DIST,
    rateLimits: false,
  });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const subscriber = await createUser(ctx, { roles: ['subscriber'] });
  const app = await buildApp(ctx);
  const base = await listenOnLoopback(app);
  options.log('  reading the million-sound search index');
  await app.searchIndex!.ready;
  const words = [...DESCRIPTORS.filter((w) => w.length >= 4).slice(0, options.words / 2), ...INSTRUMENTS.map((i) => i.label.toLowerCase()).filter((w) => /^[a-z]{4,}$/.test(w)).slice(0, options.words / 2)];
  const browser = await launchChromium();
  try {
    return keystrokeSummary(await measureKeystrokes(browser, base, subscriber, words));
  } finally {
    await browser.close();
    await app.close();
    await ctx.database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
