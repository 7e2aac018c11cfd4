/**
 * `npm run bench:drums` — issue 34 item 3: the metadata a drummer would accept, measured on Debian's
 * drum kits (`apt-get install -y hydrogen-drumkits`; DRUMKITS_DIR to point elsewhere). Every sample the
 * kits' drumkit.xml files name goes through what an upload goes through: the file name's metadata
 * (metadataFromFileName) and the audio's (analyseFileTempoAndKey: ffmpeg decode, kind, tempo, key), the
 * name's answer first as the pipeline fills it. Scored against the kits' own instrument names (kits.ts):
 *  - kind: every kit sample is a one-shot;
 *  - instrument: the name's instruments include one the kit's instrument name implies;
 *  - no key on unpitched percussion (kicks, snares, hats, cymbals, claps, shakers…);
 *  - no tempo on any one-shot.
 * Writes bench/reports/drums.json with every figure and each miss.
 */
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { type FileNameMetadata, metadataFromFileName } from '@crate/contract/filename-metadata';
import { analyseFileTempoAndKey } from '../../apps/server/src/media/tempo-key-file.ts';
import type { TempoAndKey } from '../../apps/server/src/media/tempo-key.ts';
import { allMet, writeReport } from '../lib/report.ts';
import { KITS_DIR, type KitSample, listKitSamples } from './kits.ts';

const REPORT = path.resolve(import.meta.dirname, '../reports/drums.json');
const TARGETS = { kind: 0.95, instrument: 0.9, noKeyOnUnpitched: 0.95, noTempoOnOneShots: 1 };

if (!existsSync(KITS_DIR)) {
  console.error(`bench:drums needs the kits: apt-get install -y hydrogen-drumkits (looked in ${KITS_DIR}; DRUMKITS_DIR to change it)`);
  process.exit(1);
}

const loadAtStart = os.loadavg();
const samples = listKitSamples();
interface Row extends KitSample {
  named: FileNameMetadata;
  heard: TempoAndKey;
  ms: number;
  /** As the pipeline fills the item: the file name's answer, else the audio's. */
  kind: string | null | undefined;
  key: string | null | undefined;
  bpm: number | null | undefined;
}
const rows: Row[] = [];
for (const [i, sample] of samples.entries()) {
  const named = metadataFromFileName(sample.file);
  const started = performance.now();
  const heard = await analyseFileTempoAndKey(sample.path);
  const ms = performance.now() - started;
  rows.push({ ...sample, named, heard, ms, kind: named.kind ?? heard.kind, key: named.key ?? heard.key, bpm: named.bpm ?? heard.bpm });
  if ((i + 1) % 100 === 0) console.log(`  ${i + 1}/${samples.length}`);
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
const scored = rows.filter((r) => r.truth !== null);
const unpitched = scored.filter((r) => r.truth!.pitch === 'unpitched');
const tuned = scored.filter((r) => r.truth!.pitch === 'tuned');
const instrumentRight = scored.filter((r) => r.named.instruments?.some((slug) => r.truth!.instruments.includes(slug)));
const kindRight = rows.filter((r) => r.kind === 'One-Shot');
const keyless = unpitched.filter((r) => r.key === undefined || r.key === null);
const withTempo = rows.filter((r) => r.bpm !== undefined && r.bpm !== null);
const times = rows.map((r) => r.ms).sort((a, b) => a - b);

const figures = {
  kind: { right: kindRight.length, of: rows.length, percent: share(kindRight.length, rows.length), from_the_name: rows.filter((r) => r.named.kind === 'One-Shot').length, from_the_audio_alone: rows.filter((r) => r.heard.kind === 'One-Shot').length },
  instrument: { right: instrumentRight.length, of: scored.length, percent: share(instrumentRight.length, scored.length), none_found: scored.filter((r) => !r.named.instruments?.length).length, not_scored: rows.length - scored.length },
  no_key_on_unpitched: { right: keyless.length, of: unpitched.length, percent: share(keyless.length, unpitched.length) },
  tuned_percussion_with_a_key: { keyed: tuned.filter((r) => r.key).length, of: tuned.length },
  tempo_on_one_shots: { given: withTempo.length, of: rows.length },
  detector_ms_per_file: { median: Math.round(times[times.length >> 1] ?? 0), p95: Math.round(times[Math.floor(times.length * 0.95)] ?? 0), max: Math.round(times.at(-1) ?? 0) },
};
const targets = {
  kind: { target: `≥ ${TARGETS.kind * 100} %`, met: kindRight.length >= TARGETS.kind * rows.length },
  instrument: { target: `≥ ${TARGETS.instrument * 100} %`, met: instrumentRight.length >= TARGETS.instrument * scored.length },
  no_key_on_unpitched: { target: `≥ ${TARGETS.noKeyOnUnpitched * 100} %`, met: keyless.length >= TARGETS.noKeyOnUnpitched * unpitched.length },
  no_tempo_on_one_shots: { target: 'none', met: withTempo.length === 0 },
};
const byKit = [...new Set(rows.map((r) => r.kit))].map((kit) => {
  const of = rows.filter((r) => r.kit === kit);
  const ofScored = of.filter((r) => r.truth);
  const ofUnpitched = ofScored.filter((r) => r.truth!.pitch === 'unpitched');
  return {
    kit,
    files: of.length,
    one_shot: of.filter((r) => r.kind === 'One-Shot').length,
    instrument_right: `${ofScored.filter((r) => r.named.instruments?.some((slug) => r.truth!.instruments.includes(slug))).length}/${ofScored.length}`,
    no_key_on_unpitched: `${ofUnpitched.filter((r) => !r.key).length}/${ofUnpitched.length}`,
  };
});
const brief = (r: Row) => ({ file: `${r.kit}/${r.file}`, instrument: r.instrument, named: r.named, heard: r.heard });
const report = {
  benchmark: 'drums',
  at: new Date().toISOString(),
  kits_dir: KITS_DIR,
  machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg() },
  figures,
  targets,
  by_kit: byKit,
  misses: {
    kind: rows.filter((r) => r.kind !== 'One-Shot').map(brief),
    instrument: scored.filter((r) => !instrumentRight.includes(r)).map((r) => ({ file: `${r.kit}/${r.file}`, instrument: r.instrument, expected: r.truth!.instruments, named: r.named.instruments ?? [] })),
    key_on_unpitched: unpitched.filter((r) => r.key).map(brief),
    tempo: withTempo.map(brief),
  },
};
await writeReport(REPORT, report);
console.log(
  `bench:drums ${rows.length} samples from ${byKit.length} kits · kind ${figures.kind.percent} % · instrument ${figures.instrument.percent} % (${scored.length} scored) · ` +
    `no key on unpitched ${figures.no_key_on_unpitched.percent} % (${unpitched.length}) · tempo on ${withTempo.length} one-shots · ` +
    `detector median ${figures.detector_ms_per_file.median} ms; targets ${allMet(targets) ? 'met' : 'not all met'} → ${path.relative(process.cwd(), REPORT)}`,
);
if (!allMet(targets)) process.exitCode = 1;
