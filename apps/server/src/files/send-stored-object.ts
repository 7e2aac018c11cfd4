import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/app-error.ts';
import { apiErrorBody } from '../http/error-handler.ts';
import { normaliseContentType, type ObjectStorage, type StoredObject } from '../storage/object-storage.ts';
import { decideRange, type RangeDecision } from './byte-range.ts';
import { attachmentDisposition } from './content-disposition.ts';

/**
 * Types a browser may show inline from our origin: media, raster images and JSON (waveform peaks; with
 * nosniff a browser never runs it as script) cannot execute. Anything
 * else (HTML, SVG, JavaScript, XML, PDFs, archives, presets …) is always sent as an opaque
 * `application/octet-stream` attachment — with nosniff, not even a `<script src>` will run it — so an
 * uploaded file can never execute on our origin, whatever type the uploader declared.
 */
const INLINE_SAFE = /^(audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|image\/(png|jpeg|gif|webp|avif)|application\/json)$/;

export interface SendStoredObjectOptions {
  key: string;
  /** Cache-Control to send: CACHE_IMMUTABLE, CACHE_PRIVATE (http/cache-headers.ts) or another policy. */
  cacheControl: string;
  /** Send as a download named after this (the user's original file name, sanitised here). */
  downloadName?: string | null;
  /** The content type to announce instead of the stored one (e.g. from the files table). */
  contentType?: string;
  /** Told what the answer will send before it is sent (a download is recorded by what it sends). */
  onPlan?: (plan: ResponsePlan) => Promise<void>;
}

/** What a request for a stored object is answered with: 304, or the range decision (200, 206 or 416). */
export type ResponsePlan = { kind: 'notModified' } | RangeDecision;

/** Whether the answer sends the object from its first byte: the whole of it, or a range from 0 (a new copy, not the rest of one). */
export const sendsFromTheStart = (plan: ResponsePlan) => plan.kind === 'full' || (plan.kind === 'partial' && plan.start === 0);

/** The answer this request gets for this object, decided once, for whoever sends it (us, or a store's signed URL). */
export function planResponse(request: FastifyRequest, object: Pick<StoredObject, 'etag' | 'lastModified' | 'size'>): ResponsePlan {
  if (isNotModified(request, object)) return { kind: 'notModified' };
  return rangeStillApplies(request, object) ? decideRange(request.headers.range, object.size) : { kind: 'full' };
}

/** 416 with the object's size, in the JSON error shape. */
export function sendRangeNotSatisfiable(reply: FastifyReply, size: number, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(416)
    .headers({ ...headers, 'Content-Range': `bytes */${size}` })
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(apiErrorBody(reply.request, 'RANGE_NOT_SATISFIABLE', `The file has ${size} bytes; the requested range is outside it or not a range`)));
}

/** `"a", W/"b"` → ['"a"', '"b"'] (weak comparison, as If-None-Match uses). */
function entityTags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}

function isNotModified(request: FastifyRequest, object: Pick<StoredObject, 'etag' | 'lastModified'>): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = entityTags(ifNoneMatch);
    return tags.includes('*') || tags.includes(object.etag.replace(/^W\//, ''));
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have whole seconds.
    return !Number.isNaN(since) && Math.floor(object.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/** If-Range: the range applies only while the client's copy is still current (strong comparison). */
function rangeStillApplies(request: FastifyRequest, object: Pick<StoredObject, 'etag' | 'lastModified'>): boolean {
  const header = request.headers['if-range'];
  const ifRange = Array.isArray(header) ? header[0] : header;
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"')) return ifRange === object.etag;
  if (ifRange.startsWith('W/')) return false;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(object.lastModified.getTime() / 1000) * 1000 === date;
}

/**
 * Streams a stored object as the reply, the way players and download managers expect: ETag and
 * Last-Modified with If-None-Match / If-Modified-Since → 304; one byte range → 206 with Content-Range
 * (If-Range honoured; a range past the end or malformed → 416; several ranges → the whole object; see
 * byte-range.ts); `onPlan` hears which before a byte is sent; Accept-Ranges,
 * Content-Length and the given Cache-Control on every answer; downloads get a sanitised
 * `Content-Disposition: attachment` from the user's file name. HEAD answers the same headers and never
 * opens the object. A missing object is a JSON 404.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  options: SendStoredObjectOptions,
): Promise<FastifyReply> {
  const object = await storage.head(options.key);
  if (!object) throw notFound('File');

  const declared = normaliseContentType(options.contentType ?? object.contentType);
  const download = options.downloadName !== undefined;
  const safe = INLINE_SAFE.test(declared.split(';')[0]!.trim());
  const inline = !download && safe;
  // Headers are set only once nothing can fail any more, so an error still leaves as plain JSON.
  const validators = {
    ETag: object.etag,
    'Last-Modified': object.lastModified.toUTCString(),
    'Cache-Control': options.cacheControl,
    'Accept-Ranges': 'bytes',
  };

  const decision = planResponse(request, object);
  await options.onPlan?.(decision);
  if (decision.kind === 'notModified') return reply.code(304).headers(validators).send();
  if (decision.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply, object.size, validators);
  const range = decision.kind === 'partial' ? { start: decision.start, end: decision.end } : undefined;

  let body: Readable;
  if (request.method === 'HEAD') {
    // Fastify would read a real stream to the end to discard it; an empty one keeps our Content-Length.
    body = Readable.from([]);
  } else {
    const got = await storage.get(options.key, range);
    if (!got) throw notFound('File');
    body = got.body;
  }

  reply.headers({
    ...validators,
    'Content-Type': safe ? declared : 'application/octet-stream',
    'Content-Length': String(range ? range.end - range.start + 1 : object.size),
  });
  if (!inline) reply.header('Content-Disposition', attachmentDisposition(options.downloadName ?? ''));
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
  else reply.code(200);
  return reply.send(body);
}
