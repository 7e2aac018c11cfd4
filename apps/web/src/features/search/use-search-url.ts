import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { normalizeText, parseSearchState, searchQueryString, type SearchState } from './search-state.ts';

/** History entry state of an entry made by typing: the next keystrokes replace it rather than stacking entries. */
interface TypingEntry {
  searchTyping: true;
}

const isTypingEntry = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as Partial<TypingEntry>).searchTyping === true;

export interface SearchUrl {
  state: SearchState;
  /** The canonical query string of `state` ("" or "?q=…"). */
  queryString: string;
  /** A filter, sort or chip change: a new history entry, so Back undoes it. */
  apply(next: SearchState): void;
  /** Completes the URL without a new entry (a missing random seed). */
  complete(next: SearchState): void;
  /**
   * Typed text, as the search box commits it. A burst of typing makes one history entry (the first commit
   * pushes, the following ones replace it): Back returns to the search before the typing, not to
   * every prefix of the word.
   */
  commitText(text: string): void;
}

/**
 * The search state lives in the URL query and nowhere else: the screen reads it on every render,
 * and changes it by navigating. Back/forward and shared links therefore restore a search exactly.
 * Scroll position is left alone (the results column updates under the filters).
 */
export function useSearchUrl(): SearchUrl {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseSearchState(new URLSearchParams(location.search)), [location.search]);
  const queryString = useMemo(() => searchQueryString(state), [state]);
  const typingEntry = isTypingEntry(location.state);

  const apply = useCallback(
    (next: SearchState) => {
      const search = searchQueryString(next);
      if (search === queryString) return;
      void navigate({ pathname: location.pathname, search }, { preventScrollReset: true });
    },
    [navigate, location.pathname, queryString],
  );

  const complete = useCallback(
    (next: SearchState) => {
      void navigate({ pathname: location.pathname, search: searchQueryString(next) }, { replace: true, state: location.state, preventScrollReset: true });
    },
    [navigate, location.pathname, location.state],
  );

  // Where typing last took the address. The browser is there as soon as the navigation starts, before
  // this screen renders it (the router renders in a transition): a second commit of the same burst must
  // replace that entry even when `typingEntry` still describes the previous render's location.
  const typedSearch = useRef<string | null>(null);
  const commitText = useCallback(
    (text: string) => {
      const search = searchQueryString({ ...state, q: normalizeText(text) });
      // Compared with the address itself, not the rendered state, which may be a commit behind.
      if (search === window.location.search) return;
      const entry: TypingEntry = { searchTyping: true };
      const replace = typingEntry || (typedSearch.current !== null && window.location.search === typedSearch.current);
      typedSearch.current = search;
      void navigate({ pathname: location.pathname, search }, { replace, state: entry, preventScrollReset: true });
    },
    [navigate, location.pathname, state, typingEntry],
  );

  return { state, queryString, apply, complete, commitText };
}
