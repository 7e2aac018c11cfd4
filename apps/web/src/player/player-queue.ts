import type { AudioPreview, ItemRow } from '@crate/contract/catalogue';

/**
 * What the player needs from an item. A Pick of the contract's ItemRow, so item rows, item details
 * and anything else shaped like them can be played without mapping.
 */
export type PlayerItem = Pick<ItemRow, 'id' | 'slug' | 'name' | 'kind' | 'key' | 'bpm' | 'preview' | 'pack' | 'creator'> & {
  /** Where the bar's title links; default /item/{slug}. A pack's preview links to its pack. */
  href?: string;
};

export type PlayableItem = PlayerItem & { preview: AudioPreview };

/** Items without a preview (e.g. presets whose preview audio is still processing) are skipped. */
export function isPlayable(item: PlayerItem | undefined): item is PlayableItem {
  return item !== undefined && item.preview !== null && item.preview.url !== '';
}

/** Loops loop by default so a producer hears the groove repeat; one-shots and compositions don't. */
export function defaultLoopFor(item: PlayerItem): boolean {
  return item.kind === 'Loop';
}

/**
 * The nearest playable item from `from` (inclusive) walking in `direction`, or -1. The queue does
 * not wrap: ↓ on the last row of a list stays there, as the list on screen ends there.
 */
export function findPlayable(queue: readonly PlayerItem[], from: number, direction: 1 | -1): number {
  for (let i = from; i >= 0 && i < queue.length; i += direction) {
    if (isPlayable(queue[i])) return i;
  }
  return -1;
}

export function nextIndex(queue: readonly PlayerItem[], index: number): number {
  return index < 0 ? -1 : findPlayable(queue, index + 1, 1);
}

export function previousIndex(queue: readonly PlayerItem[], index: number): number {
  return index < 0 ? -1 : findPlayable(queue, index - 1, -1);
}

export function indexOfItem(queue: readonly PlayerItem[], id: string): number {
  return queue.findIndex((item) => item.id === id);
}

/**
 * Whether `list` is the current queue grown or refreshed (the old queue's ids are its prefix), e.g.
 * the next page of an infinite list arrived or the same list was refetched. Then ↓ should follow
 * the longer list. A different list (another sort, another screen) that happens to hold the current
 * item is not adopted: the queue stays the list the user played from.
 */
export function extendsQueue(queue: readonly PlayerItem[], list: readonly PlayerItem[]): boolean {
  if (list === queue || queue.length === 0 || list.length < queue.length) return false;
  for (let i = 0; i < queue.length; i++) {
    if (queue[i]!.id !== list[i]!.id) return false;
  }
  return true;
}
