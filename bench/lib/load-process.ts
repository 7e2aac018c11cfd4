/**
 * Closed-loop HTTP load on loopback: `connections` keep-alive sockets, each sending its next request as
 * soon as the previous answer is read (or `pauseMs` after it), for `seconds` (or until `requests` were sent, when given). Runs as its own process (spawned by runLoad in
 * http-load.ts, which writes the spec to its stdin) so the server's event loop measures only the server. Prints one JSON line: per-request client latencies (ms),
 * status counts and the wall time.
 */
import http from 'node:http';

interface LoadSpec {
  base: string;
  paths: string[];
  cookie: string;
  connections: number;
  seconds: number;
  requests?: number;
  /** Waits this long before the first request: this process's own start (compiling, collecting) then no longer competes for the cores with the server's answer. */
  settleMs?: number;
  /** Waits this long between a connection's requests: a visitor's pace, not a closed loop. */
  pauseMs?: number;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const spec = JSON.parse(input) as LoadSpec;
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
const target = new URL(spec.base);

function request(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path, agent, headers: spec.cookie ? { cookie: spec.cookie } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

if (spec.settleMs) await new Promise((resolve) => setTimeout(resolve, spec.settleMs));
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const deadline = performance.now() + spec.seconds * 1000;
let next = 0;

async function worker(offset: number) {
  next = Math.max(next, offset);
  while (performance.now() < deadline && (spec.requests === undefined || next < spec.requests)) {
    const path = spec.paths[next++ % spec.paths.length]!;
    const started = performance.now();
    const status = await request(path);
    latencies.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
    const more = spec.requests === undefined || next < spec.requests;
    if (spec.pauseMs && more) await new Promise((resolve) => setTimeout(resolve, spec.pauseMs));
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: spec.connections }, (_, i) => worker(i)));
const wallMs = performance.now() - started;
agent.destroy();
process.stdout.write(JSON.stringify({ latencies, statuses, wallMs }) + '\n');
