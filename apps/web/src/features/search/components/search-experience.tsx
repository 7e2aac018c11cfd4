import { ActionIcon, Alert, Anchor, Badge, Button, Container, Drawer, Group, Select, Skeleton, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconArrowsShuffle, IconMoodSearch, IconWaveSine } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ItemRow } from '@crate/contract/catalogue';
import { SEARCH_SORTS, type SearchFacets, type SearchResponse, type SearchSort } from '@crate/contract/search';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { DeferredTooltip } from '../../../components/deferred-tooltip.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { usePageMeta } from '../../../components/page-meta.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { prefetchSearchResults, useSearchResults, type SearchCorpus } from '../api/search-items.ts';
import { activeFilterCount, clearFilters, newSeed, normalizeText, searchQueryString, SORT_LABELS, type SearchState } from '../search-state.ts';
import { useSearchUrl } from '../use-search-url.ts';
import { ActiveFilterChips } from './active-filter-chips.tsx';
import { formatCount } from './facet-controls.tsx';
import { SearchBox } from './search-box.tsx';
import { SearchFilters, useFilterChange } from './search-filters.tsx';
import { SimilarSoundsDrawer } from './similar-sounds-drawer.tsx';
import classes from './search.module.css';

export interface SearchExperienceProps {
  corpus: SearchCorpus;
  /** The route's title: the h1, and the document title's tail when there is text ("“kick” – Search"). */
  title: string;
  subtitle: ReactNode;
  placeholder: string;
  /** The search box's accessible name ("Search sounds"). */
  searchLabel: string;
  /** What is searched, for the page description of a search with text ("Samples and presets on Crate"). */
  corpusDescription: string;
  /** Offer "Free only" (pointless on free search). */
  showFree: boolean;
  /** Offer "Not yet owned" when the answer counts it (signed in). */
  showNotOwned: boolean;
  /** A "sounds like this" action on every row (listed sounds only: not in the archive). */
  showSimilar: boolean;
  /** How the rows are shown; default the shared item list (the archive shows a table of reasons). */
  renderResults?(props: ResultsViewProps): ReactNode;
  /** What replaces the screen when the API refuses the search (403). */
  forbidden?: ReactNode;
  /** Said under the "nothing found" heading when no filter and no text narrow the search. */
  emptyCatalogue: string;
}

/** What a results view gets: the rows so far, paging, and what to say when there are none. */
export interface ResultsViewProps {
  items: ItemRow[];
  loading: boolean;
  onEndReached: (() => void) | undefined;
  emptyState: ReactNode;
  label: string;
}

const FULL = new Intl.NumberFormat('en');

/** True once `flag` has stayed true for `ms`: a spinner only for answers slow enough to notice. */
function useDelayedFlag(flag: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = window.setTimeout(() => setLate(true), ms);
    return () => {
      window.clearTimeout(timer);
      setLate(false);
    };
  }, [flag, ms]);
  return flag && late;
}

/** Creator and pack names by slug, for chips (the URL holds slugs; the answer's facets name them). */
function facetNames(facets: SearchFacets | null): Map<string, string> {
  const names = new Map<string, string>();
  for (const v of facets?.creator ?? []) names.set(`creator:${v.value}`, v.label);
  for (const v of facets?.pack ?? []) names.set(`pack:${v.value}`, v.label);
  return names;
}

function effectiveSort(state: SearchState): SearchSort {
  if (state.sort === 'relevance' && !state.q) return 'newest';
  return state.sort ?? (state.q ? 'relevance' : 'newest');
}

/**
 * One search screen, three corpora (paid, free, archived): a search box, every filter with its
 * counts (a left column on desktop, a bottom sheet on phones), active-filter chips, sort, the result
 * count and the rows, loaded page by page as the list scrolls. Everything that defines the search is
 * in the URL (see useSearchUrl); this component only renders it and navigates.
 */
export function SearchExperience(props: SearchExperienceProps) {
  const { corpus, title, subtitle, placeholder, searchLabel, corpusDescription, showFree, showNotOwned, showSimilar, renderResults, forbidden, emptyCatalogue } = props;
  const { state, queryString, apply, complete, commitText } = useSearchUrl();
  const missingSeed = state.sort === 'random' && !state.seed;
  const results = useSearchResults(corpus, state, queryString, !missingSeed);
  const desktop = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [similar, setSimilar] = useState<{ item: ItemRow | null; opened: boolean }>({ item: null, opened: false });
  const resultsRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  // Typed text: the request leaves now; the URL (and this screen's render for it) follows.
  const commitTyped = useCallback(
    (text: string) => {
      const q = normalizeText(text);
      if (q !== state.q && !missingSeed) {
        const next = { ...state, q };
        prefetchSearchResults(queryClient, corpus, next, searchQueryString(next));
      }
      commitText(text);
    },
    [state, missingSeed, queryClient, corpus, commitText],
  );
  const similarAction = useCallback(
    (item: ItemRow) => (
      <DeferredTooltip label="Similar sounds" withArrow openDelay={300}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Sounds like ${item.name}`} onClick={() => setSimilar({ item, opened: true })}>
          <IconWaveSine size={18} aria-hidden />
        </ActionIcon>
      </DeferredTooltip>
    ),
    [],
  );

  const closeSimilar = useCallback(() => setSimilar((s) => ({ ...s, opened: false })), []);

  // A link that asks for a random order without a seed gets one, so its pages stay in one order.
  useEffect(() => {
    if (missingSeed) complete({ ...state, seed: newSeed() });
  }, [missingSeed, state, complete]);

  // A search with text is its own page: a shared link reads "“dark kick” – Search".
  usePageMeta(state.q ? { title: `“${state.q}” – ${title}`, description: `${corpusDescription} matching “${state.q}”.` } : null);

  const first: SearchResponse | undefined = results.data?.pages[0];
  const facets = first?.facets ?? null;
  const total = first?.total ?? null;
  const rows = pageRows(results.data);
  const names = useMemo(() => facetNames(facets), [facets]);
  // The rows of a new answer paint first; the filter column's counts follow in the next, interruptible render.
  const filterFacets = useDeferredValue(facets);
  const onFilterChange = useFilterChange(state, apply);
  const firstLoad = results.isPending && !results.data;
  const refreshing = useDelayedFlag(results.isFetching && !results.isFetchingNextPage, 150);
  const filterCount = activeFilterCount(state);
  const sort = effectiveSort(state);

  const changeSort = useCallback(
    (next: SearchSort) => {
      if (next !== sort) apply({ ...state, sort: next, seed: next === 'random' ? newSeed() : null });
    },
    [apply, state, sort],
  );

  if (forbidden && isApiError(results.error, 'FORBIDDEN')) return <>{forbidden}</>;


  // ↓ from the search box: to the first row's play button (then Space plays and ↓/↑ walk the rows), or its link.
  const focusFirstRow = () => {
    const results = resultsRef.current;
    const target = results?.querySelector<HTMLElement>('[data-item-id] [data-player-button]:not(:disabled)') ?? results?.querySelector<HTMLElement>('[data-item-id] a[href]');
    target?.focus();
  };

  const filterProps = {
    state,
    facets: filterFacets,
    onChange: onFilterChange,
    showFree,
    showNotOwned: showNotOwned && filterFacets?.not_owned !== null && filterFacets?.not_owned !== undefined,
  };
  const emptyState = (
    <EmptyState title={state.q ? `Nothing found for “${state.q}”` : 'No sounds match'} icon={<IconMoodSearch size={22} />}>
      {filterCount > 0 ? (
        <>
          {filterCount === 1 ? 'The filter leaves nothing.' : `${filterCount} filters together leave nothing.`}{' '}
          <Anchor component="button" type="button" inherit fw={600} onClick={() => apply(clearFilters(state))}>
            Clear the filters
          </Anchor>
        </>
      ) : state.q ? (
        'Check the spelling, or try another word or fewer words.'
      ) : (
        emptyCatalogue
      )}
    </EmptyState>
  );
  const view: ResultsViewProps = {
    items: rows,
    label: state.q ? `Results for ${state.q}` : 'Results',
    loading: firstLoad || results.isFetchingNextPage,
    onEndReached: results.hasNextPage && !results.isFetchingNextPage && !results.isPlaceholderData ? () => void results.fetchNextPage() : undefined,
    emptyState,
  };

  const invalid = isApiError(results.error, 'VALIDATION_FAILED');

  return (
    <Container size="xl" py="xl" className={classes.screen}>
      <ScreenHeader title={title} subtitle={subtitle} />
      <div className={classes.searchBar}>
        <SearchBox value={state.q} onCommit={commitTyped} onLeaveDown={focusFirstRow} placeholder={placeholder} label={searchLabel} fetching={refreshing} />
      </div>

      <div className={classes.layout}>
        {desktop ? (
          <aside className={classes.filterColumn} aria-label="Filters">
            <SearchFilters {...filterProps} />
          </aside>
        ) : null}

        <section className={classes.results} aria-label="Results" ref={resultsRef}>
          <div className={classes.toolbar}>
            <div className={classes.summary}>
              {firstLoad ? (
                <Skeleton height={20} width={140} radius="sm" />
              ) : (
                <Text fw={650} size="lg" aria-live="polite" data-testid="search-total">
                  {total === null ? '—' : `${FULL.format(total)} ${total === 1 ? 'sound' : 'sounds'}`}
                  {state.q ? (
                    <Text span c="dimmed" fw={400} size="lg">
                      {' '}
                      for “{state.q}”
                    </Text>
                  ) : null}
                </Text>
              )}
              {first && first.corrected.length > 0 ? (
                <Text size="sm" c="dimmed" data-testid="search-corrected">
                  {first.corrected.map((c, index) => (
                    <span key={c.word}>
                      {index > 0 ? '; ' : null}
                      No “{c.word}” found: showing results for{' '}
                      <Text span c="ember.3" fw={600}>
                        {c.searched.slice(0, 3).join(', ')}
                      </Text>
                    </span>
                  ))}
                  .
                </Text>
              ) : null}
            </div>
            <Group gap="xs" wrap="nowrap" className={classes.toolbarControls}>
              {desktop ? null : (
                <Button
                  variant="default"
                  className={classes.filtersButton}
                  leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                  rightSection={filterCount > 0 ? <Badge size="sm" circle>{filterCount}</Badge> : null}
                  onClick={() => setFiltersOpen(true)}
                >
                  Filters
                </Button>
              )}
              <SortSelect sort={sort} withText={state.q !== ''} onChange={changeSort} />
              {sort === 'random' ? (
                <Tooltip label="Shuffle again" withArrow>
                  <ActionIcon variant="default" size="input-sm" aria-label="Shuffle again" onClick={() => apply({ ...state, seed: newSeed() })}>
                    <IconArrowsShuffle size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </div>

          <ActiveFilterChips state={state} names={names} onChange={apply} />

          {invalid ? (
            <Alert color="yellow" variant="light" title="This search link does not work" mb="md">
              <Text size="sm">{results.error?.message}</Text>
              <Button size="xs" mt="sm" variant="default" onClick={() => apply(clearFilters({ ...state, q: '' }))}>
                Start a new search
              </Button>
            </Alert>
          ) : results.error && !results.data ? (
            <div className={classes.errorBox}>
              <ApiErrorAlert error={results.error} title="The search did not answer" />
              <Button mt="sm" variant="default" onClick={() => void results.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}

          {!results.error || results.data ? (
            <div className={classes.list} data-stale={results.isPlaceholderData || undefined} aria-busy={results.isFetching || undefined}>
              {renderResults ? (
                renderResults(view)
              ) : (
                <ItemList {...view} rowActions={showSimilar ? similarAction : undefined} rowActionsWidth={36} />
              )}
              {results.error && results.data ? <ApiErrorAlert error={results.error} title="The latest search did not answer" /> : null}
            </div>
          ) : null}
        </section>
      </div>

      {desktop ? null : (
        <Drawer
          opened={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          position="bottom"
          size="90%"
          title="Filters"
          padding="md"
          overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
          styles={{ content: { borderTopLeftRadius: 'var(--mantine-radius-lg)', borderTopRightRadius: 'var(--mantine-radius-lg)' } }}
        >
          <SearchFilters {...filterProps} withHeading={false} />
          <Group className={classes.drawerFooter} gap="sm" wrap="nowrap">
            {filterCount > 0 ? (
              <Button variant="default" onClick={() => apply(clearFilters(state))}>
                Clear all
              </Button>
            ) : null}
            <Button fullWidth onClick={() => setFiltersOpen(false)}>
              {total === null ? 'Show sounds' : `Show ${formatCount(total)} ${total === 1 ? 'sound' : 'sounds'}`}
            </Button>
          </Group>
        </Drawer>
      )}

      {showSimilar ? <SimilarSoundsDrawer item={similar.item} opened={similar.opened} onClose={closeSimilar} freeOnly={corpus === 'free'} /> : null}
    </Container>
  );
}

/** The sort menu ("Best match" only with text). Memoised: the screen re-renders on every answer, the sort does not change with it. */
const SortSelect = memo(function SortSelect({ sort, withText, onChange }: { sort: SearchSort; withText: boolean; onChange(sort: SearchSort): void }) {
  return (
    <Select
      aria-label="Sort by"
      data={SEARCH_SORTS.map((value) => ({ value, label: SORT_LABELS[value], disabled: value === 'relevance' && !withText }))}
      value={sort}
      onChange={(value) => value && onChange(value as SearchSort)}
      allowDeselect={false}
      checkIconPosition="right"
      className={classes.sortSelect}
      comboboxProps={{ withinPortal: true }}
    />
  );
});
