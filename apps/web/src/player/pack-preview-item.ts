import type { PackCard } from '@crate/contract/catalogue';
import type { PlayerItem } from './player-queue.ts';

const PACK_PREVIEW_PREFIX = 'pack-preview:';

/** Whether a player item is a pack's preview rather than an item (its plays are not an item's plays). */
export const isPackPreviewId = (id: string): boolean => id.startsWith(PACK_PREVIEW_PREFIX);

/** A pack's own preview as a player item: it plays like a sound, and the bar's title links to the pack. */
export function packPreviewItem(pack: PackCard): PlayerItem | null {
  if (!pack.preview) return null;
  return {
    id: `${PACK_PREVIEW_PREFIX}${pack.id}`,
    slug: pack.slug,
    name: `${pack.title} — pack preview`,
    kind: null,
    key: null,
    bpm: null,
    preview: pack.preview,
    pack: { id: pack.id, slug: pack.slug, title: pack.title, cover: pack.cover },
    creator: pack.creator,
    href: `/pack/${pack.id}`,
  };
}
