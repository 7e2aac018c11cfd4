/** Documents an index may number after a scratch array was made before it has to be made again. */
const SCRATCH_ROOM = 65_536;

/** Arrays every search reuses, grown with the index. */
export class Scratch {
  private readonly words = new Map<string, Uint32Array>();
  private bytes = new Uint8Array(0);
  private ints = new Int32Array(0);
  uint32(name: string, length: number): Uint32Array {
    let array = this.words.get(name);
    if (!array || array.length < length) {
      array = new Uint32Array(length + SCRATCH_ROOM);
      this.words.set(name, array);
    }
    return array;
  }
  uint8(length: number): Uint8Array {
    if (this.bytes.length < length) this.bytes = new Uint8Array(length + SCRATCH_ROOM);
    return this.bytes;
  }
  int32(length: number): Int32Array {
    if (this.ints.length < length) this.ints = new Int32Array(length + SCRATCH_ROOM);
    return this.ints;
  }
}
