import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A stream that passes bytes through unchanged and knows, once they have all passed, their count and SHA-256. */
export function checksumTap(): { tap: Transform; result(): { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ size, sha256: hash.digest('hex') }) };
}
