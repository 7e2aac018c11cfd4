import { Outlet, ScrollRestoration } from 'react-router';
import { BottomSheetProvider } from '../../components/bottom-sheet.tsx';
import { PageMetaProvider } from '../../components/page-meta.tsx';
import { CookieBanner } from '../../consent/cookie-banner.tsx';
import { PlayerProvider } from '../../player/player-provider.tsx';
import { useProfileSync } from '../../profile/api/get-profile.ts';
import { usePageTracking } from '../../tracking/use-page-tracking.ts';
import { useReferralCapture } from '../../tracking/use-referral-capture.ts';
import { useCurrentWebRoute } from '../current-route.ts';
import { SCROLL_STORAGE_KEY, scrollKey } from '../scroll-keys.ts';

/**
 * Above both layouts: profile loading, page tracking and referral links, scroll restoration (saved position on
 * back/forward, else the hash target, else the top), the bottom sheet, the cookie banner, and the
 * player: one audio element above every route, so a sound keeps playing across navigation.
 */
export function RootLayout() {
  useProfileSync();
  usePageTracking(useCurrentWebRoute());
  useReferralCapture();
  return (
    <PageMetaProvider>
      <PlayerProvider>
        <BottomSheetProvider>
          <Outlet />
          <CookieBanner />
        </BottomSheetProvider>
      </PlayerProvider>
      <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_STORAGE_KEY} />
    </PageMetaProvider>
  );
}
