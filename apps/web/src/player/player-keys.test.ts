import { describe, expect, it } from 'vitest';
import { classifyFocus, decidePlayerKey, type FocusTarget, type KeyContext, type KeyLike } from './player-keys.ts';

const press = (key: string, overrides: Partial<KeyLike> = {}): KeyLike => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  repeat: false,
  defaultPrevented: false,
  ...overrides,
});

const playing: KeyContext = { focus: 'other', modalOpen: false, hasCurrent: true };

describe('decidePlayerKey', () => {
  it('maps the player keys', () => {
    expect(decidePlayerKey(press(' '), playing)).toBe('toggle');
    expect(decidePlayerKey(press('ArrowDown'), playing)).toBe('next');
    expect(decidePlayerKey(press('ArrowUp'), playing)).toBe('previous');
    expect(decidePlayerKey(press('ArrowLeft'), playing)).toBe('seekBackward');
    expect(decidePlayerKey(press('ArrowRight'), playing)).toBe('seekForward');
  });

  it('leaves every other key alone', () => {
    for (const key of ['Enter', 'Tab', 'k', 'PageDown', 'Home', 'Escape']) expect(decidePlayerKey(press(key), playing)).toBeNull();
  });

  it('never takes keys while the user types', () => {
    const typing = { ...playing, focus: 'text-entry' as const };
    for (const key of [' ', 'ArrowDown', 'ArrowLeft']) expect(decidePlayerKey(press(key), typing)).toBeNull();
  });

  it('never takes keys while a modal is open', () => {
    expect(decidePlayerKey(press(' '), { ...playing, modalOpen: true })).toBeNull();
    expect(decidePlayerKey(press('ArrowDown'), { ...playing, modalOpen: true })).toBeNull();
  });

  it('lets the page scroll as usual until something has been played', () => {
    expect(decidePlayerKey(press(' '), { ...playing, hasCurrent: false })).toBeNull();
    expect(decidePlayerKey(press('ArrowDown'), { ...playing, hasCurrent: false })).toBeNull();
  });

  it('keeps browser and OS shortcuts', () => {
    for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const) {
      expect(decidePlayerKey(press(' ', { [modifier]: true }), playing)).toBeNull();
      expect(decidePlayerKey(press('ArrowRight', { [modifier]: true }), playing)).toBeNull();
    }
  });

  it('yields to a handler that already took the key, and to IME composition', () => {
    expect(decidePlayerKey(press(' ', { defaultPrevented: true }), playing)).toBeNull();
    expect(decidePlayerKey(press('ArrowDown', { isComposing: true }), playing)).toBeNull();
  });

  it('lets Space click a focused button instead of toggling twice', () => {
    expect(decidePlayerKey(press(' '), { ...playing, focus: 'activatable' })).toBeNull();
    expect(decidePlayerKey(press('ArrowDown'), { ...playing, focus: 'activatable' })).toBe('next');
  });

  it('lets a focused slider, menu or list use its arrows', () => {
    const widget = { ...playing, focus: 'arrow-widget' as const };
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', ' ']) expect(decidePlayerKey(press(key), widget)).toBeNull();
  });

  it('swallows a held Space instead of stuttering play/pause', () => {
    expect(decidePlayerKey(press(' ', { repeat: true }), playing)).toBe('swallow');
  });

  it('seeks and steps on held arrows', () => {
    expect(decidePlayerKey(press('ArrowRight', { repeat: true }), playing)).toBe('seekForward');
    expect(decidePlayerKey(press('ArrowDown', { repeat: true }), playing)).toBe('next');
  });
});

function element(tagName: string, attributes: Record<string, string> = {}, extra: Partial<FocusTarget> = {}): FocusTarget {
  return { tagName: tagName.toUpperCase(), getAttribute: (name) => attributes[name] ?? null, ...extra };
}

describe('classifyFocus', () => {
  it('knows where the user types', () => {
    expect(classifyFocus(element('input'))).toBe('text-entry');
    expect(classifyFocus(element('input', { type: 'search' }))).toBe('text-entry');
    expect(classifyFocus(element('input', { type: 'email' }))).toBe('text-entry');
    expect(classifyFocus(element('textarea'))).toBe('text-entry');
    expect(classifyFocus(element('div', {}, { isContentEditable: true }))).toBe('text-entry');
    expect(classifyFocus(element('div', { role: 'combobox' }))).toBe('text-entry');
  });

  it('knows controls that use arrows', () => {
    expect(classifyFocus(element('input', { type: 'range' }))).toBe('arrow-widget');
    expect(classifyFocus(element('input', { type: 'radio' }))).toBe('arrow-widget');
    expect(classifyFocus(element('select'))).toBe('arrow-widget');
    expect(classifyFocus(element('div', { role: 'slider' }))).toBe('arrow-widget');
    expect(classifyFocus(element('button', { role: 'menuitem' }))).toBe('arrow-widget');
    expect(classifyFocus(element('button', {}, { closest: (selector) => (selector.includes('tablist') ? {} : null) }))).toBe('arrow-widget');
  });

  it('knows controls Space activates', () => {
    expect(classifyFocus(element('button'))).toBe('activatable');
    expect(classifyFocus(element('input', { type: 'checkbox' }))).toBe('activatable');
    expect(classifyFocus(element('div', { role: 'button' }))).toBe('activatable');
    expect(classifyFocus(element('summary'))).toBe('activatable');
  });

  it('lets the player take Space on links, rows and the page', () => {
    expect(classifyFocus(element('a', { href: '/pack/1' }))).toBe('other');
    expect(classifyFocus(element('tr', { tabindex: '0' }))).toBe('other');
    expect(classifyFocus(element('body'))).toBe('other');
    expect(classifyFocus(null)).toBe('other');
  });
});
