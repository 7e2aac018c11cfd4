import type { Role } from '@crate/contract/roles';

/** One password for every demo account, printed at first start and listed in the README. */
export const DEMO_PASSWORD = 'crate-demo-password';

export interface DemoAccount {
  kind: Role;
  email: string;
  name: string;
}

/** One account of each user kind (docs/product-overview.md §1); the collaborator works with the creator. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { kind: 'subscriber', email: 'subscriber@demo.crate.test', name: 'Demo Subscriber' },
  { kind: 'collaborator', email: 'collaborator@demo.crate.test', name: 'Demo Collaborator' },
  { kind: 'creator', email: 'creator@demo.crate.test', name: 'Demo Creator' },
  { kind: 'affiliate', email: 'affiliate@demo.crate.test', name: 'Demo Affiliate' },
  { kind: 'admin', email: 'admin@demo.crate.test', name: 'Demo Admin' },
];

export const DEMO_CREATOR_SLUG = 'demo-creator';
export const DEMO_AFFILIATE_CODE = 'demo-affiliate';
