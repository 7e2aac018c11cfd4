import { forbidden, notFound } from '../http/app-error.ts';
import { canOnAccount, type AccountAction, type AccountResource } from './account-policy.ts';
import { canOnAffiliateCode, type AffiliateCodeAction, type AffiliateCodeResource } from './affiliate-code-policy.ts';
import { canOnAnalytics, type AnalyticsAction, type AnalyticsResource } from './analytics-policy.ts';
import { canOnBanner, type BannerAction, type BannerResource } from './banner-policy.ts';
import { canOnCheckout, type CheckoutAction, type CheckoutResource } from './checkout-policy.ts';
import { canOnCollaborator, type CollaboratorAction, type CollaboratorResource } from './collaborator-policy.ts';
import { canOnCreatorApplication, type CreatorApplicationAction, type CreatorApplicationResource } from './creator-application-policy.ts';
import { canOnCreator, type CreatorAction, type CreatorResource } from './creator-policy.ts';
import { canOnBundle, canOnStaffPlaylist, type BundleResource, type CurationAction, type StaffPlaylistResource } from './curation-policy.ts';
import { canOnInvite, type InviteAction, type InviteResource } from './invite-policy.ts';
import { canOnItem, type ItemAction, type ItemResource } from './item-policy.ts';
import { canOnLicence, type LicenceAction, type LicenceResource } from './licence-policy.ts';
import { canOnMedia, type MediaAction, type MediaResource } from './media-policy.ts';
import { canOnPack, type PackAction, type PackResource } from './pack-policy.ts';
import { canOnPayoutLine, type PayoutLineAction, type PayoutLineResource } from './payout-line-policy.ts';
import { canOnPayout, type PayoutAction, type PayoutResource } from './payout-policy.ts';
import { canOnRelease, type ReleaseAction, type ReleaseResource } from './release-policy.ts';
import { canOnPlaylist, type PlaylistAction, type PlaylistResource } from './playlist-policy.ts';
import { canOnUpload, type UploadAction, type UploadResource } from './upload-policy.ts';
import type { PolicyViewer } from './policy-viewer.ts';

/** Every resource with object-level rules, and the actions each knows. A new resource adds its line here. */
interface Policies {
  pack: { resource: PackResource; action: PackAction };
  item: { resource: ItemResource; action: ItemAction };
  playlist: { resource: PlaylistResource; action: PlaylistAction };
  creator: { resource: CreatorResource; action: CreatorAction };
  media: { resource: MediaResource; action: MediaAction };
  creatorApplication: { resource: CreatorApplicationResource; action: CreatorApplicationAction };
  analytics: { resource: AnalyticsResource; action: AnalyticsAction };
  upload: { resource: UploadResource; action: UploadAction };
  invite: { resource: InviteResource; action: InviteAction };
  collaborator: { resource: CollaboratorResource; action: CollaboratorAction };
  checkout: { resource: CheckoutResource; action: CheckoutAction };
  licence: { resource: LicenceResource; action: LicenceAction };
  banner: { resource: BannerResource; action: BannerAction };
  account: { resource: AccountResource; action: AccountAction };
  staffPlaylist: { resource: StaffPlaylistResource; action: CurationAction };
  bundle: { resource: BundleResource; action: CurationAction };
  payoutLine: { resource: PayoutLineResource; action: PayoutLineAction };
  payout: { resource: PayoutResource; action: PayoutAction };
  affiliateCode: { resource: AffiliateCodeResource; action: AffiliateCodeAction };
  release: { resource: ReleaseResource; action: ReleaseAction };
}
export type Resource = Policies[keyof Policies]['resource'];
export type ActionOn<R extends Resource> = Policies[R['type']]['action'];

/** May this viewer (null: nobody signed in) do this to this object? The one question routes and services ask. */
export function can<R extends Resource>(viewer: PolicyViewer, action: ActionOn<R>, resource: R): boolean {
  const r: Resource = resource;
  switch (r.type) {
    case 'pack':
      return canOnPack(viewer, action as PackAction, r);
    case 'item':
      return canOnItem(viewer, action as ItemAction, r);
    case 'playlist':
      return canOnPlaylist(viewer, action as PlaylistAction, r);
    case 'creator':
      return canOnCreator(viewer, action as CreatorAction, r);
    case 'media':
      return canOnMedia(viewer, action as MediaAction, r);
    case 'creatorApplication':
      return canOnCreatorApplication(viewer, action as CreatorApplicationAction, r);
    case 'analytics':
      return canOnAnalytics(viewer, action as AnalyticsAction, r);
    case 'upload':
      return canOnUpload(viewer, action as UploadAction, r);
    case 'invite':
      return canOnInvite(viewer, action as InviteAction, r);
    case 'collaborator':
      return canOnCollaborator(viewer, action as CollaboratorAction, r);
    case 'checkout':
      return canOnCheckout(viewer, action as CheckoutAction, r);
    case 'licence':
      return canOnLicence(viewer, action as LicenceAction, r);
    case 'banner':
      return canOnBanner(viewer, action as BannerAction);
    case 'account':
      return canOnAccount(viewer, action as AccountAction, r);
    case 'staffPlaylist':
      return canOnStaffPlaylist(viewer, action as CurationAction, r);
    case 'bundle':
      return canOnBundle(viewer, action as CurationAction, r);
    case 'payoutLine':
      return canOnPayoutLine(viewer, action as PayoutLineAction, r);
    case 'payout':
      return canOnPayout(viewer, action as PayoutAction);
    case 'affiliateCode':
      return canOnAffiliateCode(viewer, action as AffiliateCodeAction, r);
    case 'release':
      return canOnRelease(viewer, action as ReleaseAction, r);
  }
}

/** What the viewer may do to this object, one flag per action asked: the answer that tells the UI which controls to offer. */
export function abilitiesOn<R extends Resource, A extends ActionOn<R>>(viewer: PolicyViewer, resource: R, actions: readonly A[]): Record<A, boolean> {
  return Object.fromEntries(actions.map((action) => [action, can(viewer, action, resource)])) as Record<A, boolean>;
}

/**
 * The row, when the viewer may do this to the object it describes (`resourceOf` reads the facts the rule
 * needs); else it throws. Refusal answers 404 when the viewer may not even read the object — an
 * unpublished pack or another user's playlist does not exist for them (docs/decisions/0013) — and 403
 * when they see it but may not do this. A missing row is a 404 too. `what` names it ("That pack").
 */
export function authorize<T, R extends Resource>(viewer: PolicyViewer, action: ActionOn<R>, row: T | null, resourceOf: (row: T) => R, what: string): T {
  if (!row) throw notFound(what);
  const resource = resourceOf(row);
  if (can(viewer, action, resource)) return row;
  if (action !== 'read' && readable(viewer, resource)) throw forbidden();
  throw notFound(what);
}

function readable(viewer: PolicyViewer, resource: Resource): boolean {
  // A creator profile is public (its page is): refusing an action on it hides nothing.
  return resource.type === 'creator' || can(viewer, 'read', resource);
}
