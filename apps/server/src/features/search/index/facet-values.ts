import { FEELS, ITEM_KINDS, ITEM_TYPES, LICENCE_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import { bpmBucketOf } from '../search-facets.ts';

/** How a document's facet values are coded in its columns: flags, enumeration codes, BPM slots, and the packed values counted together. */

export const FREE = 1;
export const STEMS = 2;
export const MIDI = 4;

export const ENUM_DIMS = ['type', 'kind', 'key', 'time_signature', 'feel', 'licence_type', 'plugin'] as const;
export type EnumDim = (typeof ENUM_DIMS)[number];

/** bpm buckets by their first BPM / 10 (0 = below 60, 18 = 180 and above). */
export const BPM_SLOTS = 19;

/**
 * Facet values counted together. Each enumeration has a few values (the contract's, plus "none"), so a
 * document's type, kind, metre, feel, licence and plugin fit in one 16-bit number, and its key, flags and
 * BPM bucket in another: counting a result is two histogram passes over those instead of ten column passes,
 * and the histograms are split into each facet's counts afterwards (a few thousand cells).
 */
export const ENUM_RADIX: Record<EnumDim, number> = {
  type: ITEM_TYPES.length + 1,
  kind: ITEM_KINDS.length + 1,
  key: MUSICAL_KEYS.length + 1,
  time_signature: TIME_SIGNATURES.length + 1,
  feel: FEELS.length + 1,
  licence_type: LICENCE_TYPES.length + 1,
  plugin: PRESET_PLUGINS.length + 1,
};
/** The codes an enumeration may have (Codes refuses more: the packed values would not hold them). */
export const enumLimit = (dim: EnumDim) => ({ codes: ENUM_RADIX[dim], of: dim });
export const PACKED_A_DIMS = ['type', 'kind', 'time_signature', 'feel', 'licence_type', 'plugin'] as const satisfies readonly EnumDim[];
export const PACKED_A_STRIDES = PACKED_A_DIMS.map((_, i) => PACKED_A_DIMS.slice(0, i).reduce((product, dim) => product * ENUM_RADIX[dim], 1));
export const PACKED_A_SIZE = PACKED_A_DIMS.reduce((product, dim) => product * ENUM_RADIX[dim], 1);
/** key + radix × (flags + 8 × BPM slot), the slot BPM_SLOTS meaning "no BPM". */
export const KEY_RADIX = ENUM_RADIX.key;
export const PACKED_B_SIZE = KEY_RADIX * 8 * (BPM_SLOTS + 1);

/** The BPM facet's bucket of a search BPM as a slot number (its first BPM / 10). */
export const bpmSlotOf = (bpm: number) => bpmBucketOf(bpm) / 10;
