import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Everything the server reads from the environment, validated once at start.
 * Unset means the embedded default: PGlite in DATA_DIR, files on local disk, e-mail to an outbox.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Crate <no-reply@crate.local>'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** "false" runs the API without job workers (run `npm run worker` separately). */
  WORKERS: z.enum(['true', 'false']).default('true'),
  /** Worker threads that decode and analyse media (docs/decisions/0031); default: the cores but one. */
  MEDIA_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** After how long without a heartbeat a running job counts as its worker's death and is run again (default 5 min). */
  JOB_STALE_AFTER_MS: z.coerce.number().int().min(100).max(24 * 3600 * 1000).optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Proxy addresses whose X-Forwarded-For we believe (comma list, e.g. "127.0.0.1,10.0.0.0/8"); unset trusts none. */
  TRUST_PROXY: z.string().optional(),
  /** How long one process keeps an anonymous public API answer (0 turns the micro-cache off). */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** "memory": each API process answers search from its own in-memory index; "postgres": PostgreSQL answers every search. */
  SEARCH_INDEX: z.enum(['memory', 'postgres']).default('memory'),
  /** Stripe mode when set (with STRIPE_WEBHOOK_SECRET); otherwise the embedded sandbox takes payments. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends its requests, e.g. http://127.0.0.1:12111 for a local stand-in (default: Stripe's API). */
  STRIPE_API_URL: z.url().optional(),
  /**
   * "true" runs the embedded sandbox even with NODE_ENV=production (a staging site). Without it production
   * refuses to start with no Stripe keys: anything could be "paid" with a test card (decision 0033).
   */
  PAYMENTS_SANDBOX: z.enum(['true', 'false']).optional(),
  /** Sandbox: seconds a pending test card stays pending before it settles. */
  SANDBOX_PENDING_SECONDS: z.coerce.number().min(0).max(3600).default(8),
  /** Sandbox: where it POSTs its events (default: this server's own webhook endpoint). */
  SANDBOX_WEBHOOK_URL: z.url().optional(),
  /** Where recorded attribution events are POSTed in the Conversions API's shape (docs/decisions/0057); unset keeps them recorded, unsent. */
  ATTRIBUTION_ENDPOINT: z.url().optional(),
  /** The `access_token` sent with each batch. */
  ATTRIBUTION_TOKEN: z.string().min(1).optional(),
  /**
   * Turns on Prometheus metrics at /metrics (docs/operations.md): scrapers send `Authorization: Bearer <METRICS_TOKEN>`.
   * Unset, /metrics answers 404 and nothing is measured.
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /** Where a `npm run worker` process serves its /metrics (job runs are measured where they run), when METRICS_TOKEN is set. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9464),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /**
   * The origins whose pages are this site's (checkout's return pages, the portal's): PUBLIC_URL's, and when it
   * is not set, every loopback name of the listening port (http://127.0.0.1:3000 as well as localhost).
   */
  siteOrigins: string[];
  /** PGlite: `dir` null keeps the database in memory; `template` starts it from a dumped data directory (tests). */
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string | null; template?: string };
  authSecret: string;
  mail: { kind: 'smtp'; url: string; from: string } | { kind: 'outbox'; dir: string; from: string };
  storage:
    | { kind: 's3'; endpoint: string | undefined; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean }
    | { kind: 'local'; dir: string };
  workers: boolean;
  /** Threads of the media pool (media/media-pool.ts); undefined keeps its default. */
  mediaThreads?: number | undefined;
  /** The job queue's stale-lock window (db-job-queue.ts); undefined keeps the queue's default. */
  jobStaleAfterMs?: number | undefined;
  seedDemo: boolean;
  /** Addresses of reverse proxies allowed to set X-Forwarded-For (rate limits key on the client address). */
  trustProxy: string[];
  /** Seconds one process keeps an anonymous `Cache-Control: public` API answer (http/public-response-cache.ts). */
  publicCacheSeconds: number;
  /**
   * Whether endpoints' declared rate limits are enforced. Always on in a running server (no variable
   * turns it off); only tests that are about something else and make hundreds of calls switch it off.
   */
  rateLimits: boolean;
  /**
   * Which engine answers search (features/search, decision 0018): the process's in-memory index, built at
   * start and following the search outbox every `pollMs`, or PostgreSQL alone.
   */
  searchIndex: { kind: 'memory'; pollMs: number } | { kind: 'postgres' };
  /** Who takes payments (decision 0023). */
  payments:
    | { kind: 'sandbox'; webhookSecret: string; pendingMs: number; webhookUrl: string }
    | { kind: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: string | null };
  /** The attribution forwarder's receiver (features/tracking/attribution-forward-job.ts); null: forwarding is off. */
  attribution: { endpoint: string | null; token: string | null; timeoutMs: number };
  /** Prometheus metrics (observability/metrics.ts): null keeps /metrics off (404) and measures nothing. */
  metrics: { token: string; workerPort: number } | null;
  logLevel: string;
  production: boolean;
  /** Where the built web app lives; null when not serving it (tests of the API alone). */
  webDist: string | null;
}

/** How often an API process reads the search outbox: changes by other processes reach its index within this (plus the read). */
const SEARCH_OUTBOX_POLL_MS = 200;

/** How long the forwarder waits for the attribution receiver's answer before it counts the batch as failed. */
const ATTRIBUTION_TIMEOUT_MS = 10_000;

/** A secret kept in DATA_DIR so sessions survive restarts without any setup. */
function persistedSecret(dataDir: string, name = 'auth-secret', prefix = ''): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = prefix + randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function missing(name: string, because: string): never {
  throw new Error(`Invalid environment: ${name} is required when ${because} is set`);
}

/**
 * Production takes real payments or says why not: with NODE_ENV=production the sandbox (its card page and test
 * clock) runs only when PAYMENTS_SANDBOX=true says so (decision 0033).
 */
function checkPaymentsForProduction(e: z.infer<typeof envSchema>): void {
  if (e.STRIPE_SECRET_KEY && e.PAYMENTS_SANDBOX === 'true') {
    throw new Error('Invalid environment: PAYMENTS_SANDBOX=true and STRIPE_SECRET_KEY are both set; choose the sandbox or Stripe');
  }
  if (e.NODE_ENV !== 'production' || e.STRIPE_SECRET_KEY || e.PAYMENTS_SANDBOX === 'true') return;
  throw new Error(
    'Invalid environment: NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments ' +
      '(without them the sandbox would let anyone "pay" with a test card). Set both, or set PAYMENTS_SANDBOX=true to run the sandbox on purpose (a staging site).',
  );
}

/**
 * Where the embedded default keeps its data, and whether a PostgreSQL database replaces it, without the rest of
 * the configuration (and its side effects: loadConfig creates secrets in DATA_DIR) — for the backup tools.
 */
export function dataDirSetting(env: NodeJS.ProcessEnv = process.env): { dataDir: string; usesPostgres: boolean } {
  const e = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).parse(env);
  return { dataDir: path.resolve(e.DATA_DIR), usesPostgres: e.DATABASE_URL !== undefined };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  checkPaymentsForProduction(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const config: Config = {
    port,
    host: e.HOST,
    dataDir,
    publicUrl,
    siteOrigins: e.PUBLIC_URL ? [new URL(publicUrl).origin] : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`),
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    authSecret: e.AUTH_SECRET ?? persistedSecret(dataDir),
    mail: e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM } : { kind: 'outbox', dir: path.join(dataDir, 'outbox'), from: e.MAIL_FROM },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    workers: e.WORKERS === 'true',
    mediaThreads: e.MEDIA_THREADS,
    jobStaleAfterMs: e.JOB_STALE_AFTER_MS,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((a) => a.trim()).filter(Boolean) : [],
    seedDemo: e.SEED_DEMO === 'true',
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    rateLimits: true,
    searchIndex: e.SEARCH_INDEX === 'memory' ? { kind: 'memory', pollMs: SEARCH_OUTBOX_POLL_MS } : { kind: 'postgres' },
    payments: e.STRIPE_SECRET_KEY
      ? {
          kind: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? missing('STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'),
          apiUrl: e.STRIPE_API_URL ?? null,
        }
      : {
          kind: 'sandbox',
          webhookSecret: persistedSecret(dataDir, 'sandbox-webhook-secret', 'whsec_sandbox_'),
          pendingMs: e.SANDBOX_PENDING_SECONDS * 1000,
          webhookUrl: e.SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/payments/webhook`,
        },
    attribution: { endpoint: e.ATTRIBUTION_ENDPOINT ?? null, token: e.ATTRIBUTION_TOKEN ?? null, timeoutMs: ATTRIBUTION_TIMEOUT_MS },
    metrics: e.METRICS_TOKEN ? { token: e.METRICS_TOKEN, workerPort: e.METRICS_PORT } : null,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
  };
  return { ...config, ...overrides };
}
