/**
 * The check of an image someone sends for a purpose — pack cover art, an admin's banner or cover — by its content,
 * before anything decodes it (docs/decisions/0031): an image sharp reads from its header, a JPEG, PNG or WebP,
 * at most IMAGE_MAX_PIXELS (413), and at least as large as the purpose's largest derivative as seen upright.
 * Each refusal names the file and the problem.
 */
import { IMAGE_PURPOSE_MIN, type ImagePurpose } from '@crate/contract/admin-images';
import { AppError } from '../http/app-error.ts';
import { checkImageHeader } from './media-limits.ts';

const WHAT: Record<ImagePurpose, string> = { cover: 'cover art', banner: 'a banner' };
const FORMATS = ['jpeg', 'png', 'webp'];

export interface CheckedImage {
  format: string;
  /** As seen upright (its EXIF orientation applied). */
  width: number;
  height: number;
}

export async function checkImageFor(input: string | Buffer, name: string, purpose: ImagePurpose): Promise<CheckedImage> {
  const header = await checkImageHeader(input, name);
  if (!header) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${name}" is not an image we can read: upload a JPEG, PNG or WebP.`, 'file');
  if (!FORMATS.includes(header.format)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${name}" is ${header.format}: ${WHAT[purpose]} is a JPEG, PNG or WebP.`, 'file');
  const width = header.turned ? header.height : header.width;
  const height = header.turned ? header.width : header.height;
  const min = IMAGE_PURPOSE_MIN[purpose];
  if (width < min.width || height < min.height) {
    throw new AppError('VALIDATION_FAILED', `"${name}" is ${width} × ${height}: ${WHAT[purpose]} is at least ${min.width} × ${min.height} pixels.`, 'file');
  }
  return { format: header.format, width, height };
}
