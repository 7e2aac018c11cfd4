/**
 * Resumable uploads into a pack (docs/decisions/0025): the tus protocol (tus.io) served by @tus/server with
 * its file store in DATA_DIR, so an upload survives a dropped connection, a page reload (the browser client
 * keeps the upload's URL) and a server restart (offsets and metadata are on disk). Each tus request is an
 * endpoint of the API table (createUpload, getUploadOffset, continueUpload, cancelUpload), so sign-in, the
 * creator claim, CSRF, the upload budget and the id are checked first; the handler refuses an address with
 * anything after the upload id, then hands the request to tus with the id its route validated, and tus asks the upload policy about that
 * id before it touches the upload (decision 0032); tus's answers are relayed, its errors in our JSON shape.
 * Creating an upload checks its pack, kind and size and reserves its room before a byte is sent; finishing it
 * ingests the file.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import { UPLOADS_PATH } from '@crate/contract/file-endpoints';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { Viewer } from '../../http/viewer.ts';
import { createUploadService } from './upload-service.ts';

/**
 * An upload's address is exactly its path: tus reads the id from the end of the whole URL, so anything after
 * the path (`?x=/<another id>`, `#/…`) or another spelling of the id is refused rather than interpreted.
 */
function assertExactAddress(request: FastifyRequest, expected: string): void {
  if (request.url === expected) return;
  if (/[?#]/.test(request.url)) throw new AppError('VALIDATION_FAILED', 'An upload’s address takes no query string: send to the Location the upload was created with.');
  throw new AppError('VALIDATION_FAILED', 'That is not an upload’s address: send to the Location the upload was created with.');
}

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const uploads = createUploadService(ctx);

  /** Hands the request to tus (upload-service.ts) at the address of `uploadId` (or of the upload endpoint), and relays its answer. */
  async function relay(request: FastifyRequest, reply: FastifyReply, viewer: Viewer, uploadId: string | null) {
    if (request.headers['tus-resumable'] !== '1.0.0') throw new AppError('VALIDATION_FAILED', 'This is a tus upload endpoint: send Tus-Resumable: 1.0.0.', 'Tus-Resumable');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = request.method === 'PATCH' || request.method === 'POST' ? (Readable.toWeb(request.raw) as ReadableStream) : null;
    const answer = await uploads.handle({ method: request.method, headers, body, viewer, ip: request.ip || null, uploadId });
    for (const [name, value] of answer.headers) void reply.header(name, value);
    reply.status(answer.status);
    return answer.body === null ? reply.send() : reply.type('application/json').send(answer.body);
  }

  registerEndpoint(app, API.createUpload, async ({ viewer, request, reply }) => {
    assertExactAddress(request, UPLOADS_PATH);
    return relay(request, reply, viewer, null);
  });
  /** HEAD, PATCH or DELETE of one upload: its address is exactly the path naming the id the route validated. */
  const onUpload = async ({ params, viewer, request, reply }: { params: { id: string }; viewer: Viewer; request: FastifyRequest; reply: FastifyReply }) => {
    assertExactAddress(request, `${UPLOADS_PATH}/${params.id}`);
    return relay(request, reply, viewer, params.id);
  };
  registerEndpoint(app, API.getUploadOffset, onUpload);
  registerEndpoint(app, API.continueUpload, onUpload);
  registerEndpoint(app, API.cancelUpload, onUpload);
}
