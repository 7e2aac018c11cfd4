import type { UserKind } from './factories.ts';

/**
 * Who may call each endpoint, written by hand from SPEC §6 — NOT derived from the contract's `API` table.
 * endpoint-access.int.test.ts checks it against the `API` table and against the running server, so an
 * endpoint declared with the wrong access (an admin endpoint left public) fails instead of passing.
 *
 * Adding an endpoint? Add its row here: its name in `API` (callables as `fn:<name>`) → every user kind
 * that may call it. An admin holds every role (SPEC §2), so a row with a role lists 'admin' too.
 */
const ANYONE: readonly UserKind[] = ['visitor', 'subscriber', 'collaborator', 'creator', 'affiliate', 'admin'];
const SIGNED_IN: readonly UserKind[] = ['subscriber', 'collaborator', 'creator', 'affiliate', 'admin'];
const ADMIN: readonly UserKind[] = ['admin'];

export const WHO_MAY_CALL: Readonly<Record<string, readonly UserKind[]>> = {
  health: ANYONE,
  ready: ANYONE,
  // No user kind is refused: a scraper is no user. Without METRICS_TOKEN it answers 404; with it, the bearer token decides (observability.int.test.ts).
  metrics: ANYONE,

  register: ANYONE,
  login: ANYONE,
  logout: ANYONE,
  requestPasswordReset: ANYONE,
  resetPassword: ANYONE,
  requestAccountRecovery: ANYONE,
  verifyEmail: ANYONE,
  resendEmailVerification: SIGNED_IN,
  updatePassword: SIGNED_IN,

  getProfile: SIGNED_IN,
  updateProfile: SIGNED_IN,
  deactivateAccount: SIGNED_IN,

  getInvite: ANYONE,
  acceptInvite: SIGNED_IN,
  createInvite: ['creator', 'admin'],

  getMyCreatorApplication: SIGNED_IN,
  uploadApplicationDemo: SIGNED_IN,
  submitCreatorApplication: SIGNED_IN,
  resubmitCreatorApplication: SIGNED_IN,
  playApplicationDemo: SIGNED_IN,
  listWaitingApplications: ADMIN,
  getCreatorApplication: ADMIN,
  reviewCreatorApplication: ADMIN,

  setUserRoles: ADMIN,
  uploadAdminImage: ADMIN,
  listBanners: ADMIN,
  getBanner: ADMIN,
  createBanner: ADMIN,
  updateBanner: ADMIN,
  deleteBanner: ADMIN,
  reorderBanners: ADMIN,
  adminJobs: ADMIN,
  adminDashboard: ADMIN,
  listUsers: ADMIN,
  listMonthlyPayouts: ADMIN,
  getMonthlyPayout: ADMIN,
  listMonthlyPayoutLines: ADMIN,
  listPayoutLineSpends: ADMIN,
  computeMonthlyPayout: ADMIN,
  approveMonthlyPayout: ADMIN,
  exportMonthlyPayout: ADMIN,
  adminAttribution: ADMIN,
  retryFailedAttribution: ADMIN,
  getAdminUser: ADMIN,
  disableUser: ADMIN,
  enableUser: ADMIN,
  listUserCreditHistory: ADMIN,
  listUserOwnedItems: ADMIN,
  listUserDownloads: ADMIN,
  listUserReceipts: ADMIN,
  listUserAudit: ADMIN,
  adjustCredits: ADMIN,
  quoteAcquisition: SIGNED_IN,
  acquire: SIGNED_IN,
  listOwnedItemIds: SIGNED_IN,
  listOwnedItems: SIGNED_IN,
  listDownloads: SIGNED_IN,
  verifyLicence: ANYONE,
  getCredits: SIGNED_IN,
  listCreditHistory: SIGNED_IN,

  createCheckoutSession: SIGNED_IN,
  createPurchaseCheckout: SIGNED_IN,
  getCheckoutSession: SIGNED_IN,
  // Public but signature-checked: Stripe and the sandbox call it without a session (payments.int.test.ts).
  paymentWebhook: ANYONE,
  getBilling: SIGNED_IN,
  listReceipts: SIGNED_IN,
  previewPlanChange: SIGNED_IN,
  changePlan: SIGNED_IN,
  cancelPlan: SIGNED_IN,
  resumePlan: SIGNED_IN,
  openBillingPortal: SIGNED_IN,
  advanceTestClock: ADMIN,

  discover: ANYONE,
  listPacks: ANYONE,
  listStaffPicks: ANYONE,
  getPack: ANYONE,
  listPackItems: ANYONE,
  getItem: ANYONE,
  listBundles: ANYONE,
  getBundle: ANYONE,
  listGenres: ANYONE,
  listCreators: ANYONE,
  getCreator: ANYONE,
  listCreatorPacks: ANYONE,
  getStaffPlaylist: ANYONE,
  listStaffPlaylistItems: ANYONE,
  listProducts: ANYONE,

  favoriteItem: SIGNED_IN,
  unfavoriteItem: SIGNED_IN,
  favoritePack: SIGNED_IN,
  unfavoritePack: SIGNED_IN,
  listFavoriteItems: SIGNED_IN,
  listFavoritePacks: SIGNED_IN,
  listPlaylists: SIGNED_IN,
  createPlaylist: SIGNED_IN,
  getPlaylist: SIGNED_IN,
  listPlaylistItems: SIGNED_IN,
  renamePlaylist: SIGNED_IN,
  deletePlaylist: SIGNED_IN,
  addPlaylistItem: SIGNED_IN,
  removePlaylistItem: SIGNED_IN,
  reorderPlaylist: SIGNED_IN,

  // Search is for subscribers and admins only (SPEC §6 "Search capability"); the free search is public.
  search: ['subscriber', 'admin'],
  searchFree: ANYONE,
  searchArchived: ADMIN,
  restoreArchivedPack: ADMIN,
  restoreTakenDownItem: ADMIN,
  takeDownItem: ADMIN,
  archivePack: ADMIN,
  similarItems: ANYONE,

  // Creator studio (SPEC §6: editing and analytics are the creator's; collaborators read, admins hold every role).
  getEditableItem: ['collaborator', 'creator', 'admin'],
  updateItem: ['creator', 'admin'],
  replaceItemFile: ['creator', 'admin'],
  getItemAnalytics: ['collaborator', 'creator', 'admin'],
  exportItemAnalytics: ['collaborator', 'creator', 'admin'],
  getPackAnalytics: ['collaborator', 'creator', 'admin'],
  exportPackAnalytics: ['collaborator', 'creator', 'admin'],
  // Earnings are a payee's own (decision 0055): creators and collaborators, and admins (who hold every role) see their own lines only.
  getCreatorEarnings: ['collaborator', 'creator', 'admin'],
  downloadEarningsStatementPdf: ['collaborator', 'creator', 'admin'],
  downloadEarningsStatementCsv: ['collaborator', 'creator', 'admin'],
  downloadAffiliateStatementPdf: ['affiliate', 'admin'],
  downloadAffiliateStatementCsv: ['affiliate', 'admin'],
  listStudioPacks: ['collaborator', 'creator', 'admin'],
  createStudioPack: ['creator', 'admin'],
  getStudioPack: ['collaborator', 'creator', 'admin'],
  updateStudioPack: ['creator', 'admin'],
  updateStudioPackItems: ['creator', 'admin'],
  deleteStudioPackFile: ['creator', 'admin'],
  submitStudioPack: ['creator', 'admin'],
  // A creator withdraws their own published pack and puts it back (decision 0072); admins hold the role but own no pack (403 by the pack policy).
  withdrawStudioPack: ['creator', 'admin'],
  republishStudioPack: ['creator', 'admin'],
  // A creator's own public profile and their image uploads (decision 0071); an admin without a profile finds none (404).
  getMyCreatorProfile: ['creator', 'admin'],
  updateMyCreatorProfile: ['creator', 'admin'],
  uploadStudioImage: ['creator', 'admin'],
  listCollaborators: ['creator', 'admin'],
  removeCollaborator: ['creator', 'admin'],
  withdrawInvite: ['creator', 'admin'],
  // Revenue splits (docs/decisions/0052): the creator sets them; anybody signed in reads their own shares.
  getPackSplit: ['creator', 'admin'],
  setPackSplit: ['creator', 'admin'],
  getDefaultSplit: ['creator', 'admin'],
  setDefaultSplit: ['creator', 'admin'],
  listMyShares: SIGNED_IN,

  // Releases and split sheets (issue 30): anyone signed in may register a release of sounds they own and answer as its writer;
  // the creator's side of /creator is for creators and collaborators; anyone verifies an agreed sheet by its number.
  proposeReleaseSplit: SIGNED_IN,
  registerRelease: SIGNED_IN,
  listMyReleases: SIGNED_IN,
  listReleaseRequests: ['collaborator', 'creator', 'admin'],
  answerRelease: SIGNED_IN,
  acceptReleaseCounter: SIGNED_IN,
  withdrawRelease: SIGNED_IN,
  verifySplitSheet: ANYONE,

  // Pack review and processing (docs/decisions/0026): admins review and re-run; the creator's people follow processing.
  listPacksAwaitingReview: ADMIN,
  getPackForReview: ADMIN,
  playPackFileForReview: ADMIN,
  reviewPack: ADMIN,
  reprocessPack: ADMIN,
  getPackProcessing: ['collaborator', 'creator', 'admin'],

  // Curation (docs/decisions/0046): staff playlists, bundles, staff picks and featured creators are the admins'.
  listAdminStaffPlaylists: ADMIN,
  getAdminStaffPlaylist: ADMIN,
  createStaffPlaylist: ADMIN,
  updateStaffPlaylist: ADMIN,
  deleteStaffPlaylist: ADMIN,
  addStaffPlaylistItem: ADMIN,
  removeStaffPlaylistItem: ADMIN,
  reorderStaffPlaylist: ADMIN,
  listAdminBundles: ADMIN,
  getAdminBundle: ADMIN,
  createBundle: ADMIN,
  updateBundle: ADMIN,
  deleteBundle: ADMIN,
  listAdminStaffPicks: ADMIN,
  addStaffPick: ADMIN,
  removeStaffPick: ADMIN,
  reorderStaffPicks: ADMIN,
  listFeaturedCreators: ADMIN,
  addFeaturedCreator: ADMIN,
  removeFeaturedCreator: ADMIN,
  reorderFeaturedCreators: ADMIN,
  lookUpPublishedPacks: ADMIN,
  lookUpCreators: ADMIN,

  // File endpoints: media is as public as what it belongs to (an object rule); downloads and certificates are
  // for signed-in owners; uploads are a creator's.
  getMedia: ANYONE,
  downloadItem: SIGNED_IN,
  downloadPack: SIGNED_IN,
  downloadLicencePdf: SIGNED_IN,
  downloadSplitSheetPdf: SIGNED_IN,
  createUpload: ['creator', 'admin'],
  getUploadOffset: ['creator', 'admin'],
  continueUpload: ['creator', 'admin'],
  cancelUpload: ['creator', 'admin'],

  // Payout accounts (decision 0053): whoever may be paid — creators and collaborators (and admins, who hold every role).
  getPayoutAccount: ['collaborator', 'creator', 'affiliate', 'admin'],
  startPayoutOnboarding: ['collaborator', 'creator', 'affiliate', 'admin'],
  payMonthlyPayout: ADMIN,

  // The affiliate programme (issue 29): admins set terms and read every affiliate; an affiliate their own; anyone's click counts.
  getUserAffiliate: ADMIN,
  setUserAffiliate: ADMIN,
  listAffiliates: ADMIN,
  getMyAffiliate: ['affiliate', 'admin'],
  addAffiliateCode: ['affiliate', 'admin'],
  retireAffiliateCode: ['affiliate', 'admin'],
  downloadAffiliateMonths: ['affiliate', 'admin'],
  recordReferralClick: ANYONE,

  'fn:trackPageView': ANYONE,
  'fn:trackViewContent': ANYONE,
  // Previews play for visitors too; their plays count (deduplicated per address and browser).
  'fn:trackPlay': ANYONE,
};

export const missingRowMessage = (name: string) =>
  `${name} has no row in WHO_MAY_CALL (apps/server/test/endpoint-access-table.ts). Add one: '${name}': [the user kinds that may call it], written from SPEC §6, not copied from the API table.`;

/**
 * The objects the object-level refusals act on (endpoint-access.int.test.ts builds them): a creator's
 * unpublished pack and its item, a taken-down item of a published pack, and two users' playlists.
 */
export interface World {
  draftPack: { id: string; slug: string };
  draftItem: { id: string; slug: string };
  takenDownItem: { id: string; slug: string };
  listedItem: { id: string; slug: string };
  /** The published pack holding listedItem and takenDownItem. */
  listedPack: { id: string; slug: string };
  /** Bob's playlist, holding listedItem. */
  othersPlaylist: { id: string };
  /** The stranger's own playlist. */
  ownPlaylist: { id: string };
}

/** Who is refused: a signed-in user with no tie to the object, a creator of another profile, the pack creator's collaborator, an admin. */
export type Actor = 'stranger' | 'otherCreator' | 'collaborator' | 'admin';

export interface Refusal {
  as: Actor;
  /** What is tried, for the test name. */
  tries: string;
  params: (w: World) => Record<string, string>;
  body?: (w: World) => object;
  /** 404 when the actor may not read the object (its existence is not revealed), 403 when they see it but may not act (decision 0013). */
  status: 404 | 403;
}

const NOT_YOURS = "another user's playlist";

/**
 * Every endpoint that takes an id (a `:param` in its path) → the refusals it must give, or why it has
 * no object-level rule. Adding such an endpoint? Add its entry here; the test fails until you do.
 */
export const OBJECT_RULES: Readonly<Record<string, readonly Refusal[] | { noObjectRule: string }>> = {
  getInvite: { noObjectRule: 'the token is the capability: whoever holds the link may read the invite' },
  verifyLicence: { noObjectRule: 'public by design: anyone verifies a certificate by its unguessable number; it never shows the holder’s e-mail (downloads.int.test.ts); the PDF is the holder’s only' },
  verifySplitSheet: { noObjectRule: 'public by design: anyone verifies an agreed split sheet by its unguessable number; it shows display names and shares, never an e-mail (releases.int.test.ts)' },
  answerRelease: { noObjectRule: "the release policy: someone who is not its producer or writer gets 404, its producer 403 (releases.int.test.ts, 'who may see and act on a release')" },
  acceptReleaseCounter: { noObjectRule: "the release policy: a stranger gets 404, a writer 403; only its producer decides (releases.int.test.ts)" },
  withdrawRelease: { noObjectRule: "the release policy: a stranger gets 404, a writer 403; only its producer withdraws (releases.int.test.ts)" },
  playApplicationDemo: { noObjectRule: 'the applicant and admins only, by the creator-application policy: tested in creator-applications.int.test.ts (a stranger gets 404)' },
  getCreatorApplication: { noObjectRule: 'admins read every application; the endpoint is admin-only' },
  reviewCreatorApplication: { noObjectRule: 'admins review every application but their own (403, tested in creator-applications.int.test.ts); the endpoint is admin-only' },
  setUserRoles: { noObjectRule: 'admins manage every account; the endpoint is admin-only' },
  getMonthlyPayout: { noObjectRule: 'a month of payouts is Crate’s own: admins read every one (the payout policy); the endpoint is admin-only' },
  listMonthlyPayoutLines: { noObjectRule: 'admins read every month’s lines (the payout policy); the endpoint is admin-only' },
  listPayoutLineSpends: { noObjectRule: 'admins read every line; a line of another month is a 404 (payout-admin.int.test.ts); the endpoint is admin-only' },
  computeMonthlyPayout: { noObjectRule: 'admins compute every draft month (the payout policy); the endpoint is admin-only' },
  approveMonthlyPayout: { noObjectRule: 'admins approve every month, once and in order (payout-admin.int.test.ts); the endpoint is admin-only' },
  exportMonthlyPayout: { noObjectRule: 'admins export every month (the payout policy); the endpoint is admin-only' },
  getBanner: { noObjectRule: 'banners are the shop\'s own: admins read every one (the banner policy); the endpoint is admin-only' },
  updateBanner: { noObjectRule: 'banners are the shop\'s own: admins edit every one (the banner policy); the endpoint is admin-only' },
  deleteBanner: { noObjectRule: 'banners are the shop\'s own: admins remove every one (the banner policy); the endpoint is admin-only' },
  adjustCredits: { noObjectRule: "admins adjust any account's credits (audited); the endpoint is admin-only" },
  getAdminUser: { noObjectRule: 'admins read every account (the account policy); the endpoint is admin-only' },
  disableUser: { noObjectRule: 'admins disable any account but their own and the last active admin (409s, admin-users.int.test.ts); the endpoint is admin-only' },
  enableUser: { noObjectRule: 'admins enable any disabled account (the account policy); the endpoint is admin-only' },
  listUserCreditHistory: { noObjectRule: "admins read every account's ledger (the account policy); the endpoint is admin-only" },
  listUserOwnedItems: { noObjectRule: 'admins read what every account owns (the account policy); the endpoint is admin-only' },
  listUserDownloads: { noObjectRule: "admins read every account's downloads (the account policy); the endpoint is admin-only" },
  listUserReceipts: { noObjectRule: "admins read every account's payments (the account policy); the endpoint is admin-only" },
  listUserAudit: { noObjectRule: "admins read every account's audit trail (the account policy); the endpoint is admin-only" },
  getUserAffiliate: { noObjectRule: "admins read every account's affiliate terms (the account policy); the endpoint is admin-only" },
  setUserAffiliate: { noObjectRule: "admins set every account's affiliate terms (the account policy); the endpoint is admin-only" },
  retireAffiliateCode: { noObjectRule: "the affiliate-code policy: another affiliate's code is 404 and stays live (affiliates.int.test.ts)" },
  payMonthlyPayout: { noObjectRule: "a month's payout is the shop's own: admins pay every one (the payout policy); the endpoint is admin-only" },
  createPurchaseCheckout: [
    { as: 'stranger', tries: "to buy another creator's unpublished pack", params: () => ({}), body: (w) => ({ target: 'pack', id: w.draftPack.id, idempotency_key: 'buy-a-draft-pack' }), status: 404 },
  ],
  getCheckoutSession: { noObjectRule: "reads only the caller's own checkout sessions: another user's is 404 (payments.int.test.ts, 'someone else's session')" },

  getPack: [
    { as: 'stranger', tries: "another creator's unpublished pack", params: (w) => ({ ref: w.draftPack.id }), status: 404 },
    { as: 'otherCreator', tries: "another creator's unpublished pack, by slug", params: (w) => ({ ref: w.draftPack.slug }), status: 404 },
  ],
  listPackItems: [{ as: 'otherCreator', tries: "the items of another creator's unpublished pack", params: (w) => ({ ref: w.draftPack.id }), status: 404 }],
  getItem: [
    { as: 'otherCreator', tries: "an item of another creator's unpublished pack", params: (w) => ({ slug: w.draftItem.slug }), status: 404 },
    { as: 'stranger', tries: 'a taken-down item', params: (w) => ({ slug: w.takenDownItem.slug }), status: 404 },
  ],
  getBundle: { noObjectRule: 'bundles belong to the shop: an inactive one is not found for everybody alike' },
  getCreator: { noObjectRule: 'creator profiles are public pages' },
  listCreatorPacks: { noObjectRule: 'lists only the packs the viewer may read (catalogue.int.test.ts shows the unpublished ones left out)' },
  getStaffPlaylist: { noObjectRule: 'staff playlists are public once published; an unpublished one is not found for everybody alike' },
  listStaffPlaylistItems: { noObjectRule: 'as getStaffPlaylist' },
  similarItems: [{ as: 'otherCreator', tries: "an item of another creator's unpublished pack", params: (w) => ({ slug: w.draftItem.slug }), status: 404 }],

  favoriteItem: [
    { as: 'stranger', tries: "an item of another creator's unpublished pack", params: (w) => ({ id: w.draftItem.id }), status: 404 },
    { as: 'stranger', tries: 'a taken-down item', params: (w) => ({ id: w.takenDownItem.id }), status: 404 },
    { as: 'collaborator', tries: 'an unpublished item they can see (the library lists only listed sounds)', params: (w) => ({ id: w.draftItem.id }), status: 403 },
  ],
  unfavoriteItem: { noObjectRule: "removes the caller's own heart only; nobody else's row is reachable" },
  favoritePack: [
    { as: 'otherCreator', tries: "another creator's unpublished pack", params: (w) => ({ id: w.draftPack.id }), status: 404 },
    { as: 'collaborator', tries: 'an unpublished pack they can see', params: (w) => ({ id: w.draftPack.id }), status: 403 },
  ],
  unfavoritePack: { noObjectRule: "removes the caller's own heart only; nobody else's row is reachable" },

  getPlaylist: [
    { as: 'stranger', tries: NOT_YOURS, params: (w) => ({ id: w.othersPlaylist.id }), status: 404 },
    { as: 'admin', tries: `${NOT_YOURS} (a library is personal: no admin override)`, params: (w) => ({ id: w.othersPlaylist.id }), status: 404 },
  ],
  listPlaylistItems: [{ as: 'stranger', tries: NOT_YOURS, params: (w) => ({ id: w.othersPlaylist.id }), status: 404 }],
  renamePlaylist: [
    { as: 'stranger', tries: `to rename ${NOT_YOURS}`, params: (w) => ({ id: w.othersPlaylist.id }), body: () => ({ name: 'Taken over' }), status: 404 },
    { as: 'admin', tries: `to rename ${NOT_YOURS}`, params: (w) => ({ id: w.othersPlaylist.id }), body: () => ({ name: 'Taken over' }), status: 404 },
  ],
  deletePlaylist: [{ as: 'stranger', tries: `to delete ${NOT_YOURS}`, params: (w) => ({ id: w.othersPlaylist.id }), status: 404 }],
  addPlaylistItem: [
    { as: 'stranger', tries: `to add to ${NOT_YOURS}`, params: (w) => ({ id: w.othersPlaylist.id }), body: (w) => ({ item_id: w.listedItem.id }), status: 404 },
    { as: 'stranger', tries: "to add another creator's unpublished item to their own playlist", params: (w) => ({ id: w.ownPlaylist.id }), body: (w) => ({ item_id: w.draftItem.id }), status: 404 },
  ],
  removePlaylistItem: [{ as: 'stranger', tries: `to remove from ${NOT_YOURS}`, params: (w) => ({ id: w.othersPlaylist.id, itemId: w.listedItem.id }), status: 404 }],
  reorderPlaylist: [
    { as: 'stranger', tries: `to reorder ${NOT_YOURS}`, params: (w) => ({ id: w.othersPlaylist.id }), body: (w) => ({ item_ids: [w.listedItem.id] }), status: 404 },
  ],

  getEditableItem: [
    { as: 'otherCreator', tries: "to open another creator's unpublished item in the editor", params: (w) => ({ slug: w.draftItem.slug }), status: 404 },
    { as: 'otherCreator', tries: "to open another creator's published item in the editor (they see the item, not its studio)", params: (w) => ({ slug: w.listedItem.slug }), status: 403 },
  ],
  updateItem: [
    { as: 'otherCreator', tries: "to edit another creator's unpublished item", params: (w) => ({ slug: w.draftItem.slug }), body: () => ({ name: 'Taken over' }), status: 404 },
    { as: 'otherCreator', tries: "to edit another creator's published item", params: (w) => ({ slug: w.listedItem.slug }), body: () => ({ name: 'Taken over' }), status: 403 },
    { as: 'collaborator', tries: 'to edit an item of the creator they work with (read-only)', params: (w) => ({ slug: w.draftItem.slug }), body: () => ({ name: 'Taken over' }), status: 403 },
  ],
  replaceItemFile: { noObjectRule: "needs its role and name in the query: another creator's item (404/403) and a collaborator (403) are refused in item-editing.int.test.ts" },
  getItemAnalytics: [
    { as: 'otherCreator', tries: "the analytics of another creator's published item", params: (w) => ({ slug: w.listedItem.slug }), status: 404 },
    { as: 'otherCreator', tries: "the analytics of another creator's unpublished item", params: (w) => ({ slug: w.draftItem.slug }), status: 404 },
  ],
  exportItemAnalytics: [{ as: 'otherCreator', tries: "the CSV of another creator's published item", params: (w) => ({ slug: w.listedItem.slug }), status: 404 }],
  getPackAnalytics: [
    { as: 'otherCreator', tries: "the analytics of another creator's published pack", params: (w) => ({ id: w.listedPack.id }), status: 404 },
    { as: 'otherCreator', tries: "the analytics of another creator's unpublished pack", params: (w) => ({ id: w.draftPack.id }), status: 404 },
  ],
  exportPackAnalytics: [{ as: 'otherCreator', tries: "the CSV of another creator's published pack", params: (w) => ({ id: w.listedPack.id }), status: 404 }],
  getStudioPack: [
    { as: 'otherCreator', tries: "to open another creator's draft in the studio", params: (w) => ({ id: w.draftPack.id }), status: 404 },
    { as: 'otherCreator', tries: "to open another creator's published pack in the studio (they see the pack, not its studio)", params: (w) => ({ id: w.listedPack.id }), status: 403 },
  ],
  updateStudioPack: [
    { as: 'otherCreator', tries: "to change another creator's draft", params: (w) => ({ id: w.draftPack.id }), body: () => ({ title: 'Taken over' }), status: 404 },
    { as: 'otherCreator', tries: "to change another creator's published pack", params: (w) => ({ id: w.listedPack.id }), body: () => ({ title: 'Taken over' }), status: 403 },
    { as: 'collaborator', tries: 'to change a published pack of the creator they work with (read-only)', params: (w) => ({ id: w.listedPack.id }), body: () => ({ title: 'Taken over' }), status: 403 },
    { as: 'collaborator', tries: 'to change a draft of the creator they work with (read-only)', params: (w) => ({ id: w.draftPack.id }), body: () => ({ title: 'Taken over' }), status: 403 },
  ],
  updateStudioPackItems: [
    { as: 'otherCreator', tries: "to change the sounds of another creator's draft", params: (w) => ({ id: w.draftPack.id }), body: (w) => ({ items: [{ id: w.draftItem.id, name: 'Taken over' }] }), status: 404 },
    { as: 'collaborator', tries: 'to change the sounds of a draft of the creator they work with', params: (w) => ({ id: w.draftPack.id }), body: (w) => ({ items: [{ id: w.draftItem.id, name: 'Taken over' }] }), status: 403 },
  ],
  deleteStudioPackFile: { noObjectRule: "needs a file of the pack: another creator's pack (404) and a collaborator (403) are refused in studio-packs.int.test.ts" },
  submitStudioPack: [
    { as: 'otherCreator', tries: "to submit another creator's draft", params: (w) => ({ id: w.draftPack.id }), status: 404 },
    { as: 'collaborator', tries: 'to submit a draft of the creator they work with', params: (w) => ({ id: w.draftPack.id }), status: 403 },
  ],
  withdrawStudioPack: [
    { as: 'otherCreator', tries: "to withdraw another creator's published pack", params: (w) => ({ id: w.listedPack.id }), status: 403 },
    { as: 'otherCreator', tries: "to withdraw another creator's draft", params: (w) => ({ id: w.draftPack.id }), status: 404 },
    { as: 'collaborator', tries: 'to withdraw a pack of the creator they work with (read-only)', params: (w) => ({ id: w.listedPack.id }), status: 403 },
    { as: 'admin', tries: "to withdraw a creator's pack (admins take packs down with a reason instead)", params: (w) => ({ id: w.listedPack.id }), status: 403 },
  ],
  republishStudioPack: [
    { as: 'otherCreator', tries: "to put another creator's pack on sale", params: (w) => ({ id: w.listedPack.id }), status: 403 },
    { as: 'collaborator', tries: 'to put a pack of the creator they work with on sale', params: (w) => ({ id: w.draftPack.id }), status: 403 },
  ],
  getPackSplit: [
    { as: 'otherCreator', tries: "the split of another creator's draft", params: (w) => ({ id: w.draftPack.id }), status: 404 },
    { as: 'otherCreator', tries: "the split of another creator's published pack (they see the pack, not its money)", params: (w) => ({ id: w.listedPack.id }), status: 403 },
    { as: 'collaborator', tries: 'the split of a pack of the creator they work with (the creator decides it)', params: (w) => ({ id: w.draftPack.id }), status: 403 },
    { as: 'admin', tries: "a creator's split (no admin override: the creator shares their own money)", params: (w) => ({ id: w.listedPack.id }), status: 403 },
  ],
  setPackSplit: [
    { as: 'otherCreator', tries: "to set the split of another creator's draft", params: (w) => ({ id: w.draftPack.id }), body: () => ({ shares: [] }), status: 404 },
    { as: 'otherCreator', tries: "to set the split of another creator's published pack", params: (w) => ({ id: w.listedPack.id }), body: () => ({ shares: [] }), status: 403 },
    { as: 'collaborator', tries: 'to give themselves a share of a pack of the creator they work with', params: (w) => ({ id: w.draftPack.id }), body: () => ({ shares: [] }), status: 403 },
    { as: 'admin', tries: "to set a creator's split", params: (w) => ({ id: w.listedPack.id }), body: () => ({ shares: [] }), status: 403 },
  ],
  removeCollaborator: { noObjectRule: "acts only on the caller's own team: someone else's collaborator is 404 (studio-packs.int.test.ts)" },
  withdrawInvite: { noObjectRule: "acts only on the caller's own invites: someone else's invite is 404 (studio-packs.int.test.ts)" },

  restoreArchivedPack: { noObjectRule: 'admin-only: admins act on every pack' },
  getPackForReview: { noObjectRule: 'admin-only: admins review every pack (the pack policy\'s review action); others get 403 in pack-review.int.test.ts' },
  playPackFileForReview: { noObjectRule: 'admin-only; a file of another pack is 404 (pack-review.int.test.ts: the creator gets 403)' },
  reviewPack: { noObjectRule: 'admin-only: admins review every pack; a pack not awaiting approval is 409 (pack-review.int.test.ts)' },
  reprocessPack: { noObjectRule: 'admin-only: admins re-run every pack; a pack not in −2 or 4 is 409 (pack-review.int.test.ts)' },
  getPackProcessing: [
    { as: 'otherCreator', tries: "the processing of another creator's unpublished pack", params: (w) => ({ id: w.draftPack.id }), status: 404 },
    { as: 'stranger', tries: "the processing of a published pack they see but whose studio is the creator's", params: (w) => ({ id: w.listedPack.id }), status: 403 },
  ],
  restoreTakenDownItem: { noObjectRule: 'admin-only: admins act on every item' },
  takeDownItem: { noObjectRule: 'admin-only: admins act on every item; one already taken down is 409 (takedowns.int.test.ts)' },
  archivePack: { noObjectRule: 'admin-only: admins act on every pack; one awaiting approval, processing or archived is 409 (takedowns.int.test.ts)' },

  getAdminStaffPlaylist: { noObjectRule: 'admin-only: admins curate every staff playlist, published or not (curation policy)' },
  updateStaffPlaylist: { noObjectRule: 'admin-only: admins curate every staff playlist (curation policy)' },
  deleteStaffPlaylist: { noObjectRule: 'admin-only: admins curate every staff playlist (curation policy)' },
  addStaffPlaylistItem: { noObjectRule: 'admin-only; the sound added must be listed, else 400 (curation.int.test.ts)' },
  removeStaffPlaylistItem: { noObjectRule: 'admin-only: admins curate every staff playlist (curation policy)' },
  reorderStaffPlaylist: { noObjectRule: 'admin-only; a stale version is 409 (curation.int.test.ts)' },
  getAdminBundle: { noObjectRule: 'admin-only: admins curate every bundle, active or not (curation policy)' },
  updateBundle: { noObjectRule: 'admin-only; packs added must be published, else 400 (curation.int.test.ts)' },
  deleteBundle: { noObjectRule: 'admin-only: admins curate every bundle (curation policy)' },
  removeStaffPick: { noObjectRule: 'admin-only: the staff picks are the team’s one shelf' },
  removeFeaturedCreator: { noObjectRule: 'admin-only: the featured creators are the team’s one shelf' },

  getMedia: { noObjectRule: "follows what the file belongs to (media policy): a draft's art or a taken-down sound's preview is 404 for whoever may not see it, tested in media-visibility.int.test.ts" },
  downloadItem: [
    { as: 'stranger', tries: "the file of an item of another creator's unpublished pack", params: (w) => ({ id: w.draftItem.id }), status: 404 },
    { as: 'stranger', tries: 'the file of a taken-down item they do not own', params: (w) => ({ id: w.takenDownItem.id }), status: 404 },
  ],
  downloadPack: [{ as: 'stranger', tries: 'the zip of a pack they own nothing in', params: (w) => ({ id: w.listedPack.id }), status: 404 }],
  downloadEarningsStatementPdf: { noObjectRule: "the month is looked up among the viewer's own payout lines only (payout-line policy): another payee's month, or a draft, is 404 (creator-earnings.int.test.ts)" },
  downloadEarningsStatementCsv: { noObjectRule: 'as downloadEarningsStatementPdf' },
  downloadAffiliateStatementPdf: { noObjectRule: "the month is looked up among the viewer's own affiliate payout lines only (payout-line policy): another payee's month, or a draft, is 404 (affiliate-commissions.int.test.ts)" },
  downloadAffiliateStatementCsv: { noObjectRule: 'as downloadAffiliateStatementPdf' },
  downloadSplitSheetPdf: { noObjectRule: "only the producer and the writers of an agreed release download its sheet: anyone else gets 404 (releases.int.test.ts)" },
  downloadLicencePdf: { noObjectRule: "only its holder downloads a certificate: another holder's is 404 (downloads.int.test.ts, hostile-file-addresses.int.test.ts)" },
  getUploadOffset: { noObjectRule: "the upload policy on the id tus uses: another creator's upload is 404 (authorised-id-is-used.int.test.ts, hostile-file-addresses.int.test.ts)" },
  continueUpload: { noObjectRule: 'as getUploadOffset' },
  cancelUpload: { noObjectRule: 'as getUploadOffset' },
};

export const missingObjectRuleMessage = (name: string, path: string) =>
  `${name} (${path}) takes an id but has no entry in OBJECT_RULES (apps/server/test/endpoint-access-table.ts). Add the refusals it must give (another user's object, another creator's unpublished one…) or { noObjectRule: 'why' }.`;
