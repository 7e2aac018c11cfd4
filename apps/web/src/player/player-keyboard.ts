import { classifyFocus, decidePlayerKey, SEEK_STEP_SECONDS, type FocusTarget } from './player-keys.ts';
import type { PlayableItem } from './player-queue.ts';
import type { PlayerStore } from './player-store.ts';

/** A modal (Mantine Modal or Drawer, a native modal dialog) owns the keyboard while it is open. */
export function isModalOpen(doc: Document = document): boolean {
  if (doc.querySelector('[aria-modal="true"]')) return true;
  try {
    return doc.querySelector('dialog:modal') !== null;
  } catch {
    return false; // :modal unsupported
  }
}

/** The element that shows this item's row: what the row registered, a data-item-id element, or its play button. */
function findRowElement(store: PlayerStore, id: string, doc: Document = document): HTMLElement | null {
  const registered = store.rowElement(id);
  if (registered) return registered;
  const escaped = CSS.escape(id);
  return doc.querySelector<HTMLElement>(`[data-item-id="${escaped}"]`) ?? doc.querySelector<HTMLElement>(`[data-player-item="${escaped}"]`);
}

/**
 * After ↑/↓: bring the newly playing row into view (when it is rendered at all) unless it already
 * is, clear of the sticky header and the player bar; and when keyboard focus was on the previous
 * row, move it along so Tab and Space continue from the row that plays.
 */
function revealRow(row: HTMLElement, focusFollows: boolean): void {
  const rect = row.getBoundingClientRect();
  const root = document.documentElement;
  const headerHeight = parseFloat(getComputedStyle(root).getPropertyValue('--crate-header-height')) || 0;
  const barHeight = document.querySelector('[data-player-bar]')?.getBoundingClientRect().height ?? 0;
  const hidden = rect.top < headerHeight || rect.bottom > window.innerHeight - barHeight;
  if (hidden) {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  }
  if (focusFollows) {
    const target = row.matches('[data-player-button]') ? row : (row.querySelector<HTMLElement>('[data-player-button]') ?? row);
    if (target.tabIndex >= 0 || target.matches('button, a[href]')) target.focus({ preventScroll: true });
  }
}

/** Global player keys (see player-keys.ts for which presses it takes). Returns the uninstaller. */
export function installPlayerKeyboard(store: PlayerStore, target: Window = window): () => void {
  const step = (move: () => PlayableItem | null) => {
    const previousId = store.getState().current?.id;
    const previousRow = previousId ? findRowElement(store, previousId) : null;
    const active = document.activeElement;
    const focusWasOnRow = !!previousRow && !!active && active !== document.body && previousRow.contains(active);
    const item = move();
    if (!item) return;
    const row = findRowElement(store, item.id);
    if (row) revealRow(row, focusWasOnRow);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const decision = decidePlayerKey(event, {
      focus: classifyFocus(event.target instanceof Element ? (event.target as FocusTarget) : null),
      modalOpen: isModalOpen(),
      hasCurrent: store.getState().current !== null,
    });
    if (decision === null) return;
    // Only keys the player handles stop scrolling the page.
    event.preventDefault();
    switch (decision) {
      case 'toggle':
        store.toggle();
        break;
      case 'next':
        step(store.next);
        break;
      case 'previous':
        step(store.previous);
        break;
      case 'seekBackward':
        store.seekBy(-SEEK_STEP_SECONDS);
        break;
      case 'seekForward':
        store.seekBy(SEEK_STEP_SECONDS);
        break;
      case 'swallow':
        break;
    }
  };
  // Bubble phase on window: any component that handles the key itself and calls preventDefault wins.
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
