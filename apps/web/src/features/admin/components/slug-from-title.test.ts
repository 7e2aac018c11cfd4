import { describe, expect, it } from 'vitest';
import { curationSlugSchema } from '@crate/contract/curation';
import { slugFromTitle } from './slug-from-title.ts';

describe('slugFromTitle', () => {
  it.each([
    ['Late Night Keys', 'late-night-keys'],
    ['  Lo-Fi / Boom Bap!! Vol. 2 ', 'lo-fi-boom-bap-vol-2'],
    ['Café Crème Brûlée', 'cafe-creme-brulee'],
    ['---', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('suggests only slugs the contract accepts, however long the title', () => {
    const long = slugFromTitle(`${'a'.repeat(79)} b ${'c'.repeat(20)}`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(curationSlugSchema.safeParse(long).success).toBe(true);
    expect(curationSlugSchema.safeParse(slugFromTitle('Drums & Bass — 170 BPM')).success).toBe(true);
  });
});
