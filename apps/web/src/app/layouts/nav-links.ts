/** The primary navigation: the public browse screens of docs/product-overview.md §2. */
export const PRIMARY_NAV = [
  { label: 'Discover', to: '/' },
  { label: 'Staff picks', to: '/staffpicks' },
  { label: 'Bundles', to: '/bundles' },
  { label: 'Genres', to: '/genres' },
  { label: 'Creators', to: '/creators' },
  { label: 'Pricing', to: '/pricing' },
] as const;

export const FOOTER_COLUMNS = [
  {
    title: 'Browse',
    links: [
      { label: 'Discover', to: '/discover' },
      { label: 'Staff picks', to: '/staffpicks' },
      { label: 'Bundles', to: '/bundles' },
      { label: 'Genres', to: '/genres' },
      { label: 'Creators', to: '/creators' },
      { label: 'Browse users', to: '/users' },
      { label: 'Free search', to: '/freesearch' },
    ],
  },
  {
    title: 'Sell on Crate',
    links: [
      { label: 'Sell my packs', to: '/sellmypacks' },
      { label: 'Dynamic splits', to: '/splits' },
      { label: 'Pricing', to: '/pricing' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'FAQ', to: '/faq' },
      { label: 'Reset password', to: '/resetpassword' },
      { label: 'Account recovery', to: '/accountrecovery' },
    ],
  },
] as const;
