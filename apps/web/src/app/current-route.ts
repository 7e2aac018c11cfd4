import { useMatches } from 'react-router';
import type { WebRoute } from '@crate/contract/web-routes';

export interface RouteHandle {
  route: WebRoute;
}

function handleOf(value: unknown): RouteHandle | null {
  if (typeof value !== 'object' || value === null) return null;
  const route = (value as { route?: unknown }).route;
  return typeof route === 'object' && route !== null ? (value as RouteHandle) : null;
}

/** The WEB_ROUTES entry of the screen being shown (the deepest match carrying one). */
export function useCurrentWebRoute(): WebRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = handleOf(matches[i]?.handle);
    if (handle) return handle.route;
  }
  return undefined;
}
