import { canOnItem, type ItemFacts } from './item-policy.ts';
import { canOnPack, type PackFacts } from './pack-policy.ts';
import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/**
 * A stored source file whose derivatives (previews, peaks, resized art) /api/media serves, described by
 * what it belongs to. One file may serve several items or packs (a sound reused in another pack).
 */
export interface MediaFacts {
  items: ItemFacts[];
  packs: PackFacts[];
  /** It illustrates a page everybody sees: a creator profile, a bundle, a published staff playlist, a banner. */
  onPublicPage: boolean;
  /** Who uploaded it: until it is attached to something, only they (and admins) see it. */
  uploaderUserId: string | null;
}
export type MediaResource = MediaFacts & { type: 'media' };
export const asMedia = (facts: MediaFacts): MediaResource => ({ type: 'media', ...facts });

/** read: whoever may read one of the things it belongs to (so drafts stay with their creator's people, takedowns with admins), its uploader, admins. */
export type MediaAction = 'read';

export function canOnMedia(viewer: PolicyViewer, _action: MediaAction, media: MediaFacts): boolean {
  return (
    media.onPublicPage ||
    media.items.some((item) => canOnItem(viewer, 'read', item)) ||
    media.packs.some((pack) => canOnPack(viewer, 'read', pack)) ||
    isAdmin(viewer) ||
    (viewer !== null && media.uploaderUserId === viewer.userId)
  );
}
