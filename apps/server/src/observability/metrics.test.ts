import { describe, expect, it } from 'vitest';
import { answerScrape, createMetrics, sharedPerScrape } from './metrics.ts';

const TOKEN = 'a-metrics-token-of-at-least-thirty-two-characters';

describe('answerScrape', () => {
  const metrics = createMetrics();

  it('is 404 when metrics are off, 401 without the right bearer token', async () => {
    expect(await answerScrape(null, null, `Bearer ${TOKEN}`)).toMatchObject({ status: 404 });
    for (const authorization of [undefined, '', TOKEN, `Bearer ${TOKEN}x`, `bearer ${TOKEN}`, `Basic ${TOKEN}`]) {
      expect(await answerScrape(metrics, TOKEN, authorization), String(authorization)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });

  it('answers the registry in the Prometheus text format with the token', async () => {
    metrics.requestAnswered('GET', '/api/items/:slug', 404, 0.003);
    const answer = await answerScrape(metrics, TOKEN, `Bearer ${TOKEN}`);
    expect(answer).toMatchObject({ status: 200, contentType: 'text/plain; version=0.0.4; charset=utf-8' });
    expect(answer.status === 200 && answer.body).toContain('crate_http_request_duration_seconds_count{method="GET",route="/api/items/:slug",status_class="4xx"} 1');
  });
});

describe('sharedPerScrape', () => {
  it('shares one read among the gauges of a scrape, and reads again at the next', async () => {
    let reads = 0;
    const read = sharedPerScrape(async () => ++reads);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(2);
  });
});
