import { describe, expect, it } from 'vitest';
import { defaultLoopFor, extendsQueue, findPlayable, indexOfItem, isPlayable, nextIndex, previousIndex, type PlayerItem } from './player-queue.ts';

function item(id: string, overrides: Partial<PlayerItem> = {}): PlayerItem {
  return {
    id,
    slug: `slug-${id}`,
    name: `Sound ${id}`,
    kind: 'One-Shot',
    key: null,
    bpm: null,
    preview: { url: `/api/media/${id}/preview-mp3`, peaks_url: `/api/media/${id}/peaks-json`, duration_ms: 1000 },
    pack: null,
    creator: { id: 'c1', slug: 'creator', name: 'Creator' },
    ...overrides,
  };
}

const silent = (id: string) => item(id, { preview: null });

describe('next and previous in the list the user played from', () => {
  const list = [item('a'), item('b'), silent('c'), item('d')];

  it('moves to the neighbouring row', () => {
    expect(nextIndex(list, 0)).toBe(1);
    expect(previousIndex(list, 1)).toBe(0);
  });

  it('skips rows without a preview', () => {
    expect(nextIndex(list, 1)).toBe(3);
    expect(previousIndex(list, 3)).toBe(1);
  });

  it('stops at either end instead of wrapping', () => {
    expect(nextIndex(list, 3)).toBe(-1);
    expect(previousIndex(list, 0)).toBe(-1);
  });

  it('has nowhere to go when nothing is playing or nothing else is playable', () => {
    expect(nextIndex(list, -1)).toBe(-1);
    expect(previousIndex(list, -1)).toBe(-1);
    expect(nextIndex([item('a'), silent('b')], 0)).toBe(-1);
  });

  it('finds the first playable row from a position', () => {
    expect(findPlayable([silent('x'), silent('y'), item('z')], 0, 1)).toBe(2);
    expect(findPlayable([silent('x')], 0, 1)).toBe(-1);
    expect(findPlayable([], 0, 1)).toBe(-1);
  });

  it('finds a row by id', () => {
    expect(indexOfItem(list, 'd')).toBe(3);
    expect(indexOfItem(list, 'zz')).toBe(-1);
  });
});

describe('playability and looping defaults', () => {
  it('needs a preview with a URL', () => {
    expect(isPlayable(item('a'))).toBe(true);
    expect(isPlayable(silent('a'))).toBe(false);
    expect(isPlayable(undefined)).toBe(false);
  });

  it('loops loops only', () => {
    expect(defaultLoopFor(item('a', { kind: 'Loop' }))).toBe(true);
    expect(defaultLoopFor(item('a', { kind: 'One-Shot' }))).toBe(false);
    expect(defaultLoopFor(item('a', { kind: 'Composition' }))).toBe(false);
    expect(defaultLoopFor(item('a', { kind: null }))).toBe(false);
  });
});

describe('extendsQueue', () => {
  const queue = [item('a'), item('b')];

  it('adopts the same list with more rows (next page loaded) or refetched', () => {
    expect(extendsQueue(queue, [item('a'), item('b'), item('c')])).toBe(true);
    expect(extendsQueue(queue, [item('a'), item('b')])).toBe(true);
  });

  it('does not adopt another list that merely contains the current row', () => {
    expect(extendsQueue(queue, [item('b'), item('a')])).toBe(false);
    expect(extendsQueue(queue, [item('a')])).toBe(false);
    expect(extendsQueue(queue, [item('x'), item('a'), item('b')])).toBe(false);
  });

  it('ignores the identical array and an empty queue', () => {
    expect(extendsQueue(queue, queue)).toBe(false);
    expect(extendsQueue([], [item('a')])).toBe(false);
  });
});
