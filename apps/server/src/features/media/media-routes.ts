import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { sendStoredObject } from '../../files/send-stored-object.ts';
import { CACHE_PRIVATE } from '../../http/cache-headers.ts';
import { AUDIO_VARIANTS } from '../../media/audio-derivatives.ts';
import { BANNER_VARIANTS, COVER_VARIANTS } from '../../media/cover-art.ts';
import { can } from '../../policies/can.ts';
import { asMedia } from '../../policies/media-policy.ts';
import { findDerivative, findMediaFacts } from './media-repository.ts';

/** The derivatives a browser may fetch: previews, peaks and resized art. Nothing else is a variant here. */
export const MEDIA_VARIANTS = [...Object.values(AUDIO_VARIANTS), ...Object.values(COVER_VARIANTS), ...Object.values(BANNER_VARIANTS)] as [string, ...string[]];

const mediaParams = z.strictObject({
  fileId: z.uuid('Not a file id'),
  variant: z.enum(MEDIA_VARIANTS, 'Not a media variant'),
});

/**
 * Public media may sit in browsers and CDNs for an hour without being asked again (a derivative never
 * changes); a takedown or unpublishing reaches every cache within that hour.
 */
export const CACHE_PUBLIC_MEDIA = 'public, max-age=3600, immutable';

/**
 * GET/HEAD /api/media/{sourceFileId}/{variant}: the derivatives the browser plays and shows (MP3 previews,
 * waveform peaks, resized art). Media follows the visibility of what it belongs to (media-policy.ts):
 * a draft's cover or a taken-down sound's preview is a 404 for everyone who may not see the draft or
 * the sound, and whatever is not public is answered `private` (the check runs again on every reuse).
 * Originals are never served here: only derivative rows of the variants above are looked up — paid
 * downloads go through their own checked route. Range and ETag are handled by sendStoredObject.
 */
export function registerMediaRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/api/media/:fileId/:variant',
    schema: { summary: 'A media derivative (preview, peaks, image) of a stored file, as visible as what it belongs to', tags: ['media'], params: mediaParams },
    handler: async (request, reply) => {
      const { fileId, variant } = request.params;
      const facts = await findMediaFacts(db, fileId);
      const derivative = facts ? await findDerivative(db, fileId, variant) : null;
      if (!facts || !derivative || !can(await request.viewer(), 'read', asMedia(facts))) throw notFound('That media file');
      const cacheControl = can(null, 'read', asMedia(facts)) ? CACHE_PUBLIC_MEDIA : CACHE_PRIVATE;
      return sendStoredObject(request, reply, storage, { key: derivative.storageKey, cacheControl, contentType: derivative.contentType });
    },
  });
}
