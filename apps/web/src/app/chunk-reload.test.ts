import { describe, expect, test } from 'vitest';
import { memoryStorage } from '../lib/browser-storage.ts';
import { CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError } from './chunk-reload.ts';

describe('isChunkLoadError', () => {
  test.each([
    'Failed to fetch dynamically imported module: http://x/assets/a.js',
    'error loading dynamically imported module',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });
  test('other errors are not chunk errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('claimChunkReload (full page load, no loops)', () => {
  test('the first failure for a path reloads', () => {
    expect(claimChunkReload(memoryStorage(), '/pack/1', 1000)).toBe(true);
  });
  test('a second failure for the same path soon after does not reload again', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, '/pack/1', 1000)).toBe(true);
    expect(claimChunkReload(storage, '/pack/1', 1000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
  });
  test('another path, or the same one later, may reload', () => {
    const storage = memoryStorage();
    claimChunkReload(storage, '/pack/1', 1000);
    expect(claimChunkReload(storage, '/faq', 1001)).toBe(true);
    expect(claimChunkReload(storage, '/pack/1', 1002 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });
  test('without session storage it never reloads (it could not tell a loop)', () => {
    expect(claimChunkReload(null, '/pack/1', 1000)).toBe(false);
  });
});
