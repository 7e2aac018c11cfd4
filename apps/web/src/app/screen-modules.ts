import type { ComponentType } from 'react';
import type { ScreenName } from '@crate/contract/web-routes';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * One lazy chunk per screen of WEB_ROUTES. Typed by ScreenName, so a route added to the contract
 * without a screen here fails the type check.
 */
export const SCREEN_MODULES: Record<ScreenName, ScreenModule> = {
  discover: () => import('../features/browse/routes/discover-screen.tsx'),
  staffpicks: () => import('../features/browse/routes/staff-picks-screen.tsx'),
  bundles: () => import('../features/browse/routes/bundles-screen.tsx'),
  genres: () => import('../features/browse/routes/genres-screen.tsx'),
  creators: () => import('../features/browse/routes/creators-screen.tsx'),
  users: () => import('../features/browse/routes/users-screen.tsx'),
  faq: () => import('../features/browse/routes/faq-screen.tsx'),
  pricing: () => import('../features/browse/routes/pricing-screen.tsx'),
  sellmypacks: () => import('../features/browse/routes/sell-my-packs-screen.tsx'),
  splits: () => import('../features/browse/routes/splits-screen.tsx'),
  licence: () => import('../features/library/routes/licence-screen.tsx'),
  register: () => import('../features/auth/routes/register-screen.tsx'),
  acceptinvite: () => import('../features/invites/routes/accept-invite-screen.tsx'),
  forbidden: () => import('../features/auth/routes/forbidden-screen.tsx'),
  login: () => import('../features/auth/routes/login-screen.tsx'),
  resetpassword: () => import('../features/auth/routes/reset-password-screen.tsx'),
  accountrecovery: () => import('../features/auth/routes/account-recovery-screen.tsx'),
  logout: () => import('../features/auth/routes/logout-screen.tsx'),
  search: () => import('../features/search/routes/search-screen.tsx'),
  freesearch: () => import('../features/search/routes/free-search-screen.tsx'),
  pack: () => import('../features/catalogue/routes/pack-screen.tsx'),
  item: () => import('../features/catalogue/routes/item-screen.tsx'),
  bundle: () => import('../features/catalogue/routes/bundle-screen.tsx'),
  'creator-profile': () => import('../features/catalogue/routes/creator-profile-screen.tsx'),
  staffplaylist: () => import('../features/catalogue/routes/staff-playlist-screen.tsx'),
  metapassthrough: () => import('../features/passthrough/routes/meta-passthrough-screen.tsx'),
  updatepassword: () => import('../features/auth/routes/update-password-screen.tsx'),
  account: () => import('../features/account/routes/account-screen.tsx'),
  settings: () => import('../features/account/routes/settings-screen.tsx'),
  creatorapplication: () => import('../features/creator-application/routes/creator-application-screen.tsx'),
  library: () => import('../features/library/routes/library-screen.tsx'),
  creditrefill: () => import('../features/credits/routes/credit-refill-screen.tsx'),
  'creator-dashboard': () => import('../features/creator/routes/creator-dashboard-screen.tsx'),
  singleupload: () => import('../features/creator/routes/single-upload-screen.tsx'),
  editsample: () => import('../features/creator/routes/edit-sample-screen.tsx'),
  editpreset: () => import('../features/creator/routes/edit-preset-screen.tsx'),
  itemanalytics: () => import('../features/creator/routes/item-analytics-screen.tsx'),
  packanalytics: () => import('../features/creator/routes/pack-analytics-screen.tsx'),
  packupload: () => import('../features/creator/routes/pack-upload-screen.tsx'),
  packuploadinstructions: () => import('../features/creator/routes/pack-upload-instructions-screen.tsx'),
  admin: () => import('../features/admin/routes/admin-screen.tsx'),
  archivedsearch: () => import('../features/search/routes/archived-search-screen.tsx'),
  editplaylist: () => import('../features/admin/routes/edit-playlist-screen.tsx'),
  editbanner: () => import('../features/admin/routes/edit-banner-screen.tsx'),
  managebundle: () => import('../features/admin/routes/manage-bundle-screen.tsx'),
  manageuser: () => import('../features/admin/routes/manage-user-screen.tsx'),
  reviewcreator: () => import('../features/admin/routes/review-creator-screen.tsx'),
  monthlypayout: () => import('../features/admin/routes/monthly-payout-screen.tsx'),
};
