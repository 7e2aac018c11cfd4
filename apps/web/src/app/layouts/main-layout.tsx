import { VerifyEmailBanner } from '../../components/email-verification.tsx';
import { PlayerBar } from '../../player/components/player-bar.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import classes from './main-layout.module.css';
import { RouteOutlet } from './route-outlet.tsx';

/**
 * Header with navigation and account menu, the screen, the footer (docs/product-overview.md §2 main layout), and the
 * player bar fixed at the bottom from the first play on; the main area keeps clear of it.
 *
 * A fixed header over a padded main, written out rather than Mantine's AppShell: with one header and
 * nothing else, AppShell only added weight to every first load (it imports react-remove-scroll for
 * one class name, kept below so a dialog's scroll lock does not shift the header).
 */
export function MainLayout() {
  return (
    <>
      <header className={`${classes.header} ${REMOVE_SCROLL_ZERO_RIGHT}`}>
        <AppHeader />
      </header>
      <main className={classes.main}>
        <div className={classes.content} id="main-content">
          <VerifyEmailBanner />
          <RouteOutlet />
        </div>
        <AppFooter />
      </main>
      <PlayerBar />
    </>
  );
}

/** react-remove-scroll's zeroRight class: fixed elements that get the scrollbar's width back while a dialog locks scrolling. */
const REMOVE_SCROLL_ZERO_RIGHT = 'right-scroll-bar-position';
