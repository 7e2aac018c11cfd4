import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Access } from '@crate/contract/access';
import { CenteredLoader } from '../components/centered-loader.tsx';
import { useProfileState } from '../profile/profile-state.ts';
import { guardOutcome } from './route-access.ts';

/**
 * The client guard of docs/product-overview.md §2 (the API enforces the same rules; this one keeps people on pages they
 * can use). Re-evaluated whenever the profile changes, so a claims refresh opens or closes the page.
 */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const state = useProfileState();
  const location = useLocation();
  const outcome = guardOutcome(access, state, location);
  const waited = useRef(false);

  useEffect(() => {
    if (outcome.kind === 'wait') {
      waited.current = true;
      return;
    }
    // The page appeared only after the profile check, so the router's scroll-to-hash found nothing yet.
    if (outcome.kind !== 'allow' || !waited.current) return;
    waited.current = false;
    if (!location.hash) return;
    try {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } catch {
      // Not a decodable id: stay at the top.
    }
  }, [outcome.kind, location.hash]);

  if (outcome.kind === 'wait') return <CenteredLoader label="Checking your account…" />;
  if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  return <>{children}</>;
}
