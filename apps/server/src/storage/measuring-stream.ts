import { createHash, type Hash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { ObjectTooLargeError } from './object-storage.ts';

/**
 * Passes bytes through while counting them and computing their MD5, so every adapter learns size and
 * checksum in the same single pass that writes the object (no second read, no buffering).
 */
export class MeasuringStream extends Transform {
  private readonly hash: Hash = createHash('md5');
  private byteCount = 0;
  private digest: string | null = null;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    if (this.byteCount > this.maxBytes) {
      callback(new ObjectTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.digest = this.hash.digest('hex');
    callback();
  }

  /** Not named `size`: lib-storage reads `Body.size` as the total length of the upload. */
  get bytesPassed(): number {
    return this.byteCount;
  }

  /** Lowercase hex; available once the stream has ended. */
  get md5(): string {
    if (this.digest === null) throw new Error('MD5 is known only after the whole body has passed');
    return this.digest;
  }
}

export function toReadable(body: Buffer | Readable): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body], { objectMode: false }) : body;
}
