import type { FastifyInstance, FastifyReply } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
import { getCreatorEarnings, statementCsv, statementPdf, type StatementFile } from './earnings-service.ts';

function sendStatement(reply: FastifyReply, contentType: string, file: StatementFile) {
  return reply.header('content-type', contentType).header('content-disposition', attachmentDisposition(file.fileName)).header('cache-control', CACHE_PERSONAL).send(file.body);
}

/**
 * A creator's or collaborator's own earnings (decision 0055): the summary on /creator and each approved month's
 * statement as PDF and CSV, and an affiliate's statements of their commissions (decision 0056). Only the viewer's own lines, whoever they are (admins read lines on /monthlypayout).
 */
export function registerEarningsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // ctx.clock read on each request: a test may put a clock it moves by hand there.
  registerEndpoint(app, API.getCreatorEarnings, async ({ viewer }) => getCreatorEarnings(db, viewer, ctx.clock.now()));
  registerEndpoint(app, API.downloadEarningsStatementPdf, async ({ viewer, params, reply }) => sendStatement(reply, 'application/pdf', await statementPdf(db, viewer, params.month, 'creator')));
  registerEndpoint(app, API.downloadEarningsStatementCsv, async ({ viewer, params, reply }) => sendStatement(reply, 'text/csv; charset=utf-8', await statementCsv(db, viewer, params.month, 'creator')));
  // An affiliate's statement of their commissions (decision 0056): the same files, made of referred payments.
  registerEndpoint(app, API.downloadAffiliateStatementPdf, async ({ viewer, params, reply }) => sendStatement(reply, 'application/pdf', await statementPdf(db, viewer, params.month, 'affiliate')));
  registerEndpoint(app, API.downloadAffiliateStatementCsv, async ({ viewer, params, reply }) => sendStatement(reply, 'text/csv; charset=utf-8', await statementCsv(db, viewer, params.month, 'affiliate')));
}
