import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
import { findHoldersLicence, presentCertificate, renderLicencePdf, verifyLicence } from './licence-service.ts';

/**
 * Licence certificates (decision 0022): anyone may verify one by its number (`/licence/{number}` in the web
 * app) — what it covers and whether it stands, never the holder's e-mail; its holder downloads it as a PDF.
 */
export function registerLicenceRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  registerEndpoint(app, API.verifyLicence, async ({ params }) => verifyLicence(db, params.number));

  registerEndpoint(app, API.downloadLicencePdf, async ({ params, viewer, reply }) => {
    const row = await findHoldersLicence(db, viewer, params.number);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(`${row.certificateNumber}.pdf`))
      .header('cache-control', CACHE_PERSONAL);
    return reply.send(renderLicencePdf(presentCertificate(row), `${config.publicUrl}/licence/${row.certificateNumber}`));
  });
}
