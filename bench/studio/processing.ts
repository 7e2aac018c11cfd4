/**
 * The processing part of `npm run bench:studio`: a pack of BENCH_PROCESS_FILES WAVs (two thirds one-shots of
 * 0.5 s, a third loops of 8 s at tempos their names state; 24-bit stereo, generated once into a cache under
 * os.tmpdir()) plus its cover art, uploaded through the tus endpoint, submitted by its creator and approved by
 * an admin over HTTP; the job queue running in the server's process (the embedded default) processes it —
 * every file checked, decoded, previewed, peaked and analysed — until the pack is published. Runnable on its
 * own (`node --expose-gc --import tsx bench/studio/processing.ts`).
 *
 * Measured: wall time from the approval's answer to the pack's status 4, and this process's RSS (the server
 * and its workers) every 100 ms meanwhile. Baseline, in the same run: plain ffmpeg transcoding the same WAVs
 * to 128 kbps MP3 (the preview's settings) with the pipeline's concurrency (PROCESSING_CONCURRENCY), once
 * before and once after the pipeline, the mean (the machine's other load drifts within a minute).
 * Stages come from the run's own rows: queue pick-up (approval → run started), the checks before the first
 * derived file, derivation (first → last file's outcome), and finishing (last outcome → run finished); then
 * every tenth file is derived again alone, stage by stage (deriveBreakdown), to say where a file's time goes.
 * The analyse-audio jobs the uploads queue are left to finish before the submission, as a creator waits
 * for BPM and key before sending a pack for review.
 */
import { createReadStream } from 'node:fs';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { encodeWav } from '@crate/audio/wav';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { StudioPack } from '@crate/contract/studio-packs';
import { jobs, packReviews, packs, processingOutcomes, processingRuns } from '../../apps/server/src/db/schema/index.ts';
import { API } from '@crate/contract/api-endpoints';
import { createFileFromUpload } from '../../apps/server/src/files/file-repository.ts';
import { deriveAudio } from '../../apps/server/src/media/audio-derivatives.ts';
import { ffmpegPath, runFfmpeg } from '../../apps/server/src/media/ffmpeg.ts';
import { copyToTempFile, deriveMediaForFile } from '../../apps/server/src/processing/derive-media.ts';
import { PROCESSING_CONCURRENCY } from '../../apps/server/src/processing/process-pack.ts';
import { createUser } from '../../apps/server/test/factories.ts';
import { callApi, log, machine, round, sampleRss, startStudioServer, type StudioServer } from './studio-server.ts';
import { allMet, type BenchPartResult, writeReport } from '../lib/report.ts';

/** The tus endpoint, from the contract like every other address. */
const UPLOAD_PATH = API.createUpload.path;

const FILES = Number(process.env.BENCH_PROCESS_FILES ?? 300);
const LOOP_EVERY = 3; // every third file is a loop
const TEMPOS = [70, 85, 90, 100, 110, 120, 124, 128, 140, 150, 160, 174];
const RATE = 44100;
const CACHE = path.join(os.tmpdir(), 'crate-bench-studio-cache', `processing-${FILES}-v2`);
const REPORT = path.resolve(import.meta.dirname, '../reports/studio-processing.json');
const UPLOAD_PARALLEL = 3;
/** Files timed one at a time, stage by stage, after the run (every tenth: one-shots and loops alike). */
const BREAKDOWN_EVERY = Number(process.env.BENCH_PROCESS_BREAKDOWN_EVERY ?? 10);

interface Sound {
  file: string;
  relativePath: string;
  loop: boolean;
}

/** A drum-like hit: a pitched thump and a burst of noise, both decaying; pitch and noise differ with the index. */
function hitWav(index: number): Buffer {
  const frames = Math.round(RATE * 0.5);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const hz = 40 + (index % 97) * 7.3;
  let seed = 0x51ed27 ^ (index * 2654435761);
  for (let i = 0; i < frames; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    const t = i / RATE;
    const body = Math.exp(-t * 9) * Math.sin(2 * Math.PI * hz * t);
    const noise = Math.exp(-t * 30) * (seed / 2 ** 31) * 0.3;
    left[i] = 0.7 * body + noise;
    right[i] = 0.7 * body - noise;
  }
  return encodeWav({ sampleRate: RATE, channels: [left, right] }, 24);
}

/** An 8 s loop at `bpm`: a thump on every beat over a triad whose root moves with the index. */
function loopWav(index: number, bpm: number): Buffer {
  const frames = RATE * 8;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const beat = Math.round((60 / bpm) * RATE);
  const root = 110 * 2 ** ((index % 24) / 12);
  const chord = [root, root * 1.189, root * 1.498];
  // A little noise seeded by the index: no two loops are the same bytes (the pipeline refuses duplicates).
  let seed = 0x2545f491 ^ (index * 2654435761);
  for (let i = 0; i < frames; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    const sinceBeat = i % beat;
    const thump = Math.exp(-sinceBeat / (RATE * 0.04)) * Math.sin((2 * Math.PI * 60 * sinceBeat) / RATE);
    const pad = chord.reduce((sum, hz) => sum + Math.sin((2 * Math.PI * hz * i) / RATE), 0) / chord.length;
    const noise = (seed / 2 ** 31) * 0.01;
    left[i] = 0.55 * thump + 0.25 * pad + noise;
    right[i] = 0.55 * thump + 0.2 * pad - noise;
  }
  return encodeWav({ sampleRate: RATE, channels: [left, right] }, 24);
}

/** The pack's sounds, generated once (later runs find them in the cache). */
async function cachedSounds(): Promise<Sound[]> {
  await mkdir(CACHE, { recursive: true });
  const sounds: Sound[] = [];
  let generated = 0;
  for (let i = 0; i < FILES; i++) {
    const loop = i % LOOP_EVERY === LOOP_EVERY - 1;
    const n = String(i + 1).padStart(3, '0');
    const bpm = TEMPOS[i % TEMPOS.length]!;
    const name = loop ? `Groove Loop ${n} ${bpm} BPM.wav` : `Perc Hit ${n}.wav`;
    const file = path.join(CACHE, name);
    if (!(await stat(file).then(() => true, () => false))) {
      await writeFile(`${file}.tmp`, loop ? loopWav(i, bpm) : hitWav(i));
      await rename(`${file}.tmp`, file);
      generated++;
    }
    sounds.push({ file, relativePath: `Bench Three Hundred/${loop ? 'Loops' : 'One Shots'}/${name}`, loop });
  }
  if (generated > 0) log(`  generated ${generated} WAVs`);
  return sounds;
}

/** One whole file in one PATCH (they are small): the tus protocol as the browser speaks it. */
async function tusUpload(server: StudioServer, packId: string, relativePath: string, body: Buffer): Promise<void> {
  const headers = { cookie: server.creator.cookie, origin: server.base, 'tus-resumable': '1.0.0' };
  const meta = (value: string) => Buffer.from(value).toString('base64');
  const created = await fetch(`${server.base}${UPLOAD_PATH}`, { method: 'POST', headers: { ...headers, 'upload-length': String(body.length), 'upload-metadata': `packId ${meta(packId)},relativePath ${meta(relativePath)}` } });
  if (created.status !== 201) throw new Error(`creating the upload of ${relativePath} answered ${created.status}: ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, server.base).toString();
  const sent = await fetch(location, { method: 'PATCH', headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(body) });
  if (sent.status !== 200) throw new Error(`uploading ${relativePath} answered ${sent.status}: ${await sent.text()}`);
}

async function eachAtOnce<T>(list: readonly T[], limit: number, work: (value: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, async () => {
    while (next < list.length) await work(list[next++]!);
  }));
}

function ffmpegToMp3(input: string, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-map', '0:a:0', '-vn', '-map_metadata', '-1', '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', '-compression_level', '5', '-id3v2_version', '0', '-write_xing', '1', '-f', 'mp3', output];
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code} on ${input}`))));
  });
}

/** The baseline: the same WAVs transcoded to 128 kbps MP3 by plain ffmpeg, PROCESSING_CONCURRENCY at a time. */
async function ffmpegBaseline(sounds: Sound[]): Promise<number> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-mp3-'));
  try {
    const t0 = performance.now();
    await eachAtOnce(sounds.map((s, i) => ({ s, i })), PROCESSING_CONCURRENCY, ({ s, i }) => ffmpegToMp3(s.file, path.join(out, `${i}.mp3`)));
    return performance.now() - t0;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The preview and analysis ffmpeg run of deriveAudio, alone (its arguments, as audio-derivatives.ts has them). */
const deriveFfmpeg = (file: string) =>
  runFfmpeg({
    input: { path: file },
    extraOutputs: 1,
    outputArgs: ['-map', '0:a:0', '-vn', '-map_metadata', '-1', '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', '-compression_level', '5', '-id3v2_version', '0', '-write_xing', '1', '-f', 'mp3', 'pipe:1', '-map', '0:a:0', '-vn', '-ar', '44100', '-c:a', 'pcm_f32le', '-f', 'wav', 'pipe:3'],
  });

/**
 * Where a file's derivation time goes, one file at a time (nothing else running): plain ffmpeg → MP3 (the
 * baseline's work), the pipeline's ffmpeg run (MP3 + analysis PCM), deriveAudio (that + metadata, peaks,
 * features in JS), and deriveMediaForFile on a fresh file row (that + the copy out of storage + storing the
 * two derivatives and the row updates in one transaction).
 */
async function deriveBreakdown(server: StudioServer, sample: Sound[]) {
  const out = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-breakdown-'));
  const stages = { ffmpeg_mp3_ms: [] as number[], ffmpeg_mp3_and_pcm_ms: [] as number[], derive_audio_ms: [] as number[], copy_out_of_storage_ms: [] as number[], derive_media_for_file_ms: [] as number[] };
  const timed = async (list: number[], work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    list.push(performance.now() - t0);
  };
  try {
    for (const [i, sound] of sample.entries()) {
      await timed(stages.ffmpeg_mp3_ms, () => ffmpegToMp3(sound.file, path.join(out, `${i}.mp3`)));
      await timed(stages.ffmpeg_mp3_and_pcm_ms, () => deriveFfmpeg(sound.file));
      await timed(stages.derive_audio_ms, () => deriveAudio({ path: sound.file }));
      const row = await createFileFromUpload(server.ctx, { body: createReadStream(sound.file), originalName: path.basename(sound.file), contentType: 'audio/wav', ownerUserId: server.creator.id, kind: 'Sample audio' });
      await timed(stages.copy_out_of_storage_ms, async () => rm(await copyToTempFile(server.ctx.storage, row), { force: true }));
      await timed(stages.derive_media_for_file_ms, () => deriveMediaForFile(server.ctx, row.id));
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  const mean = (list: number[]) => round(list.reduce((a, b) => a + b, 0) / list.length, 1);
  const m = Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, mean(v)])) as Record<keyof typeof stages, number>;
  return {
    files: sample.length,
    loops: sample.filter((s) => s.loop).length,
    mean_ms: m,
    /** Measured file by file, interleaved: the least disturbed by other work on the machine. */
    derive_media_to_plain_ffmpeg_ratio: round(m.derive_media_for_file_ms / m.ffmpeg_mp3_ms),
    attributed_ms: {
      ffmpeg_extra_for_the_analysis_pcm: round(m.ffmpeg_mp3_and_pcm_ms - m.ffmpeg_mp3_ms, 1),
      js_metadata_decode_peaks_features: round(m.derive_audio_ms - m.ffmpeg_mp3_and_pcm_ms, 1),
      copy_store_and_db: round(m.derive_media_for_file_ms - m.derive_audio_ms, 1),
    },
  };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function runProcessingBench(): Promise<BenchPartResult> {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n));
  log(`processing: a pack of ${FILES} WAVs (cache ${CACHE})`);
  const sounds = await cachedSounds();
  const server = await startStudioServer({ workers: true });
  const { ctx } = server;
  try {
    const admin = await createUser(ctx, { roles: ['admin'], name: 'Bench Admin' });
    const pack = await callApi<StudioPack>(server, server.creator.cookie, 'POST', '/api/studio/packs', { title: 'Bench Three Hundred', genres: ['trap'] });

    log('  uploading through tus (and the analyse-audio jobs they queue)');
    const tUpload = performance.now();
    const cover = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    await tusUpload(server, pack.id, 'Bench Three Hundred/cover.jpg', cover);
    await eachAtOnce(sounds, UPLOAD_PARALLEL, async (sound) => tusUpload(server, pack.id, sound.relativePath, await readFile(sound.file)));
    const uploadSeconds = round((performance.now() - tUpload) / 1000, 1);
    const analysing = () => ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(and(eq(jobs.queue, 'analyse-audio'), inArray(jobs.status, ['queued', 'running'])));
    await waitFor('the analyse-audio jobs', async () => (await analysing())[0]!.n === 0, 30 * 60_000, 250);
    const analysedSeconds = round((performance.now() - tUpload) / 1000, 1);
    const inputBytes = (await Promise.all(sounds.map((s) => stat(s.file)))).reduce((sum, s) => sum + s.size, 0);

    log(`  baseline: ffmpeg → 128 kbps MP3, ${PROCESSING_CONCURRENCY} at a time (again after the pipeline: the mean brackets it in time)`);
    const ffmpegBeforeMs = await ffmpegBaseline(sounds);

    const submitted = await callApi<StudioPack>(server, server.creator.cookie, 'POST', `/api/studio/packs/${pack.id}/submit`);
    if (submitted.status !== PACK_STATUS.awaitingApproval) throw new Error(`the submitted pack is in status ${submitted.status}`);
    log('  approved: processing until published');
    const rss = sampleRss(100);
    const t0 = performance.now();
    await callApi(server, admin.cookie, 'POST', `/api/admin/packs/${pack.id}/review`, { decision: 'approve' });
    const statusOf = async () => (await ctx.db.select({ status: packs.status }).from(packs).where(eq(packs.id, pack.id)))[0]!.status;
    await waitFor('the pack to be published', async () => {
      const status = await statusOf();
      if (status === PACK_STATUS.fileErrors) throw new Error('the pack ended with file errors');
      return status === PACK_STATUS.published;
    }, 60 * 60_000);
    const pipelineMs = performance.now() - t0;
    const memory = rss.stop();
    const ffmpegAfterMs = await ffmpegBaseline(sounds);
    const ffmpegMs = (ffmpegBeforeMs + ffmpegAfterMs) / 2;

    // Stages, from the database's own timestamps (one clock).
    const [review] = await ctx.db.select({ at: packReviews.createdAt }).from(packReviews).where(eq(packReviews.packId, pack.id));
    const [run] = await ctx.db.select().from(processingRuns).where(eq(processingRuns.packId, pack.id));
    const outcomes = await ctx.db.select({ at: processingOutcomes.createdAt, status: processingOutcomes.status }).from(processingOutcomes).where(eq(processingOutcomes.runId, run!.id)).orderBy(asc(processingOutcomes.createdAt));
    const ms = (a: Date, b: Date) => b.getTime() - a.getTime();
    const first = outcomes[0]!.at;
    const last = outcomes.at(-1)!.at;
    const deriving = ms(first, last);
    const stages = {
      queue_pickup_ms: ms(review!.at, run!.startedAt),
      checks_and_first_file_ms: ms(run!.startedAt, first),
      derive_first_to_last_file_ms: deriving,
      derive_per_file_ms_at_concurrency: round((deriving / Math.max(1, outcomes.length - 1)) * PROCESSING_CONCURRENCY, 1),
      finish_ms: ms(last, run!.finishedAt!),
      outcomes: outcomes.length,
      failed: outcomes.filter((o) => o.status !== 'Success').length,
    };

    log(`  breakdown: every ${BREAKDOWN_EVERY}th file, stage by stage, one at a time`);
    const breakdown = await deriveBreakdown(server, sounds.filter((_, i) => i % BREAKDOWN_EVERY === 0));

    const ratio = round(pipelineMs / ffmpegMs);
    const targets = { pipeline_to_ffmpeg_ratio: { value: ratio, target: '<= 1.5', met: ratio <= 1.5 } };
    const report = {
      benchmark: 'studio-processing',
      at: new Date().toISOString(),
      machine: machine(loadAtStart),
      database: 'PostgreSQL (fresh database), local object storage in a temporary DATA_DIR, the job queue in the server process (as npm start runs it)',
      pack: { sounds: FILES, one_shots_0_5_s: sounds.filter((s) => !s.loop).length, loops_8_s: sounds.filter((s) => s.loop).length, format: '24-bit stereo 44.1 kHz WAV', input_mib: round(inputBytes / 2 ** 20, 1), plus: 'cover art (1000 × 1000 JPEG), derived too' },
      upload_seconds: uploadSeconds,
      upload_and_analysis_seconds: analysedSeconds,
      concurrency: PROCESSING_CONCURRENCY,
      baseline: `ffmpeg ${ffmpegPath()} → 128 kbps MP3 (-compression_level 5, as the preview), ${PROCESSING_CONCURRENCY} at a time`,
      ffmpeg_seconds: round(ffmpegMs / 1000, 1),
      ffmpeg_seconds_before_and_after: [round(ffmpegBeforeMs / 1000, 1), round(ffmpegAfterMs / 1000, 1)],
      approval_to_published_seconds: round(pipelineMs / 1000, 1),
      ratio_to_ffmpeg: ratio,
      stages,
      derive_breakdown_one_at_a_time: breakdown,
      rss: memory,
      targets,
      total_seconds: Math.round((Date.now() - started) / 1000),
    };
    await writeReport(REPORT, report);
    const met = allMet(targets);
    const summary = `process ${FILES} files ${ratio}× ffmpeg (${report.approval_to_published_seconds} s vs ${report.ffmpeg_seconds} s; one file alone ${breakdown.derive_media_to_plain_ffmpeg_ratio}×), peak ${memory.peakMib} MiB`;
    return { report, summary, met };
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { summary, met } = await runProcessingBench();
  console.log(`bench:studio ${summary} → ${path.relative(process.cwd(), REPORT)}`);
  if (!met) process.exitCode = 1;
}
