/** Why a media derivative could not be made; the upload pipeline maps these to file problems. */
export type MediaErrorCode =
  /** No usable ffmpeg binary (unsupported platform, FFMPEG_PATH wrong). */
  | 'ffmpeg-missing'
  /** ffmpeg could not be started or timed out. */
  | 'ffmpeg-failed'
  /** The bytes are not audio ffmpeg can decode (corrupt, wrong type, no audio stream). */
  | 'undecodable-media'
  /** The bytes are not an image sharp can read. */
  | 'unsupported-image'
  /** The sound is longer than its kind may be (docs/decisions/0031). */
  | 'too-long'
  /** The image has more pixels than any image may (docs/decisions/0031). */
  | 'too-many-pixels'
  /** The crop asked for is not inside the image. */
  | 'bad-crop'
  /** The media worker ran out of its memory, or took too long, decoding it. */
  | 'too-costly';

export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
