import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { JobLane } from '@crate/contract/jobs';
import { METRICS_CONTENT_TYPE } from '@crate/contract/health';

/** How a job run ended: done, failed and queued again (`retry`), or failed for good. */
export type JobOutcome = 'done' | 'retry' | 'failed';

/** What became of a payment provider's event at the webhook. */
type WebhookOutcome = 'processed' | 'duplicate' | 'failed' | 'bad_signature';

/**
 * The measurements of one process (docs/operations.md lists them and what to alert on), in its own registry:
 * prom-client's default process metrics (event-loop delay, heap, CPU) plus what the product counts. Gauges
 * read at scrape time are added by the parts that own their source (jobs/job-queue-gauges.ts,
 * db/database-gauges.ts, features/search/search-index-gauges.ts), each bounded in what it reads.
 */
export interface Metrics {
  readonly registry: Registry;
  /** A request was answered: `route` is the route's template (`/api/items/:slug`), never the URL asked for. */
  requestAnswered(method: string, route: string, statusCode: number, seconds: number): void;
  jobRan(name: string, lane: JobLane, outcome: JobOutcome, seconds: number): void;
  /** `type` is the verified event's type; an event whose signature failed is counted as `unverified`. */
  webhookEvent(type: string, outcome: WebhookOutcome): void;
}

/** Requests answered in a few ms up to slow exports: Prometheus' default buckets with 2.5 ms and 25 s added at the ends. */
const REQUEST_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25];
/** Jobs run from an e-mail (tens of ms) to a 300-file pack (minutes). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'crate_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'crate_job_duration_seconds',
    help: 'Time job runs took in this process, by job name, lane and outcome (done, retry, failed for good)',
    labelNames: ['name', 'lane', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'crate_webhook_events_total',
    help: 'Payment provider events received at the webhook, by event type and outcome',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    requestAnswered: (method, route, statusCode, seconds) => requests.observe({ method, route, status_class: statusClass(statusCode) }, seconds),
    jobRan: (name, lane, outcome, seconds) => jobs.observe({ name, lane, outcome }, seconds),
    webhookEvent: (type, outcome) => webhooks.inc({ type, outcome }),
  };
}

/**
 * A read that several gauges share at one scrape: prom-client starts every metric's collect in one pass, so
 * the first asks and the others get the same answer while it is under way; once it has settled, the next asks again.
 */
export function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the metrics token, compared in constant time. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

export type MetricsAnswer =
  | { status: 200; contentType: string; body: string }
  | { status: 401 | 404; code: 'UNAUTHENTICATED' | 'NOT_FOUND'; message: string };

/**
 * What a scrape gets, from the API's /metrics route and from a worker's metrics server alike: 404 when metrics
 * are off (as if there were no such address), 401 without the token, else the registry in Prometheus' text format.
 */
export async function answerScrape(metrics: Metrics | null, token: string | null, authorization: string | undefined): Promise<MetricsAnswer> {
  if (!metrics || !token) return { status: 404, code: 'NOT_FOUND', message: 'No route GET /metrics' };
  if (!bearerMatches(authorization, token)) return { status: 401, code: 'UNAUTHENTICATED', message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>' };
  return { status: 200, contentType: METRICS_CONTENT_TYPE, body: await metrics.registry.metrics() };
}
