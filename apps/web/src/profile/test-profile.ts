import type { Profile } from '@crate/contract/profile';

/** A server profile for tests, with overrides. */
export function serverProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    uid: 'u1',
    email: 'ada@example.test',
    email_verified: true,
    email_verification_sent_at: null,
    display_name: 'Ada',
    zip_code: '',
    claims_updated_at: { seconds: 100, nanoseconds: 5 },
    credits_expire_at: null,
    credits: 0,
    accepted_content_agreement: false,
    email_preferences: { product_updates: true, new_releases: true, creator_news: false },
    roles: [],
    is_admin: false,
    is_sub: false,
    is_collaborator: false,
    is_creator: false,
    is_affiliate: false,
    can_search: false,
    ...overrides,
  };
}
