import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
import {
  addAffiliateCode,
  affiliateMonthsCsv,
  getMyAffiliate,
  getUserAffiliate,
  listAffiliates,
  recordReferralClick,
  retireAffiliateCode,
  setUserAffiliate,
} from './affiliate-service.ts';

/**
 * The affiliate programme (issue 29, decision 0059): admins set an account's terms and see every affiliate's figures;
 * an affiliate keeps their codes and reads their own figures; anyone's click on a referral link is counted.
 */
export function registerAffiliateRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getUserAffiliate, async ({ viewer, params }) => getUserAffiliate(ctx, viewer, params.id));
  registerEndpoint(app, API.setUserAffiliate, async ({ viewer, params, body, request }) => setUserAffiliate(ctx, viewer, params.id, body, request.ip || null));
  registerEndpoint(app, API.listAffiliates, async ({ query }) => listAffiliates(ctx, query));
  registerEndpoint(app, API.getMyAffiliate, async ({ viewer }) => getMyAffiliate(ctx, viewer));
  registerEndpoint(app, API.addAffiliateCode, async ({ viewer, body, request }) => addAffiliateCode(ctx, viewer, body, request.ip || null));
  registerEndpoint(app, API.retireAffiliateCode, async ({ viewer, params, request }) => retireAffiliateCode(ctx, viewer, params.code, request.ip || null));
  registerEndpoint(app, API.downloadAffiliateMonths, async ({ viewer, reply }) => {
    const file = await affiliateMonthsCsv(ctx, viewer);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachmentDisposition(file.fileName)).header('cache-control', CACHE_PERSONAL).send(file.body);
  });
  registerEndpoint(app, API.recordReferralClick, async ({ body }) => recordReferralClick(ctx, body.code));
}
