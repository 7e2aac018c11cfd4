import type { Access } from './access.ts';
import { PUBLIC, SIGNED_IN, claims } from './access.ts';

/**
 * Every screen of docs/product-overview.md §2 with its path(s), layout, guard and metadata.
 * The web router is generated from this table, and so are the route × user-kind tests.
 */
export type Layout = 'main' | 'blank';

export interface WebRoute {
  screen: string;
  /** React Router patterns; the first is canonical. `:id?` marks an optional segment. */
  paths: readonly string[];
  /** A concrete path used by tests and docs. */
  example: string;
  layout: Layout;
  access: Access;
  title: string;
  description: string;
  /** Pack, bundle and product pages fire trackViewContent too (docs/product-overview.md §2, §7). */
  contentTracked?: boolean;
}

const CREATOR_OR_COLLABORATOR = claims('creator', 'collaborator');
const CREATOR = claims('creator');
const ADMIN = claims('admin');

export const WEB_ROUTES = [
  // Public
  { screen: 'discover', paths: ['/', '/discover', '/home'], example: '/discover', layout: 'main', access: PUBLIC, title: 'Discover', description: 'New packs, staff picks and sounds worth hearing.' },
  { screen: 'staffpicks', paths: ['/staffpicks'], example: '/staffpicks', layout: 'main', access: PUBLIC, title: 'Staff picks', description: 'Packs our curators keep coming back to.' },
  { screen: 'bundles', paths: ['/bundles'], example: '/bundles', layout: 'main', access: PUBLIC, title: 'Bundles', description: 'Packs grouped into bundles.' },
  { screen: 'genres', paths: ['/genres', '/genres/:slug'], example: '/genres', layout: 'main', access: PUBLIC, title: 'Genres', description: 'Browse sounds by genre.' },
  { screen: 'creators', paths: ['/creators'], example: '/creators', layout: 'main', access: PUBLIC, title: 'Creators', description: 'The people who make the sounds.' },
  { screen: 'users', paths: ['/users'], example: '/users', layout: 'main', access: PUBLIC, title: 'Browse users', description: 'Producers and creators on Crate.' },
  { screen: 'faq', paths: ['/faq'], example: '/faq', layout: 'main', access: PUBLIC, title: 'FAQ', description: 'Answers about credits, licences and downloads.' },
  { screen: 'pricing', paths: ['/pricing'], example: '/pricing', layout: 'main', access: PUBLIC, title: 'Pricing', description: 'Plans and credits.' },
  { screen: 'sellmypacks', paths: ['/sellmypacks', '/becomecreator'], example: '/sellmypacks', layout: 'main', access: PUBLIC, title: 'Sell my packs', description: 'Sell and license your sounds on Crate.' },
  { screen: 'splits', paths: ['/splits'], example: '/splits', layout: 'main', access: PUBLIC, title: 'Dynamic splits', description: 'How Royalty-Free, Royalty A and Dynamic Splits licences work.' },
  { screen: 'licence', paths: ['/licence/:number'], example: '/licence/CRT-0000-0000-0000', layout: 'main', access: PUBLIC, title: 'Licence certificate', description: 'Check a Crate licence certificate by its number.' },
  { screen: 'splitsheet', paths: ['/splitsheet/:number'], example: '/splitsheet/SPL-0000-0000-0000', layout: 'main', access: PUBLIC, title: 'Split sheet', description: 'Check an agreed Crate split sheet by its number.' },
  { screen: 'register', paths: ['/register'], example: '/register', layout: 'main', access: PUBLIC, title: 'Create account', description: 'Create your Crate account.' },
  { screen: 'acceptinvite', paths: ['/acceptinvite'], example: '/acceptinvite', layout: 'main', access: PUBLIC, title: 'Accept invite', description: 'Join a creator as a collaborator.' },
  { screen: 'forbidden', paths: ['/forbidden'], example: '/forbidden', layout: 'main', access: PUBLIC, title: 'Sign in required', description: 'This page needs a different account.' },
  { screen: 'login', paths: ['/login'], example: '/login', layout: 'main', access: PUBLIC, title: 'Log in', description: 'Log in to Crate.' },
  { screen: 'resetpassword', paths: ['/resetpassword'], example: '/resetpassword', layout: 'main', access: PUBLIC, title: 'Reset password', description: 'Reset your Crate password.' },
  { screen: 'verifyemail', paths: ['/verifyemail'], example: '/verifyemail', layout: 'main', access: PUBLIC, title: 'Confirm your e-mail', description: 'Confirm the e-mail address of your Crate account.' },
  { screen: 'accountrecovery', paths: ['/accountrecovery'], example: '/accountrecovery', layout: 'blank', access: PUBLIC, title: 'Account recovery', description: 'Recover a locked or deactivated account.' },
  { screen: 'logout', paths: ['/logout'], example: '/logout', layout: 'main', access: PUBLIC, title: 'Log out', description: 'Log out of Crate.' },
  { screen: 'search', paths: ['/search'], example: '/search', layout: 'main', access: PUBLIC, title: 'Search', description: 'Search every sound on Crate.' },
  { screen: 'freesearch', paths: ['/freesearch'], example: '/freesearch', layout: 'main', access: PUBLIC, title: 'Free search', description: 'Search free sounds.' },
  { screen: 'pack', paths: ['/pack/:id', '/products/:slug'], example: '/pack/demo', layout: 'main', access: PUBLIC, title: 'Pack', description: 'A sample pack on Crate.', contentTracked: true },
  { screen: 'item', paths: ['/item/:slug'], example: '/item/demo', layout: 'main', access: PUBLIC, title: 'Sound', description: 'A sample or preset on Crate.' },
  { screen: 'bundle', paths: ['/bundle/:id', '/bundles/:slug'], example: '/bundle/demo', layout: 'main', access: PUBLIC, title: 'Bundle', description: 'A bundle of packs on Crate.', contentTracked: true },
  { screen: 'creator-profile', paths: ['/creator/:id', '/collections/:slug'], example: '/creator/demo', layout: 'main', access: PUBLIC, title: 'Creator', description: 'A creator on Crate.' },
  { screen: 'staffplaylist', paths: ['/staffplaylist/:id'], example: '/staffplaylist/demo', layout: 'main', access: PUBLIC, title: 'Staff playlist', description: 'A playlist picked by our staff.' },
  { screen: 'referral', paths: ['/r/:code'], example: '/r/demo', layout: 'main', access: PUBLIC, title: 'Welcome to Crate', description: 'Sounds for producers, picked by people you follow.' },
  { screen: 'metapassthrough', paths: ['/metapassthrough'], example: '/metapassthrough', layout: 'main', access: PUBLIC, title: 'Redirecting', description: 'Taking you there.' },
  // Sign-in required
  { screen: 'updatepassword', paths: ['/updatepassword'], example: '/updatepassword', layout: 'main', access: SIGNED_IN, title: 'Update password', description: 'Change your password.' },
  { screen: 'account', paths: ['/account'], example: '/account', layout: 'main', access: SIGNED_IN, title: 'Account', description: 'Your profile, roles and credits.' },
  { screen: 'settings', paths: ['/settings'], example: '/settings', layout: 'main', access: SIGNED_IN, title: 'Settings', description: 'Display name, e-mail preferences and agreements.' },
  { screen: 'creatorapplication', paths: ['/creatorapplication'], example: '/creatorapplication', layout: 'main', access: SIGNED_IN, title: 'Creator application', description: 'Apply to sell on Crate.' },
  { screen: 'library', paths: ['/library'], example: '/library', layout: 'main', access: SIGNED_IN, title: 'Library', description: 'Your sounds, downloads, favorites and playlists.' },
  { screen: 'creditrefill', paths: ['/creditrefill'], example: '/creditrefill', layout: 'main', access: SIGNED_IN, title: 'Refill credits', description: 'Top up your credits.' },
  // Creator or collaborator
  { screen: 'creator-dashboard', paths: ['/creator'], example: '/creator', layout: 'main', access: CREATOR_OR_COLLABORATOR, title: 'Creator dashboard', description: 'Your packs and how they are doing.' },
  // Affiliate
  { screen: 'affiliate', paths: ['/affiliate'], example: '/affiliate', layout: 'main', access: claims('affiliate'), title: 'Affiliate', description: 'Your referral links, clicks, sign-ups and commission.' },
  // The studio's views of one pack or sound, and its figures: the creator edits, their collaborators read (docs/decisions/0071).
  { screen: 'editsample', paths: ['/editsample/:docSlug'], example: '/editsample/demo', layout: 'main', access: CREATOR_OR_COLLABORATOR, title: 'Edit sample', description: 'Edit a sample.' },
  { screen: 'editpreset', paths: ['/editpreset/:docSlug'], example: '/editpreset/demo', layout: 'main', access: CREATOR_OR_COLLABORATOR, title: 'Edit preset', description: 'Edit a preset.' },
  { screen: 'itemanalytics', paths: ['/itemanalytics/:docSlug'], example: '/itemanalytics/demo', layout: 'main', access: CREATOR_OR_COLLABORATOR, title: 'Item analytics', description: 'Plays, downloads and earnings of an item.' },
  { screen: 'packanalytics', paths: ['/packanalytics/:id'], example: '/packanalytics/demo', layout: 'main', access: CREATOR_OR_COLLABORATOR, title: 'Pack analytics', description: 'Plays, downloads and earnings of a pack.' },
  { screen: 'packstudio', paths: ['/packupload/:id'], example: '/packupload/demo', layout: 'main', access: CREATOR_OR_COLLABORATOR, title: 'Pack upload', description: 'A pack in the studio: its details, files, sounds and where it stands.' },
  // Creator only
  { screen: 'singleupload', paths: ['/singleupload/:id?'], example: '/singleupload', layout: 'main', access: CREATOR, title: 'Upload a sample', description: 'Upload a single sample.' },
  { screen: 'packupload', paths: ['/packupload'], example: '/packupload', layout: 'main', access: CREATOR, title: 'Upload a pack', description: 'Upload a sample pack.' },
  { screen: 'creatorprofile', paths: ['/creatorprofile'], example: '/creatorprofile', layout: 'main', access: CREATOR, title: 'Your public profile', description: 'Your name, picture, banner, bio and links as your creator page shows them.' },
  { screen: 'packuploadinstructions', paths: ['/packuploadinstructions'], example: '/packuploadinstructions', layout: 'blank', access: CREATOR, title: 'Pack upload instructions', description: 'How to prepare a pack for upload.' },
  // Admin only
  { screen: 'admin', paths: ['/admin'], example: '/admin', layout: 'main', access: ADMIN, title: 'Admin', description: 'Run Crate.' },
  { screen: 'archivedsearch', paths: ['/archivedsearch'], example: '/archivedsearch', layout: 'main', access: ADMIN, title: 'Archived search', description: 'Archived packs and taken-down items.' },
  { screen: 'editplaylist', paths: ['/editplaylist/:id?'], example: '/editplaylist', layout: 'main', access: ADMIN, title: 'Staff playlists', description: 'Create, edit and order staff playlists.' },
  { screen: 'editbanner', paths: ['/editbanner/:id?'], example: '/editbanner', layout: 'main', access: ADMIN, title: 'Banners', description: "Discover's banners in their order; create or edit one." },
  { screen: 'curation', paths: ['/curation'], example: '/curation', layout: 'main', access: ADMIN, title: 'Curation', description: 'Staff picks and featured creators, in the order Discover shows them.' },
  { screen: 'managebundle', paths: ['/managebundle/:id?'], example: '/managebundle', layout: 'main', access: ADMIN, title: 'Manage bundles', description: 'Create and edit bundles of packs.' },
  { screen: 'manageuser', paths: ['/manageuser/:id?'], example: '/manageuser', layout: 'main', access: ADMIN, title: 'Manage users', description: 'Find accounts; one account’s roles, status, credits and history.' },
  { screen: 'reviewcreator', paths: ['/reviewcreator/:id?'], example: '/reviewcreator', layout: 'main', access: ADMIN, title: 'Review creators', description: 'Creator applications and packs waiting for review, and reviewing an application.' },
  { screen: 'monthlypayout', paths: ['/monthlypayout/:id?'], example: '/monthlypayout', layout: 'main', access: ADMIN, title: 'Monthly payouts', description: 'Creator payouts per month: totals, lines, approve and pay.' },
] as const satisfies readonly WebRoute[];

export type ScreenName = (typeof WEB_ROUTES)[number]['screen'];
