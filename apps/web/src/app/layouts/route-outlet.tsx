import { Outlet } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';
import { useCurrentWebRoute } from '../current-route.ts';
import { RouteGuard } from '../route-guard.tsx';

/** The current screen with its metadata, behind its guard. Both layouts render this. */
export function RouteOutlet() {
  const route = useCurrentWebRoute();
  if (!route) return <Outlet />;
  return (
    <>
      <PageMeta title={route.title} description={route.description} />
      <RouteGuard access={route.access}>
        <Outlet />
      </RouteGuard>
    </>
  );
}
