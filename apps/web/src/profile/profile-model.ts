import type { Viewer } from '@crate/contract/access';
import { profileSchema, type Profile, type Timestamp } from '@crate/contract/profile';

/**
 * The SPEC §3 profile as the client keeps it. Signed out is the default profile (uid ''):
 * credits 0, every boolean false, no roles.
 */
export const DEFAULT_PROFILE: Profile = Object.freeze({
  uid: '',
  email: '',
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

/** display_name falls back to the account's e-mail, else empty (SPEC §3). */
export function displayNameOf(profile: Pick<Profile, 'display_name' | 'email'>): string {
  return profile.display_name.trim() || profile.email || '';
}

/**
 * Reads whatever is in storage: a valid stored profile comes back as it was (with the display-name
 * fallback); anything else — missing, corrupt, an older shape — is the default profile.
 */
export function normalizeProfile(raw: unknown): Profile {
  const parsed = profileSchema.safeParse(raw);
  if (!parsed.success) return DEFAULT_PROFILE;
  return { ...parsed.data, display_name: displayNameOf(parsed.data) };
}

export function sameTimestamp(a: Timestamp | null | undefined, b: Timestamp | null | undefined): boolean {
  if (!a || !b) return a == b;
  return a.seconds === b.seconds && a.nanoseconds === b.nanoseconds;
}

/**
 * SPEC §4: when the server-supplied claims_updated_at is absent locally or differs from the stored
 * one, claims must be force-refreshed. A different account counts as "absent locally".
 * A server that supplies no timestamp (roles never changed) asks for nothing.
 */
export function claimsNeedRefresh(stored: Profile, server: Profile): boolean {
  if (!server.claims_updated_at) return false;
  if (stored.uid !== server.uid) return true;
  return !sameTimestamp(stored.claims_updated_at, server.claims_updated_at);
}

/**
 * The profile to keep after the server answered. The content agreement is one-way (SPEC §4): once this
 * account accepted it, no answer un-accepts it locally.
 */
export function mergeServerProfile(stored: Profile, server: Profile): Profile {
  const normalized = normalizeProfile(server);
  if (normalized === DEFAULT_PROFILE) return DEFAULT_PROFILE;
  const accepted = normalized.accepted_content_agreement || (stored.uid === normalized.uid && stored.accepted_content_agreement);
  return { ...normalized, accepted_content_agreement: accepted };
}
