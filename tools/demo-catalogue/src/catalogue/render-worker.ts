/** A worker thread of the render pool: renders one planned sound per message (render-pool.ts). */
import { parentPort } from 'node:worker_threads';
import { renderRecipe } from './render-catalogue-sounds.ts';
import type { RenderRequest, RenderResponse } from './render-pool.ts';

/** The bytes of a Buffer as a transferable ArrayBuffer of their own (copied only if the Buffer is a view). */
function detach(buffer: Buffer): ArrayBuffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength && buffer.buffer instanceof ArrayBuffer) return buffer.buffer;
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

parentPort!.on('message', (request: RenderRequest) => {
  let response: RenderResponse;
  const transfer: ArrayBuffer[] = [];
  try {
    const sound = renderRecipe(request.recipe, request.music, request.extras);
    const wav = detach(sound.wav);
    const stems = sound.stems.map((s) => ({ layer: s.layer, wav: detach(s.wav) }));
    const midi = sound.midi ? detach(sound.midi) : null;
    transfer.push(wav, ...stems.map((s) => s.wav), ...(midi ? [midi] : []));
    response = { id: request.id, ok: true, sound: { wav, durationMs: sound.durationMs, instruments: sound.instruments, stems, midi } };
  } catch (error) {
    response = { id: request.id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(response, transfer);
});
