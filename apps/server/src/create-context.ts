import pino, { type Logger } from 'pino';
import type { AppContext } from './app-context.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createAuthLibrary } from './features/auth/auth-library.ts';
import { accountLifecycle } from './features/auth/account-lifecycle.ts';
import { createDbJobQueue } from './jobs/db-job-queue.ts';
import { JOB_CATALOGUE } from './jobs/job-catalogue.ts';
import { createPaymentProvider } from './features/payments/create-payment-provider.ts';
import { createMailer } from './mail/mailer.ts';
import { createObjectStorage } from './storage/create-object-storage.ts';

import { configureMediaPool } from './media/media-pool.ts';
export function createLogger(config: Config): Logger {
  return pino({ level: config.logLevel });
}

/** Opens the database (applying migrations) and wires every real part of one server process. */
export async function createContext(config: Config, log: Logger = createLogger(config)): Promise<AppContext> {
  const database = await openDatabase(config.database, (error) => log.warn({ err: error }, 'an idle database connection was lost; the pool replaces it'));
  await database.migrate();
  await database.warmUp();
  const mailer = createMailer(config.mail, log);
  if (config.mediaThreads !== undefined) configureMediaPool({ threads: config.mediaThreads });
  const jobs = createDbJobQueue(database.db, log, JOB_CATALOGUE, config.jobStaleAfterMs ? { staleAfterMs: config.jobStaleAfterMs } : {});
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
    payments: createPaymentProvider(config, database.db, jobs),
    clock: systemClock,
  };
}
