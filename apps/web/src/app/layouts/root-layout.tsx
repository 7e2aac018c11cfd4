import { Outlet, ScrollRestoration } from 'react-router';
import { BottomSheetProvider } from '../../components/bottom-sheet.tsx';
import { PageMetaProvider } from '../../components/page-meta.tsx';
import { CookieBanner } from '../../consent/cookie-banner.tsx';
import { useProfileSync } from '../../profile/api/get-profile.ts';
import { usePageTracking } from '../../tracking/use-page-tracking.ts';
import { useCurrentWebRoute } from '../current-route.ts';

/**
 * Above both layouts: profile loading, page tracking, scroll restoration (saved position on
 * back/forward, else the hash target, else the top), the bottom sheet and the cookie banner.
 */
export function RootLayout() {
  useProfileSync();
  usePageTracking(useCurrentWebRoute());
  return (
    <PageMetaProvider>
      <BottomSheetProvider>
        <Outlet />
        <CookieBanner />
      </BottomSheetProvider>
      <ScrollRestoration />
    </PageMetaProvider>
  );
}
