import { AppShell } from '@mantine/core';
import { PlayerBar } from '../../player/components/player-bar.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import classes from './main-layout.module.css';
import { RouteOutlet } from './route-outlet.tsx';

/**
 * Header with navigation and account menu, the screen, the footer (SPEC §2 main layout), and the
 * player bar fixed at the bottom from the first play on; the main area keeps clear of it.
 */
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
      <PlayerBar />
    </AppShell>
  );
}
