/** Fixed vocabularies of docs/product-overview.md §1, §3, §4 and §9. Values are stored as-is in the database. */

export const LICENCE_TYPES = ['Royalty-Free', 'Royalty A', 'Dynamic Splits'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

export const PRESET_PLUGINS = [
  'SoundToys',
  'Portal',
  'Gross Beat',
  'RC20',
  'FL Mixer Presets',
  'Serum',
  'Analog Lab',
] as const;
export type PresetPlugin = (typeof PRESET_PLUGINS)[number];

export const ITEM_TYPES = ['sample', 'preset'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_KINDS = ['One-Shot', 'Loop', 'Composition'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const TIME_SIGNATURES = ['4/4', '3/4', '6/8'] as const;
export type TimeSignature = (typeof TIME_SIGNATURES)[number];

export const FEELS = ['straight', 'swing'] as const;
export type Feel = (typeof FEELS)[number];

export const KEY_NOTES = ['A', 'A#/Bb', 'B', 'C', 'C#/Db', 'D', 'D#/Eb', 'E', 'F', 'F#/Gb', 'G', 'G#/Ab'] as const;
export type KeyNote = (typeof KEY_NOTES)[number];
export const KEY_MODES = ['major', 'minor'] as const;
export type KeyMode = (typeof KEY_MODES)[number];
/** A musical key: one of the twelve notes plus its major or minor variant, e.g. "C#/Db minor". */
export const MUSICAL_KEYS = KEY_NOTES.flatMap((note) => KEY_MODES.map((mode) => `${note} ${mode}` as const));
export type MusicalKey = (typeof MUSICAL_KEYS)[number];

export const PACK_FILE_KINDS = [
  'Cover art',
  'Pack preview audio',
  'Sample audio',
  'Stem audio',
  'Midi',
  'Preset',
  'Preset preview audio',
] as const;
export type PackFileKind = (typeof PACK_FILE_KINDS)[number];

export const FILE_PROBLEM_KINDS = ['missing', 'empty', 'duplicate'] as const;
export type FileProblemKind = (typeof FILE_PROBLEM_KINDS)[number];

export const TAKEDOWN_REASONS = ["Creator doesn't own rights", 'Technical Issue'] as const;
export type TakedownReason = (typeof TAKEDOWN_REASONS)[number];

export const PROCESSING_RUN_STATUSES = ['Errors', 'Running', 'Snapshot', 'Complete'] as const;
export type ProcessingRunStatus = (typeof PROCESSING_RUN_STATUSES)[number];

export const OUTCOME_STATUSES = ['Expired', 'Failed', 'Snapshot', 'Success'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const BANNER_POSITIONS = ['Top-Right', 'Top-Left', 'Bottom-Right', 'Bottom-Left'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

export const IMAGE_SIZES = ['75x75', '250x250', '500x500'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const BANNER_SIZES = ['1632x600', '1088x400'] as const;
export type BannerSize = (typeof BANNER_SIZES)[number];
