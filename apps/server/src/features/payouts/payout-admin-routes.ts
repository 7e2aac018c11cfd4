import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { encodeCursor, toPage } from '../../http/page-cursor.ts';
import { presentLineSpends, presentPayoutLine, presentPayoutMonth, presentPayoutMonthSummary } from './payout-admin-presenter.ts';
import { approvePayoutMonth, exportPayoutMonth, getLineSpends, getPayoutMonth, listPayoutLines, listPayoutMonths, recomputePayoutMonth } from './payout-admin-service.ts';

/**
 * The admins' monthly payouts (issue 28, docs/decisions/0054): the months, a month's totals and lines, the ledger
 * rows behind a line, recompute, approve and the CSV. Paying is its own route (payout-pay-routes).
 */
export function registerPayoutAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.clock.now();

  registerEndpoint(app, API.listMonthlyPayouts, async ({ query }) => toPage(await listPayoutMonths(db, query), query.limit, presentPayoutMonthSummary(now()), (r) => encodeCursor(r.month, r.id)));

  registerEndpoint(app, API.getMonthlyPayout, async ({ viewer, params }) => presentPayoutMonth(await getPayoutMonth(db, viewer, params.id), now()));

  registerEndpoint(app, API.listMonthlyPayoutLines, async ({ viewer, params, query }) => {
    const { rows, offset } = await listPayoutLines(db, viewer, params.id, query);
    return toPage(rows, query.limit, presentPayoutLine, () => encodeCursor(offset + query.limit, params.id));
  });

  registerEndpoint(app, API.listPayoutLineSpends, async ({ viewer, params, query }) => {
    return presentLineSpends(await getLineSpends(db, viewer, params.id, params.lineId, query), !query.cursor);
  });

  registerEndpoint(app, API.computeMonthlyPayout, async ({ viewer, params, request }) => presentPayoutMonth(await recomputePayoutMonth(ctx, viewer, params.id, request.ip || null), now()));

  registerEndpoint(app, API.approveMonthlyPayout, async ({ viewer, params }) => presentPayoutMonth(await approvePayoutMonth(ctx, viewer, params.id), now()));

  registerEndpoint(app, API.exportMonthlyPayout, async ({ viewer, params, reply }) => {
    const csv = await exportPayoutMonth(db, viewer, params.id);
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachmentDisposition(csv.fileName)).header('Cache-Control', 'private, no-store').send(csv.body);
  });
}
