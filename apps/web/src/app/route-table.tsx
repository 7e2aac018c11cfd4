import type { RouteObject } from 'react-router';
import { WEB_ROUTES, type Layout, type WebRoute } from '@crate/contract/web-routes';
import type { RouteHandle } from './current-route.ts';
import { BlankLayout } from './layouts/blank-layout.tsx';
import { MainLayout } from './layouts/main-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { SCREEN_MODULES } from './screen-modules.ts';

/** One router entry per path of a WEB_ROUTES screen; the screen's code arrives as its own chunk. */
function screenRoute(route: WebRoute, path: string): RouteObject {
  const handle: RouteHandle = { route };
  return {
    path,
    handle,
    errorElement: <RouteError />,
    lazy: async () => {
      try {
        const module = await SCREEN_MODULES[route.screen as keyof typeof SCREEN_MODULES]();
        return { Component: module.default };
      } catch (error) {
        // React Router treats a route whose lazy() rejected as still loading and renders nothing in its
        // place. Rendering the failure instead hands it to the route's error element (RouteError), which
        // reloads the page once (docs/product-overview.md §2).
        return {
          Component: () => {
            throw error;
          },
        };
      }
    },
  };
}

function routesOfLayout(layout: Layout): RouteObject[] {
  return WEB_ROUTES.filter((route) => route.layout === layout).flatMap((route) => route.paths.map((path) => screenRoute(route, path)));
}

const DISCOVER = WEB_ROUTES.find((route) => route.screen === 'discover')!;

/** The whole route tree, generated from the contract's route table (docs/product-overview.md §2). An unknown path shows Discover. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // The first screen's chunk is loading; the page is still the dark background of index.html.
      hydrateFallbackElement: <></>,
      children: [
        { element: <MainLayout />, children: [...routesOfLayout('main'), screenRoute(DISCOVER, '*')] },
        { element: <BlankLayout />, children: routesOfLayout('blank') },
      ],
    },
  ];
}
