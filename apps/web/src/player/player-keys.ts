/**
 * Which key presses the player takes over, decided without a browser so the rules are tested:
 * Space play/pause, ↑/↓ previous/next row (and play it), ←/→ seek −/+5 s.
 *
 * The player only takes a key nobody else wants: never while typing, never inside a modal, never
 * with a modifier (browser and OS shortcuts), never a key a focused control uses itself (Space on a
 * button clicks it, arrows move a slider or a menu), and never before anything has been played —
 * until then the keys scroll the page as usual.
 */

type PlayerKeyAction = 'toggle' | 'next' | 'previous' | 'seekBackward' | 'seekForward';

/**
 * 'swallow': the player owns the key but does nothing this time (a held Space auto-repeats: toggling
 * on every repeat would stutter, scrolling the page would be a surprise).
 */
export type PlayerKeyDecision = PlayerKeyAction | 'swallow' | null;

export const SEEK_STEP_SECONDS = 5;

/** What the focused element does with keys. */
export type FocusKind = 'text-entry' | 'arrow-widget' | 'activatable' | 'other';

export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
  isComposing?: boolean;
}

export interface KeyContext {
  focus: FocusKind;
  modalOpen: boolean;
  /** Something is loaded in the player (playing or paused). */
  hasCurrent: boolean;
}

export function decidePlayerKey(event: KeyLike, context: KeyContext): PlayerKeyDecision {
  if (event.defaultPrevented || event.isComposing) return null;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (context.modalOpen || context.focus === 'text-entry' || !context.hasCurrent) return null;
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      if (context.focus !== 'other') return null;
      return event.repeat ? 'swallow' : 'toggle';
    case 'ArrowDown':
    case 'ArrowUp':
    case 'ArrowLeft':
    case 'ArrowRight':
      if (context.focus === 'arrow-widget') return null;
      return ARROW_ACTIONS[event.key];
    default:
      return null;
  }
}

const ARROW_ACTIONS = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  ArrowLeft: 'seekBackward',
  ArrowRight: 'seekForward',
} as const satisfies Record<string, PlayerKeyAction>;

/** The part of a DOM element the classification reads (a real Element satisfies it). */
export interface FocusTarget {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  closest?(selector: string): unknown;
}

const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const ARROW_ROLES = new Set(['slider', 'listbox', 'option', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'radiogroup', 'radio', 'tablist', 'tab', 'grid', 'tree', 'treeitem', 'scrollbar']);
const ACTIVATABLE_ROLES = new Set(['button', 'checkbox', 'switch']);
/** Input types that take no typing. */
const NON_TEXT_INPUTS: Record<string, FocusKind> = {
  button: 'activatable',
  submit: 'activatable',
  reset: 'activatable',
  image: 'activatable',
  checkbox: 'activatable',
  file: 'activatable',
  color: 'activatable',
  radio: 'arrow-widget',
  range: 'arrow-widget',
};
const ARROW_CONTAINERS = '[role="listbox"],[role="menu"],[role="menubar"],[role="radiogroup"],[role="tablist"],[role="grid"],[role="tree"]';

export function classifyFocus(target: FocusTarget | null | undefined): FocusKind {
  if (!target || typeof target.tagName !== 'string') return 'other';
  if (target.isContentEditable) return 'text-entry';
  const tag = target.tagName.toLowerCase();
  const role = target.getAttribute('role');
  if (role && TEXT_ROLES.has(role)) return 'text-entry';
  if (tag === 'textarea') return 'text-entry';
  if (tag === 'input') return NON_TEXT_INPUTS[(target.getAttribute('type') ?? 'text').toLowerCase()] ?? 'text-entry';
  if (tag === 'select') return 'arrow-widget';
  if (role && ARROW_ROLES.has(role)) return 'arrow-widget';
  if (typeof target.closest === 'function' && target.closest(ARROW_CONTAINERS)) return 'arrow-widget';
  // A link is left out on purpose: Space on a link only scrolls, so the player may take it.
  if (tag === 'button' || tag === 'summary' || (role && ACTIVATABLE_ROLES.has(role))) return 'activatable';
  return 'other';
}
