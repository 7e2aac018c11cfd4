/**
 * A stand-in Conversions API receiver for bench:attribution, in its own process so the server's event loop measures
 * only the server: acknowledges every batch (`{"events_received": n}`), counts events, and answers `GET /count`.
 * Prints its port as one line on stdout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

let events = 0;
let batches = 0;
const server = http.createServer((request, response) => {
  if (request.method === 'GET') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events, batches }));
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: unknown[] };
    events += data.length;
    batches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events_received: data.length, messages: [], fbtrace_id: 'bench' }));
  });
});
server.keepAliveTimeout = 0;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
