import type { PolicyViewer } from './policy-viewer.ts';

/** A licence certificate: the user it was issued to. */
export interface LicenceFacts {
  holderUserId: string;
}
export type LicenceResource = LicenceFacts & { type: 'licence' };
export const asLicence = (row: LicenceFacts): LicenceResource => ({ type: 'licence', holderUserId: row.holderUserId });

/**
 * read (the certificate itself, as a PDF naming its holder): the holder alone — not admins, not the creator. What a
 * certificate covers and whether it stands is public by its number (decision 0022), without the holder: that
 * answer needs no object check.
 */
export type LicenceAction = 'read';

export function canOnLicence(viewer: PolicyViewer, _action: LicenceAction, licence: LicenceFacts): boolean {
  return viewer !== null && licence.holderUserId === viewer.userId;
}
