import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition, sanitiseDownloadName } from '../../files/content-disposition.ts';
import { planResponse, sendRangeNotSatisfiable, sendStoredObject, sendsFromTheStart, type ResponsePlan } from '../../files/send-stored-object.ts';
import { notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
import { presentDownload } from './download-presenters.ts';
import { findItemDownload, findPackDownload, listDownloads, recordItemDownload } from './download-service.ts';

/** How long a signed download URL works: enough to start the download, too short to pass around. */
const SIGNED_URL_SECONDS = 60;

/**
 * Whether this answer is a download to record, judged by what it sends (decision 0021): a GET answered with
 * the whole file or with a range from its first byte. A resumed range, a HEAD, a 304 and a 416 send no new
 * copy; a Range in another unit gets (and records) the whole file; a malformed one gets 416, never the file.
 */
const sendsANewCopy = (request: FastifyRequest, plan: ResponsePlan) => request.method === 'GET' && sendsFromTheStart(plan);

/**
 * Downloads of what a user owns (docs/decisions/0021): one sound's original file, with HTTP ranges, and a
 * pack as one zip of the sounds they own in it (their stems, MIDI and presets too, and each licence certificate),
 * streamed entry by entry from storage so memory stays flat whatever the pack weighs. Both are file endpoints
 * of the API table (sign-in and the download budget checked before them); each records the download.
 */
export function registerDownloadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;
  registerEndpoint(app, API.downloadItem, async ({ params, viewer, request, reply }) => {
    const found = await findItemDownload(db, viewer, params.id);
    const { storageKey, downloadName } = found;
    const record = async (plan: ResponsePlan) => {
      if (sendsANewCopy(request, plan)) await recordItemDownload(db, viewer, found, request.ip);
    };
    // A store that signs URLs (S3) serves the bytes itself, for a minute, to whoever was just authorised here;
    // what it will send is decided here the same way, from the object's size and validators.
    if (storage.signedDownloadUrl) {
      const object = await storage.head(storageKey);
      if (!object) throw notFound('That sound’s file');
      const plan = planResponse(request, object);
      if (plan.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply.header('cache-control', CACHE_PERSONAL), object.size);
      await record(plan);
      const url = await storage.signedDownloadUrl(storageKey, {
        expiresInSeconds: SIGNED_URL_SECONDS,
        contentDisposition: attachmentDisposition(sanitiseDownloadName(downloadName)),
        contentType: 'application/octet-stream',
      });
      return reply.header('cache-control', CACHE_PERSONAL).redirect(url, 302);
    }
    return sendStoredObject(request, reply, storage, { key: storageKey, cacheControl: CACHE_PERSONAL, downloadName, contentType: found.contentType ?? undefined, onPlan: record });
  });

  registerEndpoint(app, API.downloadPack, async ({ params, viewer, request, reply }) => {
    const pack = await findPackDownload(ctx, viewer, params.id);
    const headers = { 'content-type': 'application/zip', 'content-disposition': attachmentDisposition(pack.fileName), 'cache-control': CACHE_PERSONAL };
    // A HEAD sends no zip: nothing is recorded and nothing read. Ranges are ignored: the zip is made as it streams.
    if (request.method === 'HEAD') return reply.headers(headers).send();
    await pack.record(request.ip);
    const zip = pack.zip((error) => {
      request.log.error({ err: error }, 'pack zip failed');
      reply.raw.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply.headers(headers).send(zip);
  });

  registerEndpoint(app, API.listDownloads, async ({ query, viewer }) => {
    const rows = await listDownloads(db, viewer.userId, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
    return toPage(
      rows,
      query.limit,
      presentDownload,
      (r) => encodeCursor(r.downloadedAt.toISOString(), r.id),
    );
  });
}
