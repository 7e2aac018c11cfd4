import { matchRoutes } from 'react-router';
import { WEB_ROUTES, type ScreenName } from '@crate/contract/web-routes';
import { discoverQuery } from '../features/browse/api/get-discover.ts';
import { queryClient } from './app-query-client.ts';
import { SCREEN_MODULES } from './screen-modules.ts';

/** The screen an address shows, matched as the router does (route-table.tsx: an unknown path shows Discover). */
export function screenAt(pathname: string): ScreenName {
  const routes = [...WEB_ROUTES.flatMap((route) => route.paths.map((path) => ({ path, screen: route.screen }))), { path: '*', screen: 'discover' as const }];
  return matchRoutes(routes, pathname)?.at(-1)?.route.screen ?? 'discover';
}

/**
 * Discover is the first screen of most visits. main.tsx imports this module first, and its body runs
 * as it is evaluated, before React, Mantine and the layouts are (~100 ms on a slow machine): the
 * screen's code and its one request start now and arrive meanwhile, instead of after the router starts.
 */
if (typeof window !== 'undefined' && screenAt(window.location.pathname) === 'discover') {
  // A failure here shows when the router asks for the same module (route-table.tsx).
  SCREEN_MODULES.discover().catch(() => undefined);
  void queryClient.prefetchQuery(discoverQuery);
}
