import { loadConfig } from './config.ts';
import { createContext, createLogger } from './create-context.ts';
import { serveWorkerMetrics } from './observability/worker-metrics-server.ts';

/**
 * Job workers without the HTTP API, for running many of them beside stateless API servers. Each also
 * runs the scheduler: however many run, a scheduled job is queued once per slot (docs/decisions/0037).
 */
const config = loadConfig();
const log = createLogger(config);
const ctx = await createContext(config, log);
ctx.jobs.handleWith(ctx);
ctx.jobs.start({ concurrency: { interactive: 2, bulk: 4 } });
const metricsServer = ctx.metrics && config.metrics ? serveWorkerMetrics(ctx.metrics, config.metrics.token, { host: config.host, port: config.metrics.workerPort }, log) : null;
log.info('Crate worker started');
const shutdown = async () => {
  metricsServer?.close();
  await ctx.jobs.stop();
  await ctx.database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
