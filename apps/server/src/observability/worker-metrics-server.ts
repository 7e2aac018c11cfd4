import http from 'node:http';
import type { Logger } from 'pino';
import { answerScrape, type Metrics } from './metrics.ts';

/**
 * A `npm run worker` process has no API, yet its job runs are measured where they run: it answers GET /metrics
 * on its own port, with the same token and the same answers as the API's route. Any other address is a 404.
 */
export function serveWorkerMetrics(metrics: Metrics, token: string, address: { host: string; port: number }, log: Logger): http.Server {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const scrape = request.method === 'GET' && path === '/metrics' ? answerScrape(metrics, token, request.headers.authorization) : null;
    void (scrape ?? Promise.resolve(null)).then(
      (answer) => {
        if (answer?.status === 200) {
          response.writeHead(200, { 'content-type': answer.contentType, 'cache-control': 'no-store' }).end(answer.body);
          return;
        }
        const error = answer ?? { status: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${path}` };
        response
          .writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', ...(error.status === 401 ? { 'www-authenticate': 'Bearer' } : {}) })
          .end(JSON.stringify({ error: { code: error.code, message: error.message } }));
      },
      (error: unknown) => {
        log.error({ err: error }, 'worker metrics could not be collected');
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: { code: 'INTERNAL', message: 'The metrics could not be collected' } }));
      },
    );
  });
  server.listen(address.port, address.host, () => log.info(`worker metrics at http://${address.host}:${address.port}/metrics`));
  return server;
}
