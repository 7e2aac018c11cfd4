import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '@crate/contract/api-endpoints';
import { certificateNumberSchema } from '@crate/contract/commerce';
import { FILE_ROUTES } from '@crate/contract/file-routes';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition } from '../../files/content-disposition.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
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

  app.withTypeProvider<ZodTypeProvider>().route({
    method: [...FILE_ROUTES.licencePdf.methods],
    url: FILE_ROUTES.licencePdf.path,
    schema: { summary: 'My licence certificate as a PDF', tags: ['commerce'], params: z.strictObject({ number: certificateNumberSchema }) },
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      if (!viewer) throw new AppError('UNAUTHENTICATED', 'Sign in to download your certificate');
      const row = await findLicence(db, request.params.number);
      // Anyone may verify a certificate; only its holder downloads it.
      if (!row || row.holderUserId !== viewer.userId) throw notFound('That certificate');
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(`${row.certificateNumber}.pdf`))
        .header('cache-control', CACHE_PERSONAL);
      return reply.send(renderLicencePdf(presentCertificate(row), `${config.publicUrl}/licence/${row.certificateNumber}`));
    },
  });
}
