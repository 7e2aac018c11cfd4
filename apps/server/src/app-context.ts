import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AuthLibrary } from './features/auth/auth-library.ts';
import type { PaymentProvider } from './features/payments/payment-provider.ts';
import type { PayoutProvider } from './features/payments/payout-provider.ts';
import type { AppJobQueue } from './jobs/job-catalogue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './observability/metrics.ts';
import type { ObjectStorage } from './storage/object-storage.ts';

/** The real parts one server process runs on; built once in main.ts (or per test) and handed to features. */
export interface AppContext {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: ObjectStorage;
  jobs: AppJobQueue;
  auth: AuthLibrary;
  /** Who takes payments: the embedded sandbox or Stripe (decision 0023). */
  payments: PaymentProvider;
  /** Who sends creators' money: the sandbox's stand-in or Stripe Connect, chosen with `payments` (decision 0053). */
  payouts: PayoutProvider;
  /** The time the play and sign-in rules go by (docs/decisions/0034, 0036); a test may put a clock it moves by hand here. */
  clock: Clock;
  /** Prometheus metrics (observability/metrics.ts); null when METRICS_TOKEN is not set: nothing is measured. */
  metrics: Metrics | null;
}
