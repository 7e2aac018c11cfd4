import { loadConfig } from './config.ts';
import { createContext, createLogger } from './create-context.ts';
import { registerJobHandlers } from './jobs/register-job-handlers.ts';

/** Job workers without the HTTP API, for running many of them beside stateless API servers. */
const config = loadConfig();
const log = createLogger(config);
const ctx = await createContext(config, log);
registerJobHandlers(ctx);
ctx.jobs.start({ concurrency: 4 });
log.info('Crate worker started');
const shutdown = async () => {
  await ctx.jobs.stop();
  await ctx.database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
