import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createContext, createLogger } from './create-context.ts';
import { holdDataDir, processHolding } from './backup/data-dir-lock.ts';

const config = loadConfig(process.env, {});
const log = createLogger(config);
// The embedded database belongs to this process: backups and restores refuse while it runs (docs/decisions/0068).
if (config.database.kind === 'pglite') {
  const holder = processHolding(config.dataDir);
  if (holder !== null) throw new Error(`Another Crate (process ${holder}) is running on ${config.dataDir}; its embedded database belongs to one process.`);
  holdDataDir(config.dataDir);
}
const ctx = await createContext(config, log);
// Demo data is development tooling: loaded (with @crate/demo-catalogue) only when SEED_DEMO asks for it, never in
// production — seed-demo.ts refuses production too, whoever calls it.
if (config.seedDemo && !config.production) await (await import('./seed/seed-demo.ts')).seedDemoOnFirstStart(ctx);
else if (config.seedDemo) log.info('demo accounts are not seeded in production');
const app = await buildApp(ctx);
ctx.jobs.handleWith(ctx);
// Workers and the scheduler of scheduled jobs; with WORKERS=false, `npm run worker` processes run them.
if (config.workers) ctx.jobs.start();

const shutdown = async (signal: string) => {
  log.info({ signal }, 'shutting down');
  await app.close();
  await ctx.jobs.stop();
  await ctx.database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
log.info(`Crate is running at ${config.publicUrl} (database: ${ctx.database.kind}, storage: ${ctx.storage.kind}, mail: ${ctx.mailer.kind})`);
