import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { sendStoredObject, sendsFromTheStart, type ResponsePlan } from '../../files/send-stored-object.ts';
import { CACHE_PRIVATE } from '../../http/cache-headers.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { findServableMedia, recordPreviewServe } from './media-service.ts';

/**
 * Public media may sit in browsers and CDNs for an hour without being asked again (a derivative never
 * changes); a takedown or unpublishing reaches every cache within that hour.
 */
const CACHE_PUBLIC_MEDIA = 'public, max-age=3600, immutable';
/**
 * A public preview stays an hour in the browser too, but a shared cache must ask us every time
 * (`s-maxage=0`; an unchanged preview is a 304): a listen is counted only after its preview was fetched
 * here (docs/decisions/0034), which a CDN answering alone would hide.
 */
const CACHE_PUBLIC_PREVIEW = 'public, max-age=3600, s-maxage=0, immutable';

/**
 * GET/HEAD /api/media/{sourceFileId}/{variant}: the derivatives the browser plays and shows (MP3 previews,
 * waveform peaks, resized art). Media follows the visibility of what it belongs to (media-policy.ts):
 * a draft's cover or a taken-down sound's preview is a 404 for everyone who may not see the draft or
 * the sound, and whatever is not public is answered `private` (the check runs again on every reuse).
 * Originals are never served here: only derivative rows of the variants above are looked up — paid
 * downloads go through their own checked route. Range and ETag are handled by sendStoredObject. A preview
 * fetched from its start is noted as served to this listener: trackPlay counts no listen longer than the
 * time since (docs/decisions/0034).
 */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;
  registerEndpoint(app, API.getMedia, async ({ params: { fileId, variant }, viewer, request, reply }) => {
    const { storageKey, contentType, isPublic, isPreview } = await findServableMedia(db, viewer, fileId, variant);
    // A new listen is a GET answered from the first byte, or a 304 for the browser's own copy; never the rest of one.
    const noteServe = async (plan: ResponsePlan) => {
      if (isPreview && request.method === 'GET' && (plan.kind === 'notModified' || sendsFromTheStart(plan))) await recordPreviewServe(ctx, viewer, request.ip, fileId);
    };
    const cacheControl = !isPublic ? CACHE_PRIVATE : isPreview ? CACHE_PUBLIC_PREVIEW : CACHE_PUBLIC_MEDIA;
    return sendStoredObject(request, reply, storage, { key: storageKey, cacheControl, contentType, onPlan: noteServe });
  });
}
