/**
 * Resumable uploads into a pack (docs/decisions/0025): the tus protocol (tus.io) served by @tus/server with
 * its file store in DATA_DIR, so an upload survives a dropped connection, a page reload (the browser client
 * keeps the upload's URL) and a server restart (offsets and metadata are on disk). Fastify routes the
 * request first — sign-in, the creator claim, CSRF, the upload budget and, for an existing upload, that it
 * is the caller's own — then hands it to tus; tus's answers are relayed, its errors in our JSON shape.
 * Creating an upload checks its pack, kind and size before a byte is sent; finishing it ingests the file.
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claims, decideAccess } from '@crate/contract/access';
import type { ApiErrorCode } from '@crate/contract/api-error';
import { classifyPackFile } from '@crate/contract/pack-file-kind';
import { ACCEPTED_FORMATS, formatBytes, STUDIO_LIMITS } from '@crate/contract/studio-limits';
import { uploadMetadataSchema } from '@crate/contract/studio-packs';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { budgetCheck } from '../../http/endpoint.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { findStudioPack } from './studio-pack-repository.ts';
import { assertEditable } from './studio-pack-service.ts';
import { assertRoom, ingestUpload, type UploadKind } from './ingest-upload.ts';

export const UPLOAD_PATH = '/api/studio/uploads';
/** An upload nobody finished is forgotten (its bytes deleted) after a week. */
const UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;
const uploadIdParams = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not a valid upload id') });

const STATUS_CODES: Record<number, ApiErrorCode> = { 400: 'VALIDATION_FAILED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 410: 'NOT_FOUND', 412: 'VALIDATION_FAILED', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 460: 'VALIDATION_FAILED' };
const errorJson = (code: string, message: string, field?: string) => JSON.stringify({ error: field ? { code, message, field } : { code, message } });

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

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = new FileStore({ directory: path.join(ctx.config.dataDir, 'uploads'), expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const viewers = new WeakMap<Request, { viewer: Viewer; ip: string | null }>();
  const callerOf = (req: Request) => viewers.get(req) ?? (() => { throw new AppError('UNAUTHENTICATED', 'Sign in to continue'); })();

  const tus = new Server({
    path: UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin header at all (tus would answer `*`).
    allowedOrigins: [],
    maxSize: STUDIO_LIMITS.zipMaxBytes,
    async onUploadCreate(req, upload) {
      const { viewer } = callerOf(req as unknown as Request);
      const metadata = parseMetadata(upload);
      if (upload.size === undefined) throw new AppError('VALIDATION_FAILED', 'Say how big the file is (Upload-Length).', 'Upload-Length');
      const kind = uploadKindOf(metadata.relativePath);
      if (upload.size === 0) throw new AppError('VALIDATION_FAILED', `"${metadata.relativePath}" is empty (0 bytes).`, 'file');
      const limit = kind === 'zip' ? STUDIO_LIMITS.zipMaxBytes : STUDIO_LIMITS.fileMaxBytes[kind];
      if (upload.size > limit) throw new AppError('PAYLOAD_TOO_LARGE', `"${metadata.relativePath}" is ${formatBytes(upload.size)}; ${kind === 'zip' ? 'a zip' : `a ${kind.toLowerCase()} file`} is at most ${formatBytes(limit)}.`, 'file');
      const pack = authorize(viewer, 'edit', await findStudioPack(ctx.db, metadata.packId), asPack, 'That pack');
      assertEditable(pack);
      await assertRoom(ctx, pack.creatorId, pack.id, upload.size, 1);
      return { metadata: { ...metadata, userId: viewer.userId, kind } };
    },
    async onUploadFinish(req, upload) {
      const { viewer, ip } = callerOf(req as unknown as Request);
      const metadata = upload.metadata ?? {};
      try {
        const result = await ingestUpload(
          ctx,
          viewer,
          { packId: metadata.packId!, relativePath: metadata.relativePath!, kind: metadata.kind as UploadKind, localPath: path.join(store.directory, upload.id), size: upload.size ?? upload.offset },
          ip,
        );
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(result) };
      } finally {
        await store.remove(upload.id).catch(() => undefined);
      }
    },
    async onResponseError(_req, error) {
      if (error instanceof AppError) return { status_code: error.status, body: errorJson(error.code, error.message, error.field) };
      if ('status_code' in error) return undefined;
      ctx.log.error({ err: error }, 'upload failed');
      return { status_code: 500, body: errorJson('INTERNAL', 'Something went wrong on our side. Try again in a moment.') };
    },
  });

  const spendBudget = app.rateLimitsEnforced ? budgetCheck(app, `POST ${UPLOAD_PATH}`, 'upload') : null;

  async function relay(request: FastifyRequest, reply: FastifyReply, viewer: Viewer) {
    if (request.headers['tus-resumable'] !== '1.0.0') throw new AppError('VALIDATION_FAILED', 'This is a tus upload endpoint: send Tus-Resumable: 1.0.0.', 'Tus-Resumable');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = request.method === 'PATCH' || request.method === 'POST' ? (Readable.toWeb(request.raw) as ReadableStream) : null;
    const web = new Request(new URL(request.url, 'http://upload.invalid'), { method: request.method, headers, body, duplex: 'half' } as RequestInit);
    viewers.set(web, { viewer, ip: request.ip || null });
    const response = await tus.handleWeb(web as never);
    const text = await response.text();
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'connection') void reply.header(name, value);
    });
    reply.status(response.status);
    if (response.status < 400) return text === '' ? reply.send() : reply.type('application/json').send(text);
    // tus's own refusals are plain text: the same JSON shape as every other error.
    const json = text.startsWith('{') ? text : errorJson(STATUS_CODES[response.status] ?? (response.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED'), text.trim() || `Upload refused (${response.status})`);
    return reply.type('application/json').send(json);
  }

  const signedInCreator = async (request: FastifyRequest): Promise<Viewer> => {
    const viewer = await request.viewer();
    if (!viewer) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    if (decideAccess(claims('creator'), viewer) !== 'allow') throw new AppError('FORBIDDEN', 'Only creators upload packs');
    return viewer;
  };

  /** The upload exists and was started by this user: anybody else's answers 404, as if it did not exist. */
  const ownUpload = async (viewer: Viewer, id: string) => {
    const upload = await store.getUpload(id).catch(() => null);
    if (!upload || upload.metadata?.userId !== viewer.userId) throw notFound('That upload');
  };

  void app.register(async (scope) => {
    // The body is tus's to read: no parser touches it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: UPLOAD_PATH,
      schema: { summary: 'Start a resumable (tus) upload of one pack file or a zip into a draft pack (metadata: packId, relativePath)', tags: ['studio'] },
      onRequest: async (request, reply) => {
        await signedInCreator(request);
        await spendBudget?.(request, reply);
      },
      handler: async (request, reply) => relay(request, reply, await signedInCreator(request)),
    });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${UPLOAD_PATH}/:id`,
      schema: { summary: 'Resume (HEAD for the offset, PATCH the next bytes) or cancel one of my uploads', tags: ['studio'], params: uploadIdParams },
      onRequest: async (request) => {
        await signedInCreator(request);
      },
      handler: async (request, reply) => {
        const viewer = await signedInCreator(request);
        await ownUpload(viewer, request.params.id);
        return relay(request, reply, viewer);
      },
    });
  });

  // Uploads abandoned for a week: their bytes go.
  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch((error: unknown) => ctx.log.warn({ err: error }, 'upload sweep failed')), 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
