import { CloseButton, Kbd, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isModalOpen } from '../../../player/player-keyboard.ts';
import { normalizeText } from '../search-state.ts';
import { createTypingCommit, type TypingCommit } from '../typing-commit.ts';
import classes from './search.module.css';

/**
 * Results should show within 100 ms of a keystroke (issue 4). The first key after a pause is searched
 * at once; keys that follow within this time of a search are gathered and their latest text is searched
 * when they pause (see typing-commit.ts). A request a newer text makes stale is cancelled (the query's
 * AbortSignal), so the server is not asked for answers nobody will see.
 */
const TYPING_QUIET_MS = 50;

export interface SearchBoxProps {
  /** The text in the URL. */
  value: string;
  /** Commits typed text (the first key at once, then after a pause; Enter at once). */
  onCommit(text: string): void;
  /** ↓ from the box: go to the results (focus the first row's play button). */
  onLeaveDown?(): void;
  placeholder: string;
  label: string;
  fetching?: boolean;
}

/**
 * The search field. It keeps its own text while typing and commits it to the URL (the first key at
 * once, then after short pauses); when the URL's text changes from elsewhere (Back, a chip, a link) the field follows it.
 * "/" anywhere on the page focuses it.
 */
export function SearchBox({ value, onCommit, onLeaveDown, placeholder, label, fetching = false }: SearchBoxProps) {
  const [text, setText] = useState(value);
  // Texts this box committed whose URL has not come back yet. With commits this frequent several can be on
  // their way while the user types on: when the URL catches up with one of them, the box keeps what
  // was typed since. A URL text that is none of them (Back, a chip, a link) is someone else's: adopted.
  const [sent, setSent] = useState<string[]>([]);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const index = sent.indexOf(value);
    if (index >= 0) {
      setSent(sent.slice(index + 1));
    } else {
      if (sent.length > 0) setSent([]);
      if (value !== normalizeText(text)) setText(value);
    }
  }
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const commit = (next: string) => {
    const q = normalizeText(next);
    // Committing the URL's own text changes nothing, so nothing comes back to wait for.
    if (q !== value) setSent((texts) => [...texts, q]);
    onCommit(next);
  };
  // One scheduler for the box's life (used from event handlers only); it always calls the latest render's commit.
  const latestCommit = useRef(commit);
  useLayoutEffect(() => {
    latestCommit.current = commit;
  });
  const typingRef = useRef<TypingCommit | null>(null);
  useEffect(() => {
    const scheduler = createTypingCommit((next) => latestCommit.current(next), TYPING_QUIET_MS);
    typingRef.current = scheduler;
    return () => {
      scheduler.cancel();
      typingRef.current = null;
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"], [role="combobox"]') || target.isContentEditable)) return;
      if (isModalOpen()) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      typingRef.current?.cancel();
      commit(text);
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      typingRef.current?.cancel();
      setText('');
      commit('');
    } else if (event.key === 'ArrowDown' && onLeaveDown) {
      event.preventDefault();
      typingRef.current?.flush();
      onLeaveDown();
    }
  };

  const clear = () => {
    typingRef.current?.cancel();
    setText('');
    commit('');
    input.current?.focus();
  };

  return (
    <TextInput
      ref={input}
      type="search"
      size="lg"
      radius="md"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        typingRef.current?.type(event.currentTarget.value);
      }}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      autoComplete="off"
      spellCheck={false}
      enterKeyHint="search"
      maxLength={200}
      leftSection={fetching ? <Loader size={18} color="ember" aria-hidden /> : <IconSearch size={20} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton aria-label="Clear the search text" onClick={clear} size="md" />
        ) : focused ? null : (
          <Kbd size="sm" aria-hidden title="Press / to search">
            /
          </Kbd>
        )
      }
      classNames={{ input: classes.searchInput }}
      aria-keyshortcuts="/"
    />
  );
}
