import { matchPath } from 'react-router';
import { WEB_ROUTES, type WebRoute } from '@crate/contract/web-routes';

/** The WEB_ROUTES entry a same-origin path would open (ignoring query and hash), if any. */
export function webRouteForPath(path: string): WebRoute | undefined {
  const pathname = path.split(/[?#]/)[0] || '/';
  return WEB_ROUTES.find((route) => route.paths.some((pattern) => matchPath({ path: pattern, end: true }, pathname)));
}
