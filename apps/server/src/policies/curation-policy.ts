import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/**
 * What the team curates: a staff playlist (shown once published) and a bundle (on sale while active).
 * read: everybody, once it is published / active; admins in any state (the curation screens).
 * curate (change it, its sounds or packs, delete it): admins.
 */
export type CurationAction = 'read' | 'curate';

export interface StaffPlaylistFacts {
  published: boolean;
}
export type StaffPlaylistResource = StaffPlaylistFacts & { type: 'staffPlaylist' };
export const asStaffPlaylist = (row: StaffPlaylistFacts): StaffPlaylistResource => ({ type: 'staffPlaylist', published: row.published });

export interface BundleFacts {
  active: boolean;
}
export type BundleResource = BundleFacts & { type: 'bundle' };
export const asBundle = (row: BundleFacts): BundleResource => ({ type: 'bundle', active: row.active });

function canCurate(viewer: PolicyViewer, action: CurationAction, shown: boolean): boolean {
  switch (action) {
    case 'read':
      return shown || isAdmin(viewer);
    case 'curate':
      return isAdmin(viewer);
  }
}

export const canOnStaffPlaylist = (viewer: PolicyViewer, action: CurationAction, playlist: StaffPlaylistFacts): boolean => canCurate(viewer, action, playlist.published);
export const canOnBundle = (viewer: PolicyViewer, action: CurationAction, bundle: BundleFacts): boolean => canCurate(viewer, action, bundle.active);
