/**
 * `node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [top]` — where a CPU profile's time went, as
 * text: the share of samples by where the code lives (our server, each package, node's own, the idle loop, the
 * collector) and the functions with the most self time. For decision records: the method and the figures, not pictures.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

/** Where a frame's code lives: a package of node_modules, our own sources, node's internals, or V8's pseudo-frames. */
function placeOf({ url, functionName }: ProfileNode['callFrame']): string {
  if (!url) return `(${functionName.replace(/[()]/g, '')})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(apps\/[^/]+|packages\/[^/]+|bench)\//.exec(url);
  return ours ? ours[1]! : url;
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const places = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const frame = byId.get(id)!.callFrame;
  add(places, placeOf(frame), ms);
  add(functions, `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')}:${frame.lineNumber + 1}`, ms);
}
const pct = (ms: number) => `${((100 * ms) / total).toFixed(1).padStart(5)} %`;
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`${file}: ${(total / 1000).toFixed(2)} s sampled`);
console.log('\nby place (self time):');
for (const [place, ms] of top(places, 25)) console.log(`${pct(ms)}  ${place}`);
console.log('\nfunctions (self time):');
for (const [name, ms] of top(functions, Number(topArg ?? 30))) console.log(`${pct(ms)}  ${name}`);
