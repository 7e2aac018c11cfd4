import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
import { authorize } from '../../policies/can.ts';
import { asLicence } from '../../policies/licence-policy.ts';
import { findLicence } from './licence-repository.ts';
import { presentCertificate, renderLicencePdf } from './licence-service.ts';

/**
 * Licence certificates (decision 0022): anyone may verify one by its number (`/licence/{number}` in the web
 * app) — what it covers and whether it stands, never the holder's e-mail; its holder downloads it as a PDF.
 */
export function registerLicenceRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  registerEndpoint(app, API.verifyLicence, async ({ params }) => {
    const row = await findLicence(db, params.number);
    if (!row) throw notFound('That certificate');
    return { ...presentCertificate(row), valid: row.valid };
  });

  registerEndpoint(app, API.downloadLicencePdf, async ({ params, viewer, reply }) => {
    // Anyone may verify a certificate; only its holder downloads it.
    const row = authorize(viewer, 'read', await findLicence(db, params.number), asLicence, 'That certificate');
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(`${row.certificateNumber}.pdf`))
      .header('cache-control', CACHE_PERSONAL);
    return reply.send(renderLicencePdf(presentCertificate(row), `${config.publicUrl}/licence/${row.certificateNumber}`));
  });
}
