import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticCacheControl } from './cache-headers.ts';

const dist = path.join('/srv', 'crate', 'web', 'dist');

describe('staticCacheControl', () => {
  it('keeps hashed assets for a year, unchanged', () => {
    expect(staticCacheControl(path.join(dist, 'assets', 'index-BJKuT9Nq.js.br'))).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html every time, so a deploy reaches the next page load', () => {
    expect(staticCacheControl(path.join(dist, 'index.html'))).toBe('no-cache');
  });

  it('keeps the favicon and the sharing image for a day: the browser does not ask again on every keystroke of a search', () => {
    expect(staticCacheControl(path.join(dist, 'favicon.svg'))).toBe('public, max-age=86400');
    expect(staticCacheControl(path.join(dist, 'og-image.png'))).toBe('public, max-age=86400');
  });
});
