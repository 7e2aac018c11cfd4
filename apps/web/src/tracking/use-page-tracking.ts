import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router';
import type { WebRoute } from '@crate/contract/web-routes';
import { isSignedIn } from '../profile/profile-model.ts';
import { useProfileState } from '../profile/profile-state.ts';
import { trackPageView } from './api/track-page-view.ts';
import { trackViewContent } from './api/track-view-content.ts';
import { captureFbclid, currentFbc, currentFbp } from './fbc-capture.ts';
import { trackingCalls } from './page-tracking.ts';

/**
 * Captures ?fbclid= on every navigation and fires the attribution callables on path changes (docs/product-overview.md §7).
 * Page views wait until this page load has heard from the server about the profile, so the e-mail
 * sent is the signed-in user's, not a stale stored one.
 */
export function usePageTracking(route: WebRoute | undefined): void {
  const location = useLocation();
  const { profile, status } = useProfileState();
  const ready = status !== 'stored';
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    captureFbclid(location.search);
  }, [location.search]);

  // Reads the latest profile and route without re-running the effect when they change.
  const trackArrival = useEffectEvent((pathname: string) => {
    const calls = trackingCalls({
      previousPathname: previousPathname.current,
      pathname,
      fbp: currentFbp(),
      fbc: currentFbc(),
      email: isSignedIn(profile) ? profile.email : null,
      contentTracked: route?.contentTracked === true,
      excluded: route?.screen === 'metapassthrough',
    });
    previousPathname.current = pathname;
    for (const call of calls) void (call.name === 'trackPageView' ? trackPageView : trackViewContent)(call.payload);
  });

  useEffect(() => {
    if (ready) trackArrival(location.pathname);
  }, [location.pathname, ready]);
}
