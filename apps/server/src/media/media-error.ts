/** Why a media derivative could not be made; the upload pipeline maps these to file problems. */
export type MediaErrorCode =
  /** No usable ffmpeg binary (unsupported platform, FFMPEG_PATH wrong). */
  | 'ffmpeg-missing'
  /** ffmpeg could not be started or timed out. */
  | 'ffmpeg-failed'
  /** The bytes are not audio ffmpeg can decode (corrupt, wrong type, no audio stream). */
  | 'undecodable-media'
  /** The bytes are not an image sharp can read. */
  | 'unsupported-image';

export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
