import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { DialogHost } from '../components/dialogs.tsx';
import { NotificationHost } from '../components/notification-host.tsx';
import { discoverQuery } from '../features/browse/api/get-discover.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { profileQueryKey } from '../profile/api/get-profile.ts';
import type { RouteHandle } from './current-route.ts';
import { buildRoutes } from './route-table.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// A 401 anywhere re-checks the profile; if the session is gone, the profile resets and guards react.
const queryClient = createQueryClient({ onUnauthenticated: (client) => void client.invalidateQueries({ queryKey: profileQueryKey }) });
/** History mode on the root path (SPEC §2). */
const router = createBrowserRouter(buildRoutes());

// Discover is the first screen of most visits: its one request starts now, while the screen's code
// is still on its way, instead of after that code arrived and rendered.
const firstScreen = (router.state.matches.at(-1)?.route.handle as RouteHandle | undefined)?.route.screen;
if (firstScreen === 'discover') void queryClient.prefetchQuery(discoverQuery);

/**
 * Everything on from start-up (SPEC §1): forced dark theme, notifications (5 s, bottom), dialogs,
 * server state. The notification and dialog machinery load the first time they are used.
 */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <NotificationHost />
        <DialogHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
