import path from 'node:path';
import { ZipArchive } from 'archiver';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { attachmentDisposition, sanitiseDownloadName } from '../../files/content-disposition.ts';
import { planResponse, sendRangeNotSatisfiable, sendStoredObject, sendsFromTheStart, type ResponsePlan } from '../../files/send-stored-object.ts';
import { notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { CACHE_PERSONAL } from '../../http/private-by-default.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import type { LicenceCertificate } from '@crate/contract/commerce';
import { presentCertificate, renderLicencePdf } from '../licences/licence-service.ts';
import * as repo from './download-repository.ts';
import { presentDownload } from './download-presenters.ts';

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
export function registerDownloadRoutes(app: FastifyInstance, { db, storage, config }: AppContext): void {
  registerEndpoint(app, API.downloadItem, async ({ params, viewer, request, reply }) => {
    const found = await repo.findItemDownload(db, viewer.userId, params.id);
    authorize(viewer, 'download', found, asItem, 'That sound');
    if (!found?.storageKey || !found.fileId) throw notFound('That sound’s file');
    const { storageKey, fileId } = found;
    const record = async (plan: ResponsePlan) => {
      if (sendsANewCopy(request, plan)) await repo.recordDownloads(db, [{ userId: viewer.userId, itemId: found.itemId, ownedItemId: found.ownedItemId, fileId, ipAddress: request.ip }]);
    };
    const downloadName = `${found.name}${path.extname(found.originalName ?? '')}`;
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
    const rows = await repo.listOwnedPackFiles(db, viewer.userId, params.id);
    // Owning nothing in it, a pack has nothing to download: the same answer as a pack that does not exist.
    if (rows.length === 0) throw notFound('Sounds you own in that pack');
    const title = rows[0]!.packTitle;
    const folder = nameSegment(title);
    const headers = { 'content-type': 'application/zip', 'content-disposition': attachmentDisposition(`${folder}.zip`), 'cache-control': CACHE_PERSONAL };
    // A HEAD sends no zip: nothing is recorded and nothing read. Ranges are ignored: the zip is made as it streams.
    if (request.method === 'HEAD') return reply.headers(headers).send();
    await repo.recordDownloads(
      db,
      rows.filter((r) => r.isOriginal).map((r) => ({ userId: viewer.userId, itemId: r.itemId, ownedItemId: r.ownedItemId, fileId: r.fileId, ipAddress: request.ip })),
    );
    const entries = zipEntries(folder, rows);
    // Stored, not deflated: audio barely compresses, and the zip streams at the speed of reading the files.
    const archive = new ZipArchive({ store: true });
    // One storage read at a time: the next file is opened when the previous entry is written.
    let next = 0;
    const appendNext = async () => {
      const entry = entries[next++];
      if (!entry) return void archive.finalize();
      if (entry.licence) {
        return void archive.append(renderLicencePdf(entry.licence, `${config.publicUrl}/licence/${entry.licence.certificate_number}`), { name: entry.name });
      }
      const stored = await storage.get(entry.key!);
      if (!stored) return appendNext();
      archive.append(stored.body, { name: entry.name });
    };
    const fail = (error: unknown) => {
      request.log.error({ err: error }, 'pack zip failed');
      archive.abort();
      reply.raw.destroy(error instanceof Error ? error : new Error(String(error)));
    };
    archive.on('entry', () => void appendNext().catch(fail));
    archive.on('error', fail);
    reply.headers(headers);
    void appendNext().catch(fail);
    return reply.send(archive);
  });

  registerEndpoint(app, API.listDownloads, async ({ query, viewer }) => {
    const rows = await repo.listDownloads(db, viewer.userId, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
    return toPage(
      rows,
      query.limit,
      presentDownload,
      (r) => encodeCursor(r.downloadedAt.toISOString(), r.id),
    );
  });
}

/** A title or a sound's name as one path segment: a slash in it is part of the name, not a folder. */
const nameSegment = (name: string) => sanitiseDownloadName(name.replace(/[/\\]/g, '-'));

type PackFile = Awaited<ReturnType<typeof repo.listOwnedPackFiles>>[number];
/** A stored file, or a licence certificate rendered into the zip as a PDF. */
type ZipEntry = { name: string; key: string; licence?: undefined } | { name: string; licence: LicenceCertificate; key?: undefined };

/**
 * Names inside the zip: `Pack/01 Kick.wav` for a sound's own file, `Pack/01 Kick - Stem audio/<file>` for
 * the others, every segment sanitised and every name unique; then each sound's certificate as
 * `Pack/Licences/01 Kick - CRT-….pdf`.
 */
function zipEntries(folder: string, rows: PackFile[]): ZipEntry[] {
  const used = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      const extension = path.extname(name);
      candidate = `${name.slice(0, name.length - extension.length)} (${n})${extension}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  };
  const numbered = new Map<string, string>();
  for (const row of rows) if (!numbered.has(row.itemId)) numbered.set(row.itemId, `${String(numbered.size + 1).padStart(2, '0')} ${row.itemName}`);
  const entries: ZipEntry[] = rows.map((row) => {
    const sound = numbered.get(row.itemId)!;
    const name = row.isOriginal
      ? nameSegment(`${sound}${path.extname(row.originalName)}`)
      : `${nameSegment(`${sound} - ${row.kind ?? 'file'}`)}/${sanitiseDownloadName(row.originalName)}`;
    return { name: unique(`${folder}/${name}`), key: row.storageKey };
  });
  for (const r of new Map(rows.map((row) => [row.itemId, row])).values()) {
    entries.push({ name: unique(`${folder}/Licences/${nameSegment(`${numbered.get(r.itemId)} - ${r.certificateNumber}`)}.pdf`), licence: presentCertificate(r) });
  }
  return entries;
}
