import { z } from 'zod';
import { claims, PUBLIC, SIGNED_IN } from './access.ts';
import type { FileEndpoint } from './api-endpoints.ts';
import { certificateNumberSchema } from './commerce.ts';
import { splitSheetNumberSchema } from './releases.ts';

/**
 * The derivatives a browser may fetch from /api/media: previews, peaks and resized art (the server's
 * audio-derivatives.ts and cover-art.ts name theirs from this list). Originals are never media.
 */
const MEDIA_VARIANTS = ['preview-mp3', 'waveform-peaks', 'cover-75x75', 'cover-250x250', 'cover-500x500', 'banner-1632x600', 'banner-1088x400'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** Where tus uploads are created; an upload lives at `${UPLOADS_PATH}/{id}` (the Location tus answers). */
export const UPLOADS_PATH = '/api/studio/uploads';

const idParams = z.strictObject({ id: z.uuid('Not a valid id') });
const uploadIdParams = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not a valid upload id') });
const TUS = { kind: 'tus' } as const;
const DOWNLOAD = { kind: 'file', contentTypes: ['application/octet-stream'], redirects: true } as const;

/**
 * The endpoints that move files instead of JSON. They are API endpoints like the others — sign-in, claims,
 * budgets and parameters are checked before their handler runs, and the access matrix and hostile-input tier
 * cover them — whose handler streams bytes, redirects or speaks tus. An address never reaches another object
 * than the one its path names (docs/decisions/0032; hostile-file-addresses.int.test.ts).
 */
export const FILE_API = {
  getMedia: {
    method: 'GET',
    path: '/api/media/:fileId/:variant',
    access: PUBLIC,
    summary: 'A media derivative (preview, peaks, image) of a stored file, as visible as what it belongs to',
    tags: ['media'],
    params: z.strictObject({ fileId: z.uuid('Not a file id'), variant: z.enum(MEDIA_VARIANTS, 'Not a media variant') }),
    reply: { kind: 'file', contentTypes: ['audio/mpeg', 'application/json', 'image/jpeg', 'image/png', 'image/webp'] },
  },
  downloadItem: {
    method: 'GET',
    path: '/api/downloads/items/:id',
    access: SIGNED_IN,
    summary: "An owned (or free) sound's original file, as an attachment; ranges supported",
    tags: ['commerce'],
    params: idParams,
    rateLimit: 'download',
    reply: DOWNLOAD,
  },
  downloadPack: {
    method: 'GET',
    path: '/api/downloads/packs/:id',
    access: SIGNED_IN,
    summary: 'The sounds I own in a pack, with their stems, MIDI and presets and their licence certificates, as one zip',
    tags: ['commerce'],
    params: idParams,
    rateLimit: 'download',
    reply: { kind: 'file', contentTypes: ['application/zip'] },
  },
  downloadLicencePdf: {
    method: 'GET',
    path: '/api/licences/:number/pdf',
    access: SIGNED_IN,
    summary: 'My licence certificate as a PDF',
    tags: ['commerce'],
    params: z.strictObject({ number: certificateNumberSchema }),
    reply: { kind: 'file', contentTypes: ['application/pdf'] },
  },
  downloadSplitSheetPdf: {
    method: 'GET',
    path: '/api/split-sheets/:number/pdf',
    access: SIGNED_IN,
    summary: 'An agreed split sheet as a PDF, for the producer and every writer on it',
    tags: ['releases'],
    params: z.strictObject({ number: splitSheetNumberSchema }),
    reply: { kind: 'file', contentTypes: ['application/pdf'] },
  },
  createUpload: {
    method: 'POST',
    path: UPLOADS_PATH,
    access: claims('creator'),
    summary: 'Start a resumable (tus) upload of one pack file or a zip into a draft pack (metadata: packId, relativePath)',
    tags: ['studio'],
    rateLimit: 'packUpload',
    reply: TUS,
  },
  getUploadOffset: {
    method: 'HEAD',
    path: `${UPLOADS_PATH}/:id`,
    access: claims('creator'),
    summary: 'How much of one of my uploads has arrived (tus Upload-Offset)',
    tags: ['studio'],
    params: uploadIdParams,
    reply: TUS,
  },
  continueUpload: {
    method: 'PATCH',
    path: `${UPLOADS_PATH}/:id`,
    access: claims('creator'),
    summary: 'Send the next bytes of one of my uploads from its Upload-Offset; the last ones ingest the file',
    tags: ['studio'],
    params: uploadIdParams,
    reply: TUS,
  },
  cancelUpload: {
    method: 'DELETE',
    path: `${UPLOADS_PATH}/:id`,
    access: claims('creator'),
    summary: 'Cancel one of my uploads, giving back the room it holds',
    tags: ['studio'],
    params: uploadIdParams,
    reply: TUS,
  },
} as const satisfies Record<string, FileEndpoint>;
