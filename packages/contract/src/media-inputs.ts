/**
 * Every way a user's file reaches a decoder (docs/decisions/0031), in one list: each is checked from its header
 * against the limit of its kind (AUDIO_MAX_SECONDS, IMAGE_MAX_PIXELS) before anything decodes it, and decoded,
 * if at all, off the API's event loop. The hostile-media test tier sends an over-long sound or an image bomb to
 * every entry; an API endpoint that takes a raw body must be listed here (or named in NOT_MEDIA_RAW_BODIES)
 * and every pack file kind has its media below, so a new media input is covered when it is declared.
 */
import type { PackFileKind } from './catalogue-enums.ts';
import type { AudioLimitKind } from './studio-limits.ts';

export type MediaKind = 'audio' | 'image';

/** What each pack file kind is decoded as; null: never decoded (checked by its first bytes only). */
export const PACK_FILE_MEDIA: Record<PackFileKind, MediaKind | null> = {
  'Cover art': 'image',
  'Pack preview audio': 'audio',
  'Sample audio': 'audio',
  'Stem audio': 'audio',
  'Preset preview audio': 'audio',
  Preset: null,
  Midi: null,
};

export interface MediaInput {
  /** As a test names it. */
  label: string;
  media: MediaKind;
  /** For sounds: which limit applies. */
  limit?: AudioLimitKind;
  /**
   * How a file gets there: an API endpoint whose body is the file (with the query it needs), a resumable
   * upload into a pack under this path, or the same path inside a zip of the pack (with the files beside it
   * that make it what it is).
   */
  via:
    | { endpoint: string; query?: Record<string, string> }
    | { tus: string }
    | { zip: string; beside?: string[] };
}

export const MEDIA_INPUTS: readonly MediaInput[] = [
  { label: 'a creator application demo', media: 'audio', limit: 'demo', via: { endpoint: 'uploadApplicationDemo' } },
  { label: "an item's replacement sound", media: 'audio', limit: 'Sample audio', via: { endpoint: 'replaceItemFile', query: { role: 'audio' } } },
  { label: "a preset's replacement preview", media: 'audio', limit: 'Preset preview audio', via: { endpoint: 'replaceItemFile', query: { role: 'preview' } } },
  { label: 'a sample uploaded into a pack', media: 'audio', limit: 'Sample audio', via: { tus: 'Loops/Long Loop.flac' } },
  { label: 'a stem uploaded into a pack', media: 'audio', limit: 'Stem audio', via: { tus: 'Stems/Long Stem.flac' } },
  { label: "a pack's preview uploaded", media: 'audio', limit: 'Pack preview audio', via: { tus: 'Preview.flac' } },
  { label: 'a sample inside a zip', media: 'audio', limit: 'Sample audio', via: { zip: 'Loops/Long Loop.flac' } },
  { label: "a preset's preview inside a zip", media: 'audio', limit: 'Preset preview audio', via: { zip: 'Presets/Growl.flac', beside: ['Presets/Growl.fxp'] } },
  { label: 'cover art uploaded into a pack', media: 'image', via: { tus: 'cover.png' } },
  { label: 'cover art inside a zip', media: 'image', via: { zip: 'cover.png' } },
  { label: 'a banner image an admin uploads', media: 'image', via: { endpoint: 'uploadAdminImage', query: { purpose: 'banner' } } },
  { label: 'a cover an admin uploads', media: 'image', via: { endpoint: 'uploadAdminImage', query: { purpose: 'cover' } } },
  { label: "a creator's banner", media: 'image', via: { endpoint: 'uploadStudioImage', query: { purpose: 'banner' } } },
  { label: "a creator's avatar or a published pack's new cover", media: 'image', via: { endpoint: 'uploadStudioImage', query: { purpose: 'cover' } } },
];

/** Endpoints that take a raw body which is never decoded as media: the payment webhook's body is signed JSON. */
export const NOT_MEDIA_RAW_BODIES: readonly string[] = ['paymentWebhook'];
