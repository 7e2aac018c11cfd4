import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('Kick, hard')).toBe('"Kick, hard"');
    expect(csvField('The "one"')).toBe('"The ""one"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1 bass')).toBe("'-1 bass");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('writes numbers as they are and ends lines with CRLF', () => {
    expect(csvLine(['2026-11-01', -3, 12])).toBe('2026-11-01,-3,12\r\n');
  });
});
