import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { mkdtemp, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3 server for tests: s3rver (S3 written in Node, on a random port) plus the three multipart calls it lacks and
 * tus's S3 store makes — ListParts (an upload's offset), AbortMultipartUpload (a cancelled upload) and
 * ListMultipartUploads (the sweep of abandoned ones). They are answered here from s3rver's own record of each
 * multipart upload (a folder per upload id holding its key and its parts, `<n>` and `<n>.md5`), so the parts listed
 * are the parts s3rver will join; everything else is s3rver's. Requests are not authenticated by these three.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** The S3_* settings of a process that stores its files here. */
  env: Record<string, string>;
  /** Makes every multipart upload in progress look begun `ms` ago (what tus's sweep of abandoned uploads reads). */
  backdateUploads(ms: number): Promise<void>;
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function send(res: ServerResponse, status: number, body = ''): void {
  res.writeHead(status, body ? { 'content-type': 'application/xml' } : {});
  res.end(body);
}

const noSuchUpload = (res: ServerResponse, uploadId: string) =>
  send(res, 404, xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escape(uploadId)}</UploadId></Error>`));

export async function startS3StandIn(bucket = 'crate-test'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'crate-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await s3rver.run();
  const httpServer = (s3rver as unknown as { httpServer: Server }).httpServer;
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  const uploadDir = (uploadId: string) => (/^[0-9a-f]+$/.test(uploadId) ? path.join(uploadsDir, uploadId) : null);

  async function listParts(res: ServerResponse, key: string, uploadId: string): Promise<void> {
    const dir = uploadDir(uploadId);
    const names = dir ? await readdir(dir).catch(() => null) : null;
    if (!dir || !names) return noSuchUpload(res, uploadId);
    const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [info, md5] = await Promise.all([stat(path.join(dir, String(n))), readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => '')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    send(res, 200, xml(`<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escape(key)}</Key><UploadId>${uploadId}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`));
  }

  async function abort(res: ServerResponse, uploadId: string): Promise<void> {
    const dir = uploadDir(uploadId);
    if (!dir || !(await stat(dir).catch(() => null))) return noSuchUpload(res, uploadId);
    await rm(dir, { recursive: true, force: true });
    send(res, 204);
  }

  async function listUploads(res: ServerResponse): Promise<void> {
    const ids = await readdir(uploadsDir).catch(() => [] as string[]);
    const uploads = await Promise.all(
      ids.map(async (id) => {
        const keyFile = path.join(uploadsDir, id, 'key');
        const [key, info] = await Promise.all([readFile(keyFile, 'utf8').catch(() => null), stat(keyFile).catch(() => null)]);
        return key && info ? `<Upload><Key>${escape(key)}</Key><UploadId>${id}</UploadId><Initiated>${info.mtime.toISOString()}</Initiated></Upload>` : '';
      }),
    );
    send(res, 200, xml(`<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`));
  }

  /** Answers the three calls s3rver lacks; false for everything else. */
  function answerMissingCall(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://s3.invalid');
    const [, urlBucket, ...rest] = url.pathname.split('/');
    if (urlBucket !== bucket) return false;
    const key = decodeURIComponent(rest.join('/'));
    const uploadId = url.searchParams.get('uploadId');
    const fail = (error: unknown) => send(res, 500, xml(`<Error><Code>InternalError</Code><Message>${escape(String(error))}</Message></Error>`));
    if (req.method === 'GET' && key && uploadId !== null) return void listParts(res, key, uploadId).catch(fail), true;
    if (req.method === 'DELETE' && key && uploadId !== null) return void abort(res, uploadId).catch(fail), true;
    if (req.method === 'GET' && !key && url.searchParams.has('uploads')) return void listUploads(res).catch(fail), true;
    return false;
  }

  const [s3rverHandler] = httpServer.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  httpServer.removeAllListeners('request');
  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!answerMissingCall(req, res)) s3rverHandler!(req, res);
  });

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    async backdateUploads(ms: number) {
      const then = new Date(Date.now() - ms);
      for (const id of await readdir(uploadsDir).catch(() => [] as string[])) await utimes(path.join(uploadsDir, id, 'key'), then, then);
    },
    async close() {
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
