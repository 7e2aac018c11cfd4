import type { Viewer } from '@crate/contract/access';
import type { EmailPreferences, Profile, Timestamp } from '@crate/contract/profile';
import { ROLES, type Role } from '@crate/contract/roles';

/**
 * The docs/product-overview.md §3 profile as the client keeps it. Signed out is the default profile (uid ''):
 * credits 0, every boolean false, no roles.
 */
export const DEFAULT_PROFILE: Profile = Object.freeze({
  uid: '',
  email: '',
  email_verified: false,
  email_verification_sent_at: null,
  display_name: '',
  zip_code: '',
  claims_updated_at: null,
  credits_expire_at: null,
  credits: 0,
  accepted_content_agreement: false,
  email_preferences: Object.freeze({ product_updates: false, new_releases: false, creator_news: false }),
  roles: Object.freeze([]) as unknown as Profile['roles'],
  is_admin: false,
  is_sub: false,
  is_collaborator: false,
  is_creator: false,
  is_affiliate: false,
  can_search: false,
}) as Profile;

export function isSignedIn(profile: Profile): boolean {
  return profile.uid !== '';
}

/** The viewer a guard decides on: null when signed out. */
export function viewerOf(profile: Profile): Viewer {
  return isSignedIn(profile) ? { roles: profile.roles } : null;
}

/** display_name falls back to the account's e-mail, else empty (docs/product-overview.md §3). */
export function displayNameOf(profile: Pick<Profile, 'display_name' | 'email'>): string {
  return profile.display_name.trim() || profile.email || '';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTimestamp = (value: unknown): value is Timestamp => isObject(value) && Number.isInteger(value.seconds) && Number.isInteger(value.nanoseconds);
const BOOLEAN_FIELDS = ['accepted_content_agreement', 'is_admin', 'is_sub', 'is_collaborator', 'is_creator', 'is_affiliate', 'can_search'] as const;
const STRING_FIELDS = ['uid', 'email', 'display_name', 'zip_code'] as const;

/**
 * Reads whatever is in storage: a stored profile of the docs/product-overview.md §3 shape comes back as it was (with the
 * display-name fallback); anything else — missing, corrupt, an older shape — is the default profile.
 * Checked by hand rather than with the contract's zod schema, so the first screen renders without
 * loading zod (the server's answers are checked against the schema by the API client).
 */
export function normalizeProfile(raw: unknown): Profile {
  if (!isObject(raw)) return DEFAULT_PROFILE;
  if (!STRING_FIELDS.every((field) => typeof raw[field] === 'string')) return DEFAULT_PROFILE;
  if (!BOOLEAN_FIELDS.every((field) => typeof raw[field] === 'boolean')) return DEFAULT_PROFILE;
  if (!Number.isInteger(raw.credits)) return DEFAULT_PROFILE;
  if (raw.claims_updated_at !== null && !isTimestamp(raw.claims_updated_at)) return DEFAULT_PROFILE;
  if (raw.credits_expire_at !== null && typeof raw.credits_expire_at !== 'string') return DEFAULT_PROFILE;
  if (!Array.isArray(raw.roles) || !raw.roles.every((role) => (ROLES as readonly unknown[]).includes(role))) return DEFAULT_PROFILE;
  const preferences = raw.email_preferences;
  if (!isObject(preferences) || !['product_updates', 'new_releases', 'creator_news'].every((key) => typeof preferences[key] === 'boolean')) return DEFAULT_PROFILE;
  const profile: Profile = {
    uid: raw.uid as string,
    email: raw.email as string,
    // A profile stored before verification existed says nothing: the server's next answer does (no banner flashes meanwhile).
    email_verified: typeof raw.email_verified === 'boolean' ? raw.email_verified : true,
    email_verification_sent_at: typeof raw.email_verification_sent_at === 'string' ? raw.email_verification_sent_at : null,
    display_name: raw.display_name as string,
    zip_code: raw.zip_code as string,
    claims_updated_at: raw.claims_updated_at === null ? null : { seconds: raw.claims_updated_at.seconds, nanoseconds: raw.claims_updated_at.nanoseconds },
    credits_expire_at: raw.credits_expire_at as string | null,
    credits: raw.credits as number,
    accepted_content_agreement: raw.accepted_content_agreement as boolean,
    email_preferences: {
      product_updates: preferences.product_updates as boolean,
      new_releases: preferences.new_releases as boolean,
      creator_news: preferences.creator_news as boolean,
    } satisfies EmailPreferences,
    roles: [...(raw.roles as Role[])],
    is_admin: raw.is_admin as boolean,
    is_sub: raw.is_sub as boolean,
    is_collaborator: raw.is_collaborator as boolean,
    is_creator: raw.is_creator as boolean,
    is_affiliate: raw.is_affiliate as boolean,
    can_search: raw.can_search as boolean,
  };
  return { ...profile, display_name: displayNameOf(profile) };
}

function sameTimestamp(a: Timestamp | null | undefined, b: Timestamp | null | undefined): boolean {
  if (!a || !b) return a == b;
  return a.seconds === b.seconds && a.nanoseconds === b.nanoseconds;
}

/**
 * docs/product-overview.md §4: when the server-supplied claims_updated_at is absent locally or differs from the stored
 * one, claims must be force-refreshed. A different account counts as "absent locally".
 * A server that supplies no timestamp (roles never changed) asks for nothing.
 */
export function claimsNeedRefresh(stored: Profile, server: Profile): boolean {
  if (!server.claims_updated_at) return false;
  if (stored.uid !== server.uid) return true;
  return !sameTimestamp(stored.claims_updated_at, server.claims_updated_at);
}

/**
 * The profile to keep after the server answered. The content agreement is one-way (docs/product-overview.md §4): once this
 * account accepted it, no answer un-accepts it locally.
 */
export function mergeServerProfile(stored: Profile, server: Profile): Profile {
  const normalized = normalizeProfile(server);
  if (normalized === DEFAULT_PROFILE) return DEFAULT_PROFILE;
  const accepted = normalized.accepted_content_agreement || (stored.uid === normalized.uid && stored.accepted_content_agreement);
  return { ...normalized, accepted_content_agreement: accepted };
}
