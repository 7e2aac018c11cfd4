import { AppShell } from '@mantine/core';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import classes from './main-layout.module.css';
import { RouteOutlet } from './route-outlet.tsx';

/** Header with navigation and account menu, the screen, and the footer (SPEC §2 main layout). */
export function MainLayout() {
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header className={classes.header}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <div className={classes.content} id="main-content">
          <RouteOutlet />
        </div>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
