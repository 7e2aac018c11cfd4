/**
 * Renders catalogue sounds on worker threads, one per core (the synth is pure CPU, so a 2-core box
 * renders the demo catalogue in about half the time, a bigger one in a fraction). Workers run the
 * TypeScript sources through tsx, as the server itself does.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InstrumentSlug } from '@crate/contract/taxonomy';
import type { Layer } from '../synth/voices.ts';
import type { PackMusic, SoundRecipe } from './catalogue-plan.ts';
import type { RenderedCatalogueSound } from './render-catalogue-sounds.ts';

export interface RenderRequest {
  id: number;
  recipe: SoundRecipe;
  music: PackMusic;
  extras: { stems?: boolean; midi?: boolean };
}

export type RenderResponse =
  | { id: number; ok: true; sound: { wav: ArrayBuffer; durationMs: number; instruments: InstrumentSlug[]; stems: { layer: Layer; wav: ArrayBuffer }[]; midi: ArrayBuffer | null } }
  | { id: number; ok: false; message: string };

export interface RenderPool {
  render(recipe: SoundRecipe, music: PackMusic, extras?: RenderRequest['extras']): Promise<RenderedCatalogueSound>;
  close(): Promise<void>;
}

/**
 * A worker that loads render-worker.ts through tsx. On Node 20, hooks that `--import tsx` registers in a
 * worker do not apply to the worker's own entry file, so a tiny bootstrap registers tsx and then imports it
 * (the same in the server, the seed CLI and under vitest).
 */
function startWorker(): Worker {
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
}

export function createRenderPool(size = Math.max(1, Math.min(8, os.availableParallelism()))): RenderPool {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (sound: RenderedCatalogueSound) => void; reject: (error: Error) => void }>();
  const queue: RenderRequest[] = [];
  const idle: Worker[] = [];
  const workers = Array.from({ length: size }, () => {
    const worker = startWorker();
    worker.on('message', (response: RenderResponse) => {
      const pending = waiting.get(response.id);
      waiting.delete(response.id);
      if (response.ok) {
        const { sound } = response;
        pending?.resolve({
          wav: Buffer.from(sound.wav),
          durationMs: sound.durationMs,
          instruments: sound.instruments,
          stems: sound.stems.map((s) => ({ layer: s.layer, wav: Buffer.from(s.wav) })),
          midi: sound.midi ? Buffer.from(sound.midi) : null,
        });
      } else pending?.reject(new Error(`render failed: ${response.message}`));
      dispatch(worker);
    });
    worker.on('error', (error) => {
      // A crashed worker fails everything still waiting: the seed stops with the reason.
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    });
    idle.push(worker);
    return worker;
  });

  function dispatch(worker: Worker) {
    const request = queue.shift();
    if (request) worker.postMessage(request);
    else idle.push(worker);
  }

  return {
    render(recipe, music, extras = {}) {
      const request: RenderRequest = { id: nextId++, recipe, music, extras };
      const result = new Promise<RenderedCatalogueSound>((resolve, reject) => waiting.set(request.id, { resolve, reject }));
      const worker = idle.pop();
      if (worker) worker.postMessage(request);
      else queue.push(request);
      return result;
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
