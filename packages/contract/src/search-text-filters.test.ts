import { describe, expect, it } from 'vitest';
import { parseSearchText, textFilterLabel, withoutTextFilter } from './search-text-filters.ts';

/** What each typed query is read as: the remaining text and the filters, as a person would describe them. */
const TABLE: [query: string, text: string, filters: string[]][] = [
  ['C minor', '', ['key:C minor']],
  ['Cm', '', ['key:C minor']],
  ['c#maj', '', ['key:C#/Db major']],
  ['F♯m', '', ['key:F#/Gb minor']],
  ['Bb major', '', ['key:A#/Bb major']],
  ['A min', '', ['key:A minor']],
  ['Ebminor piano', 'piano', ['key:D#/Eb minor']],
  ['E♭ major pad', 'pad', ['key:D#/Eb major']],
  ['C sharp minor', '', ['key:C#/Db minor']],
  ['dark keys in Dm', 'dark keys', ['key:D minor']],
  ['G minor key rhodes', 'rhodes', ['key:G minor']],
  ['Cb major', '', ['key:B major']],
  ['120bpm', '', ['bpm:120-120']],
  ['120 bpm', '', ['bpm:120-120']],
  ['120 BPM', '', ['bpm:120-120']],
  ['bpm 140 trap', 'trap', ['bpm:140-140']],
  ['90-100 bpm', '', ['bpm:90-100']],
  ['90–100bpm', '', ['bpm:90-100']],
  ['90 - 100 bpm', '', ['bpm:90-100']],
  ['90 to 100 bpm', '', ['bpm:90-100']],
  ['100-90 bpm', '', ['bpm:90-100']],
  ['92.5 bpm', '', ['bpm:93-93']],
  ['drums at 174 bpm', 'drums', ['bpm:174-174']],
  ['loop', '', ['kind:Loop']],
  ['drum loops', 'drum', ['kind:Loop']],
  ['one-shot', '', ['kind:One-Shot']],
  ['one shot kick', 'kick', ['kind:One-Shot']],
  ['oneshot', '', ['kind:One-Shot']],
  ['Serum', '', ['plugin:Serum']],
  ['serum presets bass', 'bass', ['plugin:Serum']],
  ['gross beat', '', ['plugin:Gross Beat']],
  ['grossbeat', '', ['plugin:Gross Beat']],
  ['RC-20 vinyl', 'vinyl', ['plugin:RC20']],
  ['analog lab keys', 'keys', ['plugin:Analog Lab']],
  ['FL mixer presets', '', ['plugin:FL Mixer Presets']],
  ['soundtoys', '', ['plugin:SoundToys']],
  ['dark 120 bpm loop in C minor', 'dark', ['bpm:120-120', 'kind:Loop', 'key:C minor']],
  ['Am 85bpm guitar loop', 'guitar', ['key:A minor', 'bpm:85-85', 'kind:Loop']],
  // Words that look like filters but are not: left as text.
  ['kick', 'kick', []],
  ['808', '808', []],
  ['120', '120', []],
  ['fm bass', 'fm bass', []],
  ['am radio', 'am radio', []],
  ['a b c', 'a b c', []],
  ['minor', 'minor', []],
  ['1200 bpm', '1200 bpm', []],
  ['loopy', 'loopy', []],
  ['in', 'in', []],
  ['', '', []],
];

const describeFilter = (f: ReturnType<typeof parseSearchText>['filters'][number]) => (f.facet === 'bpm' ? `bpm:${f.min}-${f.max}` : `${f.facet}:${f.value}`);

describe('reading filters out of a search text', () => {
  it.each(TABLE)('%j → text %j, filters %j', (query, text, filters) => {
    const parsed = parseSearchText(query);
    expect(parsed.text).toBe(text);
    expect(parsed.filters.map(describeFilter)).toEqual(filters);
  });

  it('removing a filter takes exactly its words (and its joining word) out of the text', () => {
    const q = 'dark 120 bpm loop in C minor';
    const parsed = parseSearchText(q);
    const [tempo, kind, key] = parsed.filters;
    expect(withoutTextFilter(q, tempo!)).toBe('dark loop in C minor');
    expect(withoutTextFilter(q, kind!)).toBe('dark 120 bpm in C minor');
    expect(withoutTextFilter(q, key!)).toBe('dark 120 bpm loop');
    expect(parseSearchText(withoutTextFilter(q, key!)).filters.map(describeFilter)).toEqual(['bpm:120-120', 'kind:Loop']);
  });

  it('labels filters the way the chips show them', () => {
    expect(parseSearchText('90-100 bpm C minor').filters.map(textFilterLabel)).toEqual(['90–100 BPM', 'C minor']);
    expect(parseSearchText('120bpm serum').filters.map(textFilterLabel)).toEqual(['120 BPM', 'Serum']);
  });
});
