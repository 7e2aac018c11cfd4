import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
import {
  acceptReleaseCounter,
  answerRelease,
  findPartysSplitSheet,
  listMyReleases,
  listReleaseRequests,
  proposeReleaseSplit,
  registerRelease,
  verifySplitSheet,
  withdrawRelease,
} from './release-service.ts';
import { renderSplitSheetPdf } from './split-sheet-pdf-presenter.ts';

/**
 * Releases and split sheets (decisions 0063, 0064): a producer registers a release and decides on counters; its writers
 * answer; anyone verifies an agreed split sheet by its number, and its parties download it as a PDF.
 */
export function registerReleaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.proposeReleaseSplit, async ({ viewer, body }) => proposeReleaseSplit(ctx, viewer, body.sounds));
  registerEndpoint(app, API.registerRelease, async ({ viewer, body }) => registerRelease(ctx, viewer, body));
  registerEndpoint(app, API.listMyReleases, async ({ viewer }) => listMyReleases(ctx, viewer));
  registerEndpoint(app, API.listReleaseRequests, async ({ viewer }) => listReleaseRequests(ctx, viewer));
  registerEndpoint(app, API.answerRelease, async ({ viewer, params, body }) => answerRelease(ctx, viewer, params.id, body));
  registerEndpoint(app, API.acceptReleaseCounter, async ({ viewer, params }) => acceptReleaseCounter(ctx, viewer, params.id, params.userId));
  registerEndpoint(app, API.withdrawRelease, async ({ viewer, params }) => withdrawRelease(ctx, viewer, params.id));
  registerEndpoint(app, API.verifySplitSheet, async ({ params }) => verifySplitSheet(ctx, params.number));

  registerEndpoint(app, API.downloadSplitSheetPdf, async ({ params, viewer, reply }) => {
    const sheet = await findPartysSplitSheet(ctx, viewer, params.number);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(`${sheet.number}.pdf`))
      .header('cache-control', CACHE_PERSONAL);
    return reply.send(renderSplitSheetPdf(sheet, `${ctx.config.publicUrl}/splitsheet/${sheet.number}`));
  });
}
