import type { FastifyInstance, FastifyReply } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { exportItemAnalytics, exportPackAnalytics, getItemAnalytics, getPackAnalytics, type CsvExport } from './analytics-service.ts';

function sendCsv(reply: FastifyReply, csv: CsvExport) {
  return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachmentDisposition(csv.fileName)).send(csv.body);
}

export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getItemAnalytics, async ({ viewer, params, query }) => getItemAnalytics(ctx.db, viewer, params.slug, query));
  registerEndpoint(app, API.getPackAnalytics, async ({ viewer, params, query }) => getPackAnalytics(ctx.db, viewer, params.id, query));
  registerEndpoint(app, API.exportItemAnalytics, async ({ viewer, params, query, reply }) => sendCsv(reply, await exportItemAnalytics(ctx.db, viewer, params.slug, query)));
  registerEndpoint(app, API.exportPackAnalytics, async ({ viewer, params, query, reply }) => sendCsv(reply, await exportPackAnalytics(ctx.db, viewer, params.id, query)));
}
