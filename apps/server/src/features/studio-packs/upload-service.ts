import { Server, type Upload } from '@tus/server';
import type { ApiErrorCode } from '@crate/contract/api-error';
import { UPLOADS_PATH } from '@crate/contract/file-endpoints';
import { classifyPackFile } from '@crate/contract/pack-file-kind';
import { ACCEPTED_FORMATS, formatBytes, STUDIO_LIMITS } from '@crate/contract/studio-limits';
import { uploadMetadataSchema, type UploadResult } from '@crate/contract/studio-packs';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { asUpload, type UploadAction } from '../../policies/upload-policy.ts';
import { findStudioPack } from './studio-pack-repository.ts';
import { assertEditable } from './studio-pack-service.ts';
import { ingestUpload, type UploadKind } from './ingest-upload.ts';
import { releaseUploadRoom, reserveUploadRoom, UPLOAD_EXPIRY_MS } from './upload-room.ts';
import { createUploadStore } from './upload-store.ts';
import { currentRequestId } from '../../observability/request-scope.ts';

/**
 * Resumable uploads into a pack (docs/decisions/0025), served by @tus/server with its store in DATA_DIR or in S3
 * and its lock shared by every API process (upload-store.ts, decision 0067).
 * The routes (upload-routes.ts) check who is asking and the address, then hand each tus request here as plain
 * values: tus answers it at the address of the id the route validated, and asks the upload policy about that id
 * before it touches the upload (decision 0032). Creating an upload checks its pack, kind and size and reserves its
 * room before a byte is sent; finishing it ingests the file, or queues a zip to be unpacked (decision 0060); an
 * upload that ends without files gives its room back.
 */

const STATUS_CODES: Record<number, ApiErrorCode> = { 400: 'VALIDATION_FAILED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 410: 'NOT_FOUND', 412: 'VALIDATION_FAILED', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 460: 'VALIDATION_FAILED' };
/** The API's error shape (http/error-handler.ts) for tus's answers, with the id of the request being answered. */
const errorJson = (code: string, message: string, field?: string) => JSON.stringify({ error: { code, message, ...(field ? { field } : {}), requestId: currentRequestId() ?? undefined } });
/** What a request on an existing upload does to it, for the upload policy. */
const UPLOAD_ACTIONS: Record<string, UploadAction> = { HEAD: 'read', GET: 'read', PATCH: 'write', DELETE: 'cancel' };

/** Who is asking, and the one upload id their route validated: the only id tus may use for them. */
interface Caller {
  viewer: Viewer;
  ip: string | null;
  uploadId: string | null;
  /** The new upload whose room was reserved while this request created it (given back if creating fails). */
  reserved?: string;
}

/** What kind an upload is by its path: a zip of the pack, or one pack file; refused when it is neither. */
function uploadKindOf(relativePath: string): UploadKind {
  if (/\.zip$/i.test(relativePath)) return 'zip';
  const kind = classifyPackFile(relativePath);
  if (!kind) {
    const formats = [...ACCEPTED_FORMATS.sound, ...ACCEPTED_FORMATS.midi, ...ACCEPTED_FORMATS.image, ...ACCEPTED_FORMATS.archive, 'presets'].join(', ');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${relativePath}" is not a file a pack takes (${formats}).`, 'relativePath');
  }
  return kind;
}

function parseMetadata(upload: Upload) {
  const parsed = uploadMetadataSchema.safeParse(Object.fromEntries(Object.entries(upload.metadata ?? {}).filter(([key]) => key !== 'name' && key !== 'type')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('VALIDATION_FAILED', `Upload-Metadata ${issue.path.join('.') || ''}: ${issue.message}`.replace(/ : /, ': '), String(issue.path[0] ?? 'metadata'));
  }
  if (/\p{Cc}/u.test(parsed.data.relativePath)) throw new AppError('VALIDATION_FAILED', 'A file name cannot contain control characters.', 'relativePath');
  return parsed.data;
}

/** A tus request, as the route read it. */
export interface UploadRequest {
  method: string;
  headers: Headers;
  /** The bytes of a POST or PATCH; null for the others. */
  body: ReadableStream | null;
  viewer: Viewer;
  ip: string | null;
  /** The upload the route's address names (validated), or null for the upload endpoint itself. */
  uploadId: string | null;
}

/** tus's answer: its status and headers, and its body — JSON, an error always in our JSON shape — or null when empty. */
export interface UploadAnswer {
  status: number;
  headers: [string, string][];
  body: string | null;
}

export function createUploadService(ctx: AppContext): { handle(request: UploadRequest): Promise<UploadAnswer> } {
  const uploadStore = createUploadStore(ctx);
  const store = uploadStore.datastore;
  const callers = new WeakMap<Request, Caller>();
  const callerOf = (req: Request) => callers.get(req) ?? (() => { throw new AppError('UNAUTHENTICATED', 'Sign in to continue'); })();

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    locker: uploadStore.locker,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin header at all (tus would answer `*`).
    allowedOrigins: [],
    // Creating an upload is sized by onUploadCreate, which names the file and its kind's limit ("a zip is at most
    // 4 GB"); tus's own check would refuse first with a bare "Maximum size exceeded". A body never exceeds the
    // declared length, and a length can only be declared at creation (onUploadCreate refuses a deferred one).
    maxSize: (req) => (req.method === 'POST' ? 0 : STUDIO_LIMITS.zipMaxBytes),
    // tus would take the last segment of the whole URL, query string included: it gets the id the route validated.
    getFileIdFromRequest: (req) => callerOf(req as unknown as Request).uploadId ?? undefined,
    // Every request on an existing upload (HEAD, PATCH, DELETE, GET) passes the upload policy for the very id tus uses.
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const caller = callerOf(req as unknown as Request);
      const action = UPLOAD_ACTIONS[req.method];
      if (!action || id !== caller.uploadId) throw notFound('That upload');
      const upload = await store.getUpload(id).catch(() => null);
      authorize(caller.viewer, action, upload, (u) => asUpload({ startedByUserId: u.metadata?.userId ?? null }), 'That upload');
    },
    async onUploadCreate(req, upload) {
      const caller = callerOf(req as unknown as Request);
      const { viewer } = caller;
      const metadata = parseMetadata(upload);
      if (upload.size === undefined) throw new AppError('VALIDATION_FAILED', 'Say how big the file is (Upload-Length).', 'Upload-Length');
      const kind = uploadKindOf(metadata.relativePath);
      if (upload.size === 0) throw new AppError('VALIDATION_FAILED', `"${metadata.relativePath}" is empty (0 bytes).`, 'file');
      const limit = kind === 'zip' ? STUDIO_LIMITS.zipMaxBytes : STUDIO_LIMITS.fileMaxBytes[kind];
      if (upload.size > limit) throw new AppError('PAYLOAD_TOO_LARGE', `"${metadata.relativePath}" is ${formatBytes(upload.size)}; ${kind === 'zip' ? 'a zip' : `a ${kind.toLowerCase()} file`} is at most ${formatBytes(limit)}.`, 'file');
      const pack = authorize(viewer, 'edit', await findStudioPack(ctx.db, metadata.packId), asPack, 'That pack');
      assertEditable(pack);
      const room = { uploadId: upload.id, startedByUserId: viewer.userId, creatorId: pack.creatorId, packId: pack.id, bytes: upload.size, files: 1, what: `"${metadata.relativePath}"` };
      await reserveUploadRoom(ctx, room, new Date(Date.now() + UPLOAD_EXPIRY_MS));
      caller.reserved = upload.id;
      return { metadata: { ...metadata, userId: viewer.userId, kind } };
    },
    async onUploadFinish(req, upload) {
      const { viewer, ip } = callerOf(req as unknown as Request);
      const metadata = upload.metadata ?? {};
      let result: UploadResult | null = null;
      const bytes = uploadStore.finished(upload.id);
      try {
        result = await ingestUpload(
          ctx,
          viewer,
          { uploadId: upload.id, packId: metadata.packId!, relativePath: metadata.relativePath!, kind: metadata.kind as UploadKind, bytes, size: upload.size ?? upload.offset },
          ip,
        );
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(result) };
      } finally {
        await bytes.release();
        await store.remove(upload.id).catch(() => undefined);
        // A zip being unpacked keeps its room until its job has stored its files (zip-import-job.ts).
        if (!result?.zip_import) await releaseUploadRoom(ctx, upload.id);
      }
    },
    async onResponseError(_req, error) {
      if (error instanceof AppError) return { status_code: error.status, body: errorJson(error.code, error.message, error.field) };
      if ('status_code' in error) return undefined;
      ctx.log.error({ err: error }, 'upload failed');
      return { status_code: 500, body: errorJson('INTERNAL', 'Something went wrong on our side. Try again in a moment.') };
    },
  });

  return {
    /** Hands the request to tus at the address of its upload id (or of the upload endpoint) — never at the URL as sent. */
    async handle({ method, headers, body, viewer, ip, uploadId }) {
      const address = uploadId === null ? UPLOADS_PATH : `${UPLOADS_PATH}/${uploadId}`;
      const web = new Request(new URL(address, 'http://upload.invalid'), { method, headers, body, duplex: 'half' } as RequestInit);
      const caller: Caller = { viewer, ip, uploadId };
      callers.set(web, caller);
      const response = await tus.handleWeb(web as never);
      // The upload ended without files (cancelled, or refused while being created): its room is given back.
      if (method === 'DELETE' && response.status === 204 && uploadId !== null) await releaseUploadRoom(ctx, uploadId);
      if (caller.reserved !== undefined && response.status >= 400) await releaseUploadRoom(ctx, caller.reserved);
      const text = await response.text();
      const answerHeaders: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'connection') answerHeaders.push([name, value]);
      });
      if (response.status < 400) return { status: response.status, headers: answerHeaders, body: text === '' ? null : text };
      // tus's own refusals are plain text: the same JSON shape as every other error.
      const json = text.startsWith('{') ? text : errorJson(STATUS_CODES[response.status] ?? (response.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED'), text.trim() || `Upload refused (${response.status})`);
      return { status: response.status, headers: answerHeaders, body: json };
    },
  };
}
