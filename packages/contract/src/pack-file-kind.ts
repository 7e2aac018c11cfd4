/**
 * What each file of an uploaded pack is (PACK_FILE_KINDS), from its path inside the pack: the
 * extension first, then the words of its folders and name. The upload screen shows the guess and
 * the creator corrects it; files of no accepted kind (and system junk) answer null and are left out.
 */
import type { PackFileKind, PresetPlugin } from './catalogue-enums.ts';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp']);
const MIDI_EXTENSIONS = new Set(['mid', 'midi']);
const AUDIO_EXTENSIONS = new Set(['wav', 'aif', 'aiff', 'flac', 'mp3']);

/**
 * The preset files each plugin of PRESET_PLUGINS saves or loads.
 *
 * | plugin           | extensions                          | why                                                      |
 * |------------------|-------------------------------------|----------------------------------------------------------|
 * | Serum            | fxp, fxb, serumpreset               | Serum 1 presets and banks are VST .fxp/.fxb; Serum 2 has its own |
 * | Analog Lab       | labx                                | Arturia's preset export format                           |
 * | Gross Beat       | fst                                 | an Image-Line plugin: FL Studio plugin presets are .fst  |
 * | FL Mixer Presets | fst                                 | FL Studio mixer-track states are .fst                    |
 * | SoundToys        | fxp, fxb, vstpreset, aupreset       | shared as host presets: VST2, VST3, Audio Unit           |
 * | Portal           | fxp, fxb, vstpreset, aupreset       | (Output) shared as host presets                          |
 * | RC20             | fxp, fxb, vstpreset, aupreset       | (XLN Audio) shared as host presets                       |
 *
 * Formats we could not confirm (a native Gross Beat ".gbp", native RC-20 or Portal files) are not
 * accepted; a creator can still upload such a preset on the item's edit screen.
 */
export const PRESET_EXTENSIONS: Record<PresetPlugin, readonly string[]> = {
  Serum: ['fxp', 'fxb', 'serumpreset'],
  'Analog Lab': ['labx'],
  'Gross Beat': ['fst'],
  'FL Mixer Presets': ['fst'],
  SoundToys: ['fxp', 'fxb', 'vstpreset', 'aupreset'],
  Portal: ['fxp', 'fxb', 'vstpreset', 'aupreset'],
  RC20: ['fxp', 'fxb', 'vstpreset', 'aupreset'],
};
const PRESET_FILE_EXTENSIONS = new Set(Object.values(PRESET_EXTENSIONS).flat());

/** Words in a path (lower case, camelCase split, any punctuation a space) that name each plugin. */
const PLUGIN_WORDS: readonly (readonly [PresetPlugin, RegExp])[] = [
  ['Serum', /\bserum ?2?\b/],
  ['Analog Lab', /\banalog ?lab\b|\barturia\b/],
  ['Gross Beat', /\bgross ?beat\b/],
  ['RC20', /\brc ?20\b|\bretro ?colou?r\b|\bxln\b/],
  ['Portal', /\bportal\b/],
  [
    'SoundToys',
    /\bsound ?toys\b|\b(?:echo ?boy|decapitator|crystallizer|(?:little ?)?alter ?boy|primal ?tap|tremolator|filter ?freak|pan ?man|devil ?loc|radiator|micro ?shift|phase ?mistress|effect ?rack)\b/,
  ],
  ['FL Mixer Presets', /\bfl ?(?:studio ?)?mixer\b|\bmixer (?:track |state )?(?:presets?|states?|chains?)\b|\bvocal ?chains?\b/],
];

const STEM_WORDS = /\bstems?\b/;
const PREVIEW_WORDS = /\b(?:previews?|demos?)\b/;
const JUNK_FILE_NAMES = new Set(['thumbs.db', 'ehthumbs.db', 'desktop.ini', 'icon\r']);

export interface ClassifiedPackFile {
  /** The path as given. */
  path: string;
  kind: PackFileKind | null;
}

/**
 * One file on its own. Audio that previews a preset is told apart only with the whole list in view
 * (`classifyPackFiles`); here it is 'Sample audio'. "Pack root" is the top of `relativePath`.
 */
export function classifyPackFile(relativePath: string): PackFileKind | null {
  const segments = packPathSegments(relativePath);
  if (!segments) return null;
  const fileName = segments.at(-1)!;
  const folders = segments.slice(0, -1);
  const extension = extensionOf(fileName);
  if (IMAGE_EXTENSIONS.has(extension)) return 'Cover art';
  if (MIDI_EXTENSIONS.has(extension)) return 'Midi';
  if (PRESET_FILE_EXTENSIONS.has(extension)) return 'Preset';
  if (!AUDIO_EXTENSIONS.has(extension)) return null;
  const name = baseNameOf(fileName);
  if ([...folders, name].some((part) => STEM_WORDS.test(wordsOf(part)))) return 'Stem audio';
  const atRoot = folders.length === 0 && PREVIEW_WORDS.test(wordsOf(name));
  const inRootPreviewFolder = folders.length === 1 && PREVIEW_WORDS.test(wordsOf(folders[0]!));
  return atRoot || inRootPreviewFolder ? 'Pack preview audio' : 'Sample audio';
}

/**
 * A whole pack, in the order given. Two things need the list: a single folder wrapping everything
 * (how most zips are made) is not taken for a level, so "My Pack/Demo.mp3" is at the pack root; and
 * audio with the base name of a preset in its folder ("Growl.fxp" + "Growl.mp3"), or in the folder
 * above when it sits in a previews folder ("Previews/Growl (Preview).mp3"), previews that preset.
 */
export function classifyPackFiles(paths: readonly string[]): ClassifiedPackFile[] {
  const segmentsOf = paths.map(packPathSegments);
  const kept = segmentsOf.filter((s): s is string[] => s !== null);
  const wrapper = kept.length > 0 && kept.every((s) => s.length > 1 && s[0] === kept[0]![0]) ? 1 : 0;
  const inPack = segmentsOf.map((s) => s?.slice(wrapper) ?? null);
  const kinds = inPack.map((s) => (s ? classifyPackFile(s.join('/')) : null));

  const presets = new Set<string>();
  inPack.forEach((s, i) => {
    if (s && kinds[i] === 'Preset') presets.add(presetKey(s.slice(0, -1), baseNameOf(s.at(-1)!)));
  });
  return paths.map((path, i) => {
    const segments = inPack[i];
    let kind = kinds[i] ?? null;
    if (segments && (kind === 'Sample audio' || kind === 'Pack preview audio') && previewsAPreset(segments, presets)) {
      kind = 'Preset preview audio';
    }
    return { path, kind };
  });
}

/** The plugin a preset (or a file beside presets) is for, from the words of its path, else its extension. */
export function presetPluginFromPath(relativePath: string): PresetPlugin | null {
  const segments = packPathSegments(relativePath) ?? relativePath.split(/[/\\]/);
  const words = segments.map(wordsOf).join(' / ');
  const extension = extensionOf(segments.at(-1) ?? '');
  const fits = (plugin: PresetPlugin) => !PRESET_FILE_EXTENSIONS.has(extension) || PRESET_EXTENSIONS[plugin].includes(extension);
  const named = PLUGIN_WORDS.find(([plugin, pattern]) => fits(plugin) && pattern.test(words));
  if (named) return named[0];
  const claimants = (Object.keys(PRESET_EXTENSIONS) as PresetPlugin[]).filter((plugin) => PRESET_EXTENSIONS[plugin].includes(extension));
  if (claimants.length === 1) return claimants[0]!;
  // A bare .fst shared in a sample pack is nearly always a mixer-track state (a vocal chain).
  return extension === 'fst' ? 'FL Mixer Presets' : null;
}

/** Path segments inside the pack, or null for what is never a pack file: junk, folders, "..". */
function packPathSegments(relativePath: string): string[] | null {
  const segments = relativePath.replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.');
  const fileName = segments.at(-1);
  if (!fileName || relativePath.endsWith('/') || relativePath.endsWith('\\')) return null;
  if (segments.some((s) => s === '..' || s === '__MACOSX' || s.startsWith('.'))) return null;
  if (JUNK_FILE_NAMES.has(fileName.toLowerCase())) return null;
  return segments;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

function baseNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** "DrumStems_Vol-2" → "drum stems vol 2". */
function wordsOf(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Folder and base name, compared loosely: case, punctuation and a "preview"/"demo" word do not count. */
function presetKey(folders: readonly string[], baseName: string): string {
  const name = wordsOf(baseName).replace(PREVIEW_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return [...folders.map(wordsOf), name].join('/');
}

function previewsAPreset(segments: readonly string[], presets: ReadonlySet<string>): boolean {
  const folders = segments.slice(0, -1);
  const name = baseNameOf(segments.at(-1)!);
  if (presets.has(presetKey(folders, name))) return true;
  const inPreviewFolder = folders.length > 0 && PREVIEW_WORDS.test(wordsOf(folders.at(-1)!));
  return inPreviewFolder && presets.has(presetKey(folders.slice(0, -1), name));
}
