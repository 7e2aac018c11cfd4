export type NumberArray = Uint8Array | Uint16Array | Uint32Array | Int16Array | Int32Array | Float32Array | Float64Array;

/** A growable list of numbers in a typed array. */
export class Column<T extends Uint8Array | Uint16Array | Uint32Array | Int16Array | Int32Array | Float32Array | Float64Array> {
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  /** Room for `n` numbers, grown by half again when it must: appending one at a time copies rarely. */
  ensure(n: number) {
    if (n > this.data.length) this.reserve(Math.max(n, Math.ceil(this.data.length * 1.5) + 16));
  }

  /** A saved column's numbers (copied, in their own type) with room for `room` in all. */
  load(saved: T, room: number) {
    const next = new (saved.constructor as new (n: number) => T)(Math.max(room, saved.length));
    next.set(saved as never);
    this.data = next;
  }

  /** Room for exactly `n` numbers when it must grow: for an owner that chooses how much to spare (SearchIndex.ensureRoom). */
  reserve(n: number) {
    if (n <= this.data.length) return;
    const next = this.make(n);
    next.set(this.data as never);
    this.data = next;
  }
}

/**
 * Pack or creator codes, one per document: 16 bits each while every code fits (a million sounds come in some
 * 20,000 packs), widened to 32 bits by setCode once one does not. It grows in the width it has.
 */
export function codeColumn(): Column<Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>> {
  const column: Column<Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>> = new Column(new Uint16Array(0), (n) => (column.data instanceof Uint16Array ? new Uint16Array(n) : new Uint32Array(n)));
  return column;
}

export function setCode(column: Column<Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>, doc: number, code: number) {
  if (code > 0xffff && column.data instanceof Uint16Array) column.data = Uint32Array.from(column.data);
  column.data[doc] = code;
}
