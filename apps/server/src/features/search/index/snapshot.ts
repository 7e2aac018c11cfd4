import type { SearchIndexState } from './index-state.ts';

/**
 * A search index saved whole (decision 0018): what a process built, so the next one to start loads it in
 * a second or two and reads only the outbox since, instead of reading every item from PostgreSQL again.
 *
 * Layout: `CRATESIX`, the format number and the header's length (u32 each), the header (JSON: the state
 * with each typed array replaced by where its bytes are, plus the outbox position and the database it
 * came from), then the typed arrays' bytes, each starting on an 8-byte boundary.
 */

/** Bump whenever SearchIndexState or what a field means changes: an older snapshot is then ignored. */
export const SNAPSHOT_FORMAT = 7;
const MAGIC = Buffer.from('CRATESIX');
const PREFIX_BYTES = MAGIC.length + 8;

export interface SnapshotPosition {
  /** The last outbox id the saved index had read, and the ids before it not visible then. */
  lastOutboxId: number;
  holes: number[];
  /** Which database the index was read from (a snapshot of another one is never loaded). */
  database: string;
  savedAt: string;
}

const TYPED = { Uint8Array, Uint16Array, Uint32Array, Int16Array, Int32Array, Float32Array, Float64Array } as const;
type TypedName = keyof typeof TYPED;
type Typed = InstanceType<(typeof TYPED)[TypedName]>;
interface TypedRef {
  $typed: TypedName;
  offset: number;
  length: number;
}

const align8 = (n: number) => (n + 7) & ~7;
const isTyped = (value: unknown): value is Typed => ArrayBuffer.isView(value) && !(value instanceof DataView);

/** The whole index and its position in one buffer: a copy, so the index may change once this returns. */
export function encodeSnapshot(state: SearchIndexState, position: SnapshotPosition): Buffer {
  const arrays: Typed[] = [];
  let bytes = 0;
  const header = JSON.stringify({ format: SNAPSHOT_FORMAT, position, state }, (_key, value: unknown) => {
    if (!isTyped(value)) return value;
    const ref: TypedRef = { $typed: value.constructor.name as TypedName, offset: bytes, length: value.length };
    arrays.push(value);
    bytes = align8(bytes + value.byteLength);
    return ref;
  });
  const headerBytes = Buffer.byteLength(header);
  const start = align8(PREFIX_BYTES + headerBytes);
  const out = Buffer.alloc(start + bytes);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(SNAPSHOT_FORMAT, MAGIC.length);
  out.writeUInt32LE(headerBytes, MAGIC.length + 4);
  out.write(header, PREFIX_BYTES);
  let at = start;
  for (const array of arrays) {
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at = align8(at + array.byteLength);
  }
  return out;
}

/**
 * The state and position in a snapshot, or null when it is not one this code can read (another format, cut
 * short). The typed arrays are views of `buffer`: SearchIndex.fromState copies them.
 */
export function decodeSnapshot(buffer: Buffer): { state: SearchIndexState; position: SnapshotPosition } | null {
  if (buffer.length < PREFIX_BYTES || !buffer.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  if (buffer.readUInt32LE(MAGIC.length) !== SNAPSHOT_FORMAT) return null;
  const headerBytes = buffer.readUInt32LE(MAGIC.length + 4);
  if (PREFIX_BYTES + headerBytes > buffer.length) return null;
  const start = align8(PREFIX_BYTES + headerBytes);
  // Typed arrays need their element size's alignment in the underlying buffer: copy once if it is off.
  const aligned = (buffer.byteOffset + start) % 8 === 0 ? buffer : Buffer.from(buffer);
  let truncated = false;
  const parsed = JSON.parse(aligned.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerBytes), (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || !('$typed' in value)) return value;
    const ref = value as TypedRef;
    const Type = TYPED[ref.$typed];
    const byteOffset = aligned.byteOffset + start + ref.offset;
    if (!Type || start + ref.offset + ref.length * Type.BYTES_PER_ELEMENT > aligned.length) {
      truncated = true;
      return null;
    }
    return new Type(aligned.buffer as ArrayBuffer, byteOffset, ref.length);
  }) as { format: number; position: SnapshotPosition; state: SearchIndexState };
  if (truncated || parsed.format !== SNAPSHOT_FORMAT) return null;
  return { state: parsed.state, position: parsed.position };
}
