/**
 * The browser's side of an upload, in its own process (so the server's event loop serves and does nothing
 * else): each file from disk in PATCHes of `chunkSize`, `parallel` files at a time — the web app's
 * PackUploadQueue settings — by raw HTTP or by tus-js-client's Node build. Spawned by upload.ts, which writes
 * the spec to stdin.
 * Prints one JSON line: bytes sent, wall time, and each file's time.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import * as tus from 'tus-js-client';

interface UploadSpec {
  /** tus-js-client (the web app's library), or raw HTTP as a browser's native fetch sends it. */
  client: 'tus-js-client' | 'raw';
  endpoint: string;
  cookie: string;
  origin: string;
  packId: string;
  files: Array<{ path: string; relativePath: string }>;
  chunkSize: number;
  parallel: number;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const spec = JSON.parse(input) as UploadSpec;
const agent = new http.Agent({ keepAlive: true });

/**
 * The same protocol by hand: POST for the upload's URL, then PATCHes of `chunkSize` read straight from the
 * file and piped into node:http — what a browser's native fetch does, without tus-js-client's JS in the way.
 */
async function uploadRaw(file: UploadSpec['files'][number]): Promise<void> {
  const { size } = await stat(file.path);
  const meta = (value: string) => Buffer.from(value).toString('base64');
  const base = { cookie: spec.cookie, origin: spec.origin, 'tus-resumable': '1.0.0' };
  const created = await send('POST', spec.endpoint, { ...base, 'upload-length': String(size), 'upload-metadata': `packId ${meta(spec.packId)},relativePath ${meta(file.relativePath)}` });
  if (created.status !== 201) throw new Error(`POST answered ${created.status}: ${created.body}`);
  const location = new URL(created.location!, spec.endpoint).toString();
  for (let offset = 0; offset < size; offset += spec.chunkSize) {
    const end = Math.min(size, offset + spec.chunkSize);
    const answer = await send('PATCH', location, { ...base, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(end - offset) }, createReadStream(file.path, { start: offset, end: end - 1 }));
    if (answer.status !== (end === size ? 200 : 204)) throw new Error(`PATCH at ${offset} answered ${answer.status}: ${answer.body}`);
  }
}

function send(method: string, url: string, headers: Record<string, string>, body?: NodeJS.ReadableStream): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ...(res.headers.location ? { location: res.headers.location } : {}) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

function uploadOne(file: UploadSpec['files'][number]): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file.path), {
      endpoint: spec.endpoint,
      chunkSize: spec.chunkSize,
      // A refusal or a dropped connection is a failed benchmark, not something to retry through.
      retryDelays: [],
      headers: { cookie: spec.cookie, origin: spec.origin },
      metadata: { packId: spec.packId, relativePath: file.relativePath },
      storeFingerprintForResuming: false,
      onSuccess: () => resolve(),
      onError: (error) => reject(error),
    });
    upload.start();
  });
}

const perFileMs: number[] = [];
let bytes = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Math.min(spec.parallel, spec.files.length) }, async () => {
    while (next < spec.files.length) {
      const file = spec.files[next++]!;
      const t0 = performance.now();
      await (spec.client === 'raw' ? uploadRaw(file) : uploadOne(file));
      perFileMs.push(performance.now() - t0);
      const { size } = await stat(file.path);
      bytes += size;
    }
  }),
);
agent.destroy();
process.stdout.write(JSON.stringify({ bytes, wallMs: performance.now() - started, perFileMs }) + '\n');
