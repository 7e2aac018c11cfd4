/**
 * The browser's side of an upload, in its own process (so the server's event loop serves and does nothing
 * else): tus-js-client's Node build sends each file from disk in PATCHes of `chunkSize`, `parallel` files at
 * a time — the web app's PackUploadQueue settings. Spawned by upload.ts, which writes the spec to stdin.
 * Prints one JSON line: bytes sent, wall time, and each file's time.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as tus from 'tus-js-client';

interface UploadSpec {
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
      await uploadOne(file);
      perFileMs.push(performance.now() - t0);
      const { size } = await stat(file.path);
      bytes += size;
    }
  }),
);
process.stdout.write(JSON.stringify({ bytes, wallMs: performance.now() - started, perFileMs }) + '\n');
