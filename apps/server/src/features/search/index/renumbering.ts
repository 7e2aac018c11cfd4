import type { NumberArray } from './columns.ts';

/**
 * Reorders the first `order.length` documents of `data` (`width` values each) in place: document d gets
 * document order[d]'s values, gathered into `scratch` and copied back. Copied as whole 32-bit words where the
 * values fill them (4- and 8-byte columns, the ids' four words), else as 16-bit or 8-bit units: one loop per
 * unit size, each reading one type only (a loop reading several types runs several times slower; one copying
 * every column byte by byte did eight to sixteen times the work for the wide ones). In place, so that
 * renumbering allocates no column again: each column made and dropped would stay in the process as a hole.
 */
export function permute(data: NumberArray, order: Uint32Array, width: number, scratch: ArrayBuffer) {
  const bytes = width * data.BYTES_PER_ELEMENT;
  const length = order.length * bytes;
  if (bytes % 4 === 0) {
    const to = new Uint32Array(scratch, 0, length >>> 2);
    gatherUnits32(new Uint32Array(data.buffer, data.byteOffset, length >>> 2), to, order, bytes >>> 2);
    new Uint32Array(data.buffer, data.byteOffset, length >>> 2).set(to);
  } else if (bytes === 2) {
    const to = new Uint16Array(scratch, 0, length >>> 1);
    gatherUnits16(new Uint16Array(data.buffer, data.byteOffset, length >>> 1), to, order);
    new Uint16Array(data.buffer, data.byteOffset, length >>> 1).set(to);
  } else {
    const to = new Uint8Array(scratch, 0, length);
    gatherUnits8(new Uint8Array(data.buffer, data.byteOffset, length), to, order, bytes);
    new Uint8Array(data.buffer, data.byteOffset, length).set(to);
  }
}

function gatherUnits32(from: Uint32Array, to: Uint32Array, order: Uint32Array, units: number) {
  if (units === 1) {
    for (let doc = 0; doc < order.length; doc++) to[doc] = from[order[doc]!]!;
    return;
  }
  for (let doc = 0; doc < order.length; doc++) {
    const read = order[doc]! * units;
    for (let k = 0; k < units; k++) to[doc * units + k] = from[read + k]!;
  }
}

function gatherUnits16(from: Uint16Array, to: Uint16Array, order: Uint32Array) {
  for (let doc = 0; doc < order.length; doc++) to[doc] = from[order[doc]!]!;
}

function gatherUnits8(from: Uint8Array, to: Uint8Array, order: Uint32Array, units: number) {
  for (let doc = 0; doc < order.length; doc++) {
    const read = order[doc]! * units;
    for (let k = 0; k < units; k++) to[doc * units + k] = from[read + k]!;
  }
}

/**
 * Reorders runs of bytes in place (document d's from start[d] to start[d + 1]): document d gets document
 * order[d]'s run. Gathered into `scratch` and copied back.
 */
export function permuteRuns(start: Uint32Array, bytes: Uint8Array, order: Uint32Array, scratch: ArrayBuffer) {
  const n = order.length;
  const nextStart = new Uint32Array(scratch, 0, n + 1);
  const next = new Uint8Array(scratch, (n + 1) * 4, start[n]!);
  nextStart[0] = 0;
  let at = 0;
  for (let doc = 0; doc < n; doc++) {
    const read = order[doc]!;
    for (let i = start[read]!; i < start[read + 1]!; i++) next[at++] = bytes[i]!;
    nextStart[doc + 1] = at;
  }
  start.set(nextStart);
  bytes.set(next);
}
