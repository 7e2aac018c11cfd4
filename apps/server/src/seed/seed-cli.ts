/**
 * `npm run seed -- --packs N [--seed S] [--items-per-pack K] [--distinct-items D]`
 *
 * Adds a demo catalogue to the database the server uses (DATABASE_URL, else PGlite in DATA_DIR — stop the
 * server first for PGlite, which one process owns), seeding the demo accounts too on an empty database.
 * It renders and stores the sounds, makes every derivative with this process's workers (one per core),
 * then writes the remaining packs as echoes of the first ones: beyond `--distinct-items` items (default
 * 2,000) items share the rendered sounds, and their derivatives, of earlier packs. Prints progress and one
 * summary line. Refuses to run with NODE_ENV=production (the demo accounts' password is published).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { and, count, eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { createContext, createLogger } from '../create-context.ts';
import { jobs } from '../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { DEFAULT_CATALOGUE_SEED, DEFAULT_DISTINCT_ITEMS, DEFAULT_ITEMS_PER_PACK } from '@crate/demo-catalogue/catalogue/catalogue-plan';
import { CatalogueAlreadySeededError, seedCatalogue } from './seed-catalogue.ts';
import { DemoAccountsInProductionError, formatDemoCredentials, seedDemoAccounts } from './seed-demo.ts';

const USAGE = 'usage: npm run seed -- --packs N [--seed S] [--items-per-pack K] [--distinct-items D]';

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${value}"\n${USAGE}`);
  return n;
}

/** Runs the derive-media jobs with one worker per core until none is queued or running. */
async function deriveEverything(ctx: AppContext): Promise<number> {
  const pending = async () => {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.queue, 'derive-media'), inArray(jobs.status, ['queued', 'running'])));
    return row?.n ?? 0;
  };
  const total = await pending();
  if (total === 0) return 0;
  const started = performance.now();
  ctx.jobs.start({ pollIntervalMs: 200, concurrency: { bulk: Math.max(1, os.availableParallelism()) } });
  let left = total;
  while (left > 0) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    left = await pending();
    process.stdout.write(`[seed] derivatives: ${total - left}/${total} files (${Math.round((performance.now() - started) / 1000)} s)\n`);
  }
  await ctx.jobs.stop();
  const [failed] = await ctx.db.select({ n: count() }).from(jobs).where(and(eq(jobs.queue, 'derive-media'), eq(jobs.status, 'failed')));
  if ((failed?.n ?? 0) > 0) process.stderr.write(`[seed] ${failed!.n} derive-media jobs failed; see jobs.last_error\n`);
  return total;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      packs: { type: 'string' },
      seed: { type: 'string' },
      'items-per-pack': { type: 'string' },
      'distinct-items': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help || values.packs === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const packs = positiveInt('packs', values.packs, 20);
  const options = {
    packs,
    seed: values.seed ?? DEFAULT_CATALOGUE_SEED,
    itemsPerPack: positiveInt('items-per-pack', values['items-per-pack'], DEFAULT_ITEMS_PER_PACK),
    distinctItems: positiveInt('distinct-items', values['distinct-items'], DEFAULT_DISTINCT_ITEMS),
  };

  const config = loadConfig(process.env);
  // Refused before anything is opened or written: the demo admin's password is published.
  if (config.production) {
    process.stderr.write(`${new DemoAccountsInProductionError().message}\nThe seed makes demo accounts and a demo catalogue; run it on a development or staging database (NODE_ENV unset).\n`);
    return 1;
  }
  const ctx = await createContext(config, createLogger({ ...config, logLevel: process.env.LOG_LEVEL ?? 'warn' }));
  try {
    ctx.jobs.handleWith(ctx);
    if (await seedDemoAccounts(ctx)) process.stdout.write(`${formatDemoCredentials(config.publicUrl)}\n`);
    process.stdout.write(`[seed] ${packs} packs × ~${options.itemsPerPack} items, seed "${options.seed}", into ${ctx.database.kind} / ${ctx.storage.kind} storage\n`);
    let derived = 0;
    let deriveSeconds = 0;
    const derive = async () => {
      const started = performance.now();
      derived += await deriveEverything(ctx);
      deriveSeconds += (performance.now() - started) / 1000;
    };
    const summary = await seedCatalogue(ctx, { ...options, deriveSources: derive, onProgress: (line) => process.stdout.write(`${line}\n`) });
    await derive();
    const s = summary.seconds;
    process.stdout.write(
      `seed done: ${summary.packs} packs (+${summary.unpublishedPacks} unpublished), ${summary.items} items (${summary.distinctItems} with audio of their own, the rest share it), ` +
        `${summary.creators} creators, ${summary.bundles} bundles, ${summary.staffPicks} staff picks, ${summary.staffPlaylists} staff playlists, ${summary.banners} banners, ${summary.events} plays/downloads; ` +
        `${summary.files} files (${(summary.bytes / 1e6).toFixed(0)} MB), ${derived} derived; ` +
        `rows+audio ${(s.pictures + s.sources).toFixed(1)} s, derivatives ${deriveSeconds.toFixed(1)} s, echo rows ${s.echoes.toFixed(1)} s, total ${((s.total + deriveSeconds - s.derive)).toFixed(1)} s\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CatalogueAlreadySeededError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await ctx.jobs.stop();
    await ctx.database.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
});
