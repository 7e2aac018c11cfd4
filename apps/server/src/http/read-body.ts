import type { Readable } from 'node:stream';
import { AppError } from './app-error.ts';

/** A request body read whole into memory, refused with 413 (`tooLarge`, on `field`) once it passes `maxBytes`. */
export async function readBodyUpTo(stream: Readable | null, maxBytes: number, tooLarge: string, field?: string): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge, field);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
