import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const POSITION = 'bottom-center';
const LIMIT = 4;

// Set before anything is shown, so notifications raised before the host loaded queue the same way.
notificationsStore.setState({ ...notificationsStore.getState(), defaultPosition: POSITION, limit: LIMIT });

const Notifications = lazy(() => import('./notifications-view.tsx'));

/**
 * Notifications (docs/product-overview.md §1: 5 s, bottom). `notifications.show` only writes to a store; the component
 * that renders them (transitions, portal) is its own chunk, fetched when the first one is shown.
 */
export function NotificationHost() {
  const state = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && state.notifications.length + state.queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={POSITION} autoClose={5000} limit={LIMIT} zIndex={400} />
    </Suspense>
  );
}
