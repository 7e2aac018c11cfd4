import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { DialogHost } from '../components/dialogs.tsx';
import { NotificationHost } from '../components/notification-host.tsx';
import { documentNavigationType } from '../lib/document-navigation.ts';
import { queryClient } from './app-query-client.ts';
import { buildRoutes } from './route-table.tsx';
import { forgetPositionOfNewDocument } from './scroll-keys.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** History mode on the root path (docs/product-overview.md §2). */
const router = createBrowserRouter(buildRoutes());

// Before ScrollRestoration (root-layout.tsx) reads what this tab kept: an address opened anew starts at the top.
forgetPositionOfNewDocument(() => window.sessionStorage, documentNavigationType(), router.state.location);

/**
 * Everything on from start-up (docs/product-overview.md §1): forced dark theme, notifications (5 s, bottom), dialogs,
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
