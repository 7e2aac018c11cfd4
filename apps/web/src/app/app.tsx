import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client.ts';
import { profileQueryKey } from '../profile/api/get-profile.ts';
import { buildRoutes } from './route-table.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// A 401 anywhere re-checks the profile; if the session is gone, the profile resets and guards react.
const queryClient = createQueryClient({ onUnauthenticated: (client) => void client.invalidateQueries({ queryKey: profileQueryKey }) });
/** History mode on the root path (SPEC §2). */
const router = createBrowserRouter(buildRoutes());

/** Everything on from start-up (SPEC §1): forced dark theme, notifications (5 s, bottom), dialogs, server state. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} modalProps={{ centered: true, radius: 'lg' }}>
          <Notifications position="bottom-center" autoClose={5000} limit={4} zIndex={400} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
