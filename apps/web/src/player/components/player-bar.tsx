import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { usePlayerState } from '../player-context.ts';
import './player-bar.module.css';

const REVEAL_DELAY_MS = 300;

/**
 * The bar's controls (slider, tooltips, waveform slot) are their own chunk: the landing page does
 * not pay for them before anything plays. A play button's hover or focus fetches it early.
 */
let loadingContent: Promise<typeof import('./player-bar-content.tsx')> | null = null;
export function preloadPlayerBar() {
  loadingContent ??= import('./player-bar-content.tsx').catch((error: unknown) => {
    loadingContent = null;
    throw error;
  });
  return loadingContent;
}
const PlayerBarContent = lazy(() => preloadPlayerBar().then((module) => ({ default: module.PlayerBarContent })));

/**
 * The persistent player bar. Mount it once at the bottom of the main layout, inside the router; it
 * shows from the first play on and while it does sets `--player-height` on the root element, so
 * the layout can keep its last content clear of it (`padding-bottom: var(--player-height)`).
 */
export function PlayerBar() {
  // Deferred: the click that starts a sound must hand the main thread back to the media pipeline at
  // once. Updating the bar happens right after, in an interruptible render, so it never holds up the
  // sound (rows still update their own play buttons immediately).
  const current = useDeferredValue(usePlayerState((state) => state.current));
  const started = usePlayerState((state) => state.status !== 'loading' && state.status !== 'idle');
  // The bar's first appearance restyles and relayouts the page (the reserved space changes). It
  // waits for the first sound to start (or REVEAL_DELAY_MS, for a slow network), so that one-off
  // cost never delays the sound the user just asked for; the row's button shows the click at once.
  const [revealed, setRevealed] = useState(false);
  if (current === null && revealed) setRevealed(false);
  if (current !== null && started && !revealed) setRevealed(true);
  useEffect(() => {
    if (current === null) return;
    void preloadPlayerBar().catch(() => undefined);
    if (revealed) return;
    const timer = window.setTimeout(() => setRevealed(true), REVEAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, revealed]);
  const open = current !== null && revealed;

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBarContent item={current} />
    </Suspense>
  );
}
