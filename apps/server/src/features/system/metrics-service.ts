import type { AppContext } from '../../app-context.ts';
import { answerScrape, type MetricsAnswer } from '../../observability/metrics.ts';

/** GET /metrics on an API process: this process's metrics when they are on and the bearer token matches (docs/operations.md). */
export function scrapeMetrics(ctx: AppContext, authorization: string | undefined): Promise<MetricsAnswer> {
  return answerScrape(ctx.metrics, ctx.config.metrics?.token ?? null, authorization);
}
