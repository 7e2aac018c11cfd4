/**
 * The gets' client (bench:commerce, decision 0076), a process of its own as the health baseline's load is
 * (bench/lib/load-process.ts), so the server's figures are the server's. Reads one line on stdin — the base URL and
 * every request's cookie and body — and answers `ready` when it has started (its own start then no longer competes
 * with the server's answers); on the next line (`go`) sends them all at once, each on its own socket, and prints one
 * JSON line: each request's status and client latency (ms) in the order given, and the wall time from the first
 * request to the last answer.
 */
import http from 'node:http';
import { createInterface } from 'node:readline';

interface GetsSpec {
  base: string;
  requests: { cookie: string; body: string }[];
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const spec = JSON.parse((await lines.next()).value as string) as GetsSpec;
const target = new URL(spec.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.requests.length });

function post(cookie: string, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/acquisitions',
        method: 'POST',
        agent,
        headers: { cookie, origin: spec.base, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

process.stdout.write('ready\n');
await lines.next();
const started = performance.now();
const answers = await Promise.all(spec.requests.map((r) => post(r.cookie, r.body)));
const wallMs = performance.now() - started;
agent.destroy();
process.stdout.write(JSON.stringify({ answers, wallMs }) + '\n');
