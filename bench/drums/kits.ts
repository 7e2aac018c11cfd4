/**
 * The Debian `hydrogen-drumkits` package as fixtures (issue 34): every kit's drumkit.xml names its
 * instruments and the sample files of each; the instrument's name is the truth a drummer wrote.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { InstrumentSlug } from '@crate/contract/taxonomy';

export const KITS_DIR = process.env.DRUMKITS_DIR ?? '/usr/share/hydrogen/data/drumkits';

export interface KitSample {
  kit: string;
  /** The kit's name for the instrument the file plays, e.g. "Hi-Hat Closed (Paiste Alpha Metal edge 14")". */
  instrument: string;
  file: string;
  path: string;
  truth: Truth | null;
}

export interface Truth {
  /** Any of these is a right answer (an open hat tagged hi-hat is still a hat; a crash may be tagged cymbal). */
  instruments: InstrumentSlug[];
  /** Unpitched percussion must get no key; tuned percussion (toms, bells, hand drums) may get one. */
  pitch: 'unpitched' | 'tuned';
}

/** Instrument names as the kits write them, first match wins (so "Ride Bell" is a ride, "Snare Rimshot" a snare). */
const TRUTH: [RegExp, Truth][] = [
  [/kick|bass ?drum/i, { instruments: ['kick'], pitch: 'unpitched' }],
  [/snare/i, { instruments: ['snare', 'rim'], pitch: 'unpitched' }],
  [/rim|stick/i, { instruments: ['rim'], pitch: 'unpitched' }],
  [/(hat|hh).*(open|\bop\b)|open.*(hat|hh)|\bohh\b/i, { instruments: ['open-hat', 'hi-hat'], pitch: 'unpitched' }],
  [/hat|\bhh\b/i, { instruments: ['hi-hat'], pitch: 'unpitched' }],
  [/crash.*ride/i, { instruments: ['crash', 'ride', 'cymbal'], pitch: 'unpitched' }],
  [/ride|paiste bell/i, { instruments: ['ride', 'cymbal'], pitch: 'unpitched' }],
  [/crash/i, { instruments: ['crash', 'cymbal'], pitch: 'unpitched' }],
  [/china|splash|cymbal/i, { instruments: ['cymbal', 'crash'], pitch: 'unpitched' }],
  [/clap/i, { instruments: ['clap'], pitch: 'unpitched' }],
  [/snap/i, { instruments: ['snap'], pitch: 'unpitched' }],
  [/tambourine/i, { instruments: ['tambourine'], pitch: 'unpitched' }],
  [/maraca|shake/i, { instruments: ['shaker'], pitch: 'unpitched' }],
  [/cajon/i, { instruments: ['percussion'], pitch: 'unpitched' }],
  [/tom/i, { instruments: ['toms'], pitch: 'tuned' }],
  [/cowbell/i, { instruments: ['cowbell'], pitch: 'tuned' }],
  [/agogo/i, { instruments: ['percussion', 'cowbell'], pitch: 'tuned' }],
  [/conga/i, { instruments: ['conga'], pitch: 'tuned' }],
  [/bongo/i, { instruments: ['bongo'], pitch: 'tuned' }],
  [/woodblock|clave/i, { instruments: ['woodblock', 'percussion'], pitch: 'tuned' }],
  [/djembe|sangban|dununba|kenkeni|waterglass/i, { instruments: ['percussion'], pitch: 'tuned' }],
  [/whistle/i, { instruments: ['whistle'], pitch: 'tuned' }],
];

export function truthOf(instrument: string): Truth | null {
  return TRUTH.find(([pattern]) => pattern.test(instrument))?.[1] ?? null;
}

/** Every sample file the kits' drumkit.xml files name, once each (under the first instrument naming it). */
export function listKitSamples(): KitSample[] {
  const samples: KitSample[] = [];
  for (const kit of readdirSync(KITS_DIR).sort()) {
    const xmlPath = path.join(KITS_DIR, kit, 'drumkit.xml');
    if (!existsSync(xmlPath)) continue;
    const seen = new Set<string>();
    for (const block of readFileSync(xmlPath, 'utf8').split('<instrument>').slice(1)) {
      const instrument = decodeXml(/<name>([^<]*)<\/name>/.exec(block)?.[1] ?? '').trim();
      for (const [, fileName] of block.matchAll(/<filename>([^<]*)<\/filename>/g)) {
        const file = decodeXml(fileName!);
        const filePath = path.join(KITS_DIR, kit, file);
        // emptySample.flac is Hydrogen's silent placeholder for an unused pad, not a sound.
        if (seen.has(file) || file === 'emptySample.flac' || !existsSync(filePath)) continue;
        seen.add(file);
        samples.push({ kit, instrument, file, path: filePath, truth: truthOf(instrument) });
      }
    }
  }
  return samples;
}

const decodeXml = (text: string) => text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
