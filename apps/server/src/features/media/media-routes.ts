import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { files } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { CACHE_IMMUTABLE, sendStoredObject } from '../../files/send-stored-object.ts';

const mediaParams = z.strictObject({
  fileId: z.uuid('Not a file id'),
  variant: z.string().regex(/^[a-z0-9][a-z0-9x-]{0,40}$/, 'Not a media variant'),
});

/**
 * GET/HEAD /api/media/{sourceFileId}/{variant}: the derivatives the browser plays and shows (MP3 previews,
 * waveform peaks, resized art). A source file never changes and a derivative is a pure function of it, so
 * answers are immutable (a new algorithm gets a new variant name). Originals are never served here — paid
 * downloads go through their own checked route. Range and ETag are handled by sendStoredObject.
 */
export function registerMediaRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/api/media/:fileId/:variant',
    schema: { summary: 'A media derivative (preview, peaks, image) of a stored file', tags: ['media'], params: mediaParams },
    handler: async (request, reply) => {
      const { fileId, variant } = request.params;
      const [derivative] = await db
        .select({ storageKey: files.storageKey, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.derivedFromFileId, fileId), eq(files.variant, variant)));
      if (!derivative) throw notFound('That media file');
      return sendStoredObject(request, reply, storage, { key: derivative.storageKey, cacheControl: CACHE_IMMUTABLE, contentType: derivative.contentType });
    },
  });
}
