import pino, { type Logger } from 'pino';
import type { AppContext } from './app-context.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createAuthLibrary } from './features/auth/auth-library.ts';
import { accountLifecycle } from './features/auth/account-lifecycle.ts';
import { createDbJobQueue } from './jobs/db-job-queue.ts';
import { JOB_CATALOGUE, type AppJobCatalogue } from './jobs/job-catalogue.ts';
import { createStripeProvider, loadSandboxPlugin } from './features/payments/create-payment-provider.ts';
import { createStripePayoutProvider } from './features/payments/stripe-payout-provider.ts';
import { createMailer } from './mail/mailer.ts';
import { createObjectStorage } from './storage/create-object-storage.ts';
import { configureMediaPool } from './media/media-pool.ts';
import { currentRequestId } from './observability/request-scope.ts';
import { createMetrics } from './observability/metrics.ts';
import { registerDatabaseGauges } from './db/database-gauges.ts';
import { registerJobQueueGauges } from './jobs/job-queue-gauges.ts';

/**
 * The process's logger. A line written on behalf of a request (while it is answered, or by a job it queued)
 * carries the request's id, whichever logger wrote it; Fastify's per-request logger has it bound already.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    mixin(_line, _level, logger) {
      const requestId = currentRequestId();
      return requestId && !('requestId' in logger.bindings()) ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Opens the database (applying migrations) and wires every real part of one server process. */
export async function createContext(config: Config, log: Logger = createLogger(config)): Promise<AppContext> {
  const database = await openDatabase(config.database, (error) => log.warn({ err: error }, 'an idle database connection was lost; the pool replaces it'));
  await database.migrate();
  await database.warmUp();
  if (config.mediaThreads !== undefined) configureMediaPool({ threads: config.mediaThreads });
  const mailer = createMailer(config.mail, log);
  if (!config.attribution.endpoint) log.info('attribution forwarding is off (ATTRIBUTION_ENDPOINT is not set): tracking events stay recorded, unsent');
  // The sandbox plugin (its provider and jobs) is loaded only when the sandbox takes payments.
  const sandbox = await loadSandboxPlugin(config);
  // The catalogue's type names the sandbox's jobs; at run time they are in it only with the plugin loaded.
  const catalogue = (sandbox ? { ...JOB_CATALOGUE, ...sandbox.SANDBOX_JOBS } : JOB_CATALOGUE) as AppJobCatalogue;
  const metrics = config.metrics ? createMetrics() : null;
  const jobs = createDbJobQueue(database.db, log, catalogue, {
    ...(config.jobStaleAfterMs ? { staleAfterMs: config.jobStaleAfterMs } : {}),
    ...(metrics ? { onJobRan: ({ name, lane, outcome, seconds }) => metrics.jobRan(name, lane, outcome, seconds) } : {}),
  });
  if (metrics) {
    registerDatabaseGauges(metrics.registry, database);
    registerJobQueueGauges(metrics.registry, database.db, jobs.lanes);
  }
  const lifecycle = accountLifecycle(database.db, jobs, config.publicUrl);
  const auth = createAuthLibrary({
    db: database.db,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    sendResetPassword: lifecycle.sendResetPassword,
    onPasswordReset: lifecycle.onPasswordReset,
    beforeSessionCreate: lifecycle.beforeSessionCreate,
  });
  return {
    config,
    log,
    database,
    db: database.db,
    mailer,
    storage: createObjectStorage(config.storage),
    jobs,
    auth,
    payments: sandbox ? sandbox.createSandboxProvider(config, database.db, jobs) : createStripeProvider(config),
    payouts: sandbox ? sandbox.createSandboxPayoutProvider(config, database.db) : createStripePayoutProvider(config),
    clock: systemClock,
    metrics,
  };
}
