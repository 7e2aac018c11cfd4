import type { Profile } from '@crate/contract/profile';
import { claimsNeedRefresh } from './profile-model.ts';

/** Fetches the signed-in profile; null when nobody is signed in. `force` bypasses every cache. */
export type FetchProfile = (options: { force: boolean }) => Promise<Profile | null>;

export interface SyncResult {
  profile: Profile | null;
  /** Claims were force-refreshed: guards and role-dependent data must be re-evaluated. */
  claimsRefreshed: boolean;
}

/**
 * docs/product-overview.md §4 on fetch: load the profile; when its claims_updated_at is absent locally or differs from
 * the stored one, force-refresh the claims (a second fetch that bypasses caches, so no stale answer
 * can keep old roles) and keep that answer, whose timestamp is then the stored one.
 */
export async function syncProfile(stored: Profile, fetchProfile: FetchProfile): Promise<SyncResult> {
  const first = await fetchProfile({ force: false });
  if (!first) return { profile: null, claimsRefreshed: stored.uid !== '' };
  if (!claimsNeedRefresh(stored, first)) return { profile: first, claimsRefreshed: false };
  const fresh = await fetchProfile({ force: true });
  return { profile: fresh, claimsRefreshed: true };
}
