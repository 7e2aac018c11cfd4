import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { FEELS, ITEM_KINDS, ITEM_TYPES, LICENCE_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import type { FacetValue, SearchFacets } from '@crate/contract/search';
import { findGenre, findInstrument, GENRE_FAMILIES, INSTRUMENT_GROUPS } from '@crate/contract/taxonomy';
import { activeFilterCount, clearFilters, FILTER_LABELS, flagLabel, searchQueryString, toggleValue, valueLabel, type FlagFilter, type ListFilter, type SearchState } from '../search-state.ts';
import { FacetChecklist, FilterSection, ToggleChips, type FacetOption } from './facet-controls.tsx';
import { BpmFilter, KeyGrid } from './key-and-bpm-filters.tsx';
import classes from './search.module.css';

export interface SearchFiltersProps {
  state: SearchState;
  /** The current answer's counts; null until the first answer arrives. */
  facets: SearchFacets | null;
  onChange(next: SearchState): void;
  /** Offer "Free only" (not on free search, where everything is). */
  showFree: boolean;
  /** Offer "Not yet owned" (signed-in buyers). */
  showNotOwned: boolean;
  /** The column's own heading with "Clear all" (the phone sheet has its own title and footer). */
  withHeading?: boolean;
}

/** Open vocabularies are not known before the first answer: placeholder lines, not "none". */
function ListSkeleton() {
  return (
    <Stack gap={10} py={4} aria-hidden>
      {[70, 55, 62].map((width) => (
        <Skeleton key={width} height={10} width={`${width}%`} />
      ))}
    </Stack>
  );
}

/**
 * A fixed vocabulary where one filter's values are alternatives (kind=Loop,Composition). The counts
 * are drill-down counts over the current results, so:
 * - with nothing picked in this filter, a value missing from the answer would leave nothing: disabled;
 * - once a value is picked, the others would add results, by an amount the answer cannot say: no count.
 */
function alternatives(name: ListFilter, values: readonly string[], facet: FacetValue[] | null, state: SearchState): FacetOption[] {
  const counts = new Map((facet ?? []).map((v) => [v.value, v.count]));
  const picked = state[name];
  return values.map((value) => {
    const selected = picked.includes(value);
    const known = counts.get(value);
    const count = facet === null ? null : (known ?? (picked.length > 0 && !selected ? null : 0));
    return { value, label: valueLabel(name, value), count, selected, disabled: facet !== null && !selected && picked.length === 0 && !known };
  });
}

/**
 * An open vocabulary (genres, instruments, creators, packs): the values present in the current
 * results with their counts, plus whatever is picked. Genres and instruments narrow (a sound must
 * carry every one picked), so each count is exactly what picking it leaves.
 */
function present(name: ListFilter, facet: FacetValue[] | null, state: SearchState, groupOf?: (value: string) => { order: number; label: string } | undefined): FacetOption[] {
  const options: FacetOption[] = (facet ?? []).map((v) => ({ value: v.value, label: v.label, count: v.count, selected: state[name].includes(v.value), disabled: false }));
  for (const value of state[name]) {
    if (!options.some((o) => o.value === value)) options.push({ value, label: valueLabel(name, value), count: facet ? 0 : null, selected: true, disabled: false });
  }
  if (!groupOf) return options;
  const order = (o: FacetOption) => groupOf(o.value)?.order ?? Number.MAX_SAFE_INTEGER;
  return options
    .map((o, index) => ({ o: { ...o, group: groupOf(o.value)?.label ?? 'Other' }, index }))
    .sort((a, b) => order(a.o) - order(b.o) || a.index - b.index)
    .map(({ o }) => o);
}

const genreGroup = (slug: string) => {
  const family = findGenre(slug)?.family;
  const index = GENRE_FAMILIES.findIndex((f) => f.slug === family);
  return index < 0 ? undefined : { order: index, label: GENRE_FAMILIES[index]!.label };
};

const instrumentGroup = (slug: string) => {
  const group = findInstrument(slug)?.group;
  const index = INSTRUMENT_GROUPS.findIndex((g) => g.slug === group);
  return index < 0 ? undefined : { order: index, label: INSTRUMENT_GROUPS[index]!.label };
};

/**
 * The filter column's onChange: stable, and with the text typed since the column last rendered.
 * SearchFilters skips renders for text-only changes (see sameFilters), so the state it builds a
 * change from may hold an older q; the latest one is put back here.
 */
export function useFilterChange(state: SearchState, apply: (next: SearchState) => void): (next: SearchState) => void {
  const latest = useRef({ q: state.q, apply });
  useLayoutEffect(() => {
    latest.current = { q: state.q, apply };
  });
  return useCallback((next: SearchState) => latest.current.apply({ ...next, q: latest.current.q }), []);
}

const filtersOf = (state: SearchState) => searchQueryString({ ...state, q: '' });

/** Typing changes only q: the column (dozens of controls) does not re-render for it. */
function sameFilters(a: SearchFiltersProps, b: SearchFiltersProps): boolean {
  return (
    a.facets === b.facets &&
    a.showFree === b.showFree &&
    a.showNotOwned === b.showNotOwned &&
    a.withHeading === b.withHeading &&
    a.onChange === b.onChange &&
    filtersOf(a.state) === filtersOf(b.state)
  );
}

/** Every filter the API takes, each with its counts under the current search. Pass onChange from useFilterChange. */
export const SearchFilters = memo(function SearchFilters({ state, facets, onChange, showFree, showNotOwned, withHeading = true }: SearchFiltersProps) {
  const toggle = (name: ListFilter) => (value: string) => onChange(toggleValue(state, name, value));
  const keyOptions = new Map(alternatives('key', MUSICAL_KEYS, facets?.key ?? null, state).map((o) => [o.value, o]));
  const showPlugin = state.plugin.length > 0 || state.type.includes('preset') || (facets?.plugin.length ?? 0) > 0;
  const flags: { name: FlagFilter; count: number | null }[] = [
    { name: 'has_stems', count: facets?.has_stems ?? null },
    { name: 'has_midi', count: facets?.has_midi ?? null },
    ...(showFree ? [{ name: 'free' as const, count: facets?.free ?? null }] : []),
    ...(showNotOwned ? [{ name: 'not_owned' as const, count: facets?.not_owned ?? null }] : []),
  ];
  const flagOptions: FacetOption[] = flags.map(({ name, count }) => ({
    value: name,
    label: flagLabel(name, true),
    count,
    selected: state[name] === true,
    disabled: count === 0 && state[name] !== true,
  }));
  const selectedFlags = flags.filter(({ name }) => state[name] !== null).length;
  const filterCount = activeFilterCount(state);

  return (
    <div className={classes.filters}>
      {withHeading ? (
        <Group justify="space-between" align="center" className={classes.filtersHeader}>
          <span className={classes.filtersTitle}>Filters</span>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onChange(clearFilters(state))} style={filterCount === 0 ? { visibility: 'hidden' } : undefined}>
            Clear all
          </Button>
        </Group>
      ) : null}

      <FilterSection title={FILTER_LABELS.type} selected={state.type.length}>
        <ToggleChips options={alternatives('type', ITEM_TYPES, facets?.type ?? null, state)} onToggle={toggle('type')} />
      </FilterSection>

      <FilterSection title={FILTER_LABELS.kind} selected={state.kind.length}>
        <ToggleChips options={alternatives('kind', ITEM_KINDS, facets?.kind ?? null, state)} onToggle={toggle('kind')} />
      </FilterSection>

      <FilterSection title={FILTER_LABELS.key} selected={state.key.length}>
        <KeyGrid options={keyOptions} onToggle={toggle('key')} />
      </FilterSection>

      <FilterSection title={FILTER_LABELS.bpm} selected={state.bpm_min !== null || state.bpm_max !== null ? 1 : 0}>
        <BpmFilter buckets={facets?.bpm ?? null} min={state.bpm_min} max={state.bpm_max} onChange={(bpm_min, bpm_max) => onChange({ ...state, bpm_min, bpm_max })} />
      </FilterSection>

      <FilterSection title={FILTER_LABELS.time_signature} selected={state.time_signature.length}>
        <ToggleChips options={alternatives('time_signature', TIME_SIGNATURES, facets?.time_signature ?? null, state)} onToggle={toggle('time_signature')} />
      </FilterSection>

      <FilterSection title={FILTER_LABELS.feel} selected={state.feel.length}>
        <ToggleChips options={alternatives('feel', FEELS, facets?.feel ?? null, state)} onToggle={toggle('feel')} />
      </FilterSection>

      <FilterSection title="Genres" selected={state.genre.length} hint={state.genre.length > 1 ? 'Sounds tagged with every genre picked.' : undefined}>
        {facets ? (
          <FacetChecklist options={present('genre', facets.genre, state, genreGroup)} onToggle={toggle('genre')} findLabel="Find a genre" emptyText="No genres on these sounds." />
        ) : (
          <ListSkeleton />
        )}
      </FilterSection>

      <FilterSection title="Instruments & sounds" selected={state.instrument.length} hint={state.instrument.length > 1 ? 'Sounds tagged with every instrument picked.' : undefined}>
        {facets ? (
          <FacetChecklist options={present('instrument', facets.instrument, state, instrumentGroup)} onToggle={toggle('instrument')} findLabel="Find an instrument" emptyText="No instruments on these sounds." />
        ) : (
          <ListSkeleton />
        )}
      </FilterSection>

      <FilterSection title="Files & more" selected={selectedFlags}>
        <FacetChecklist
          options={flagOptions}
          onToggle={(value) => {
            const name = value as FlagFilter;
            onChange({ ...state, [name]: state[name] === true ? null : true });
          }}
          emptyText=""
        />
      </FilterSection>

      <FilterSection title={FILTER_LABELS.licence_type} selected={state.licence_type.length} defaultOpen={false}>
        <FacetChecklist options={alternatives('licence_type', LICENCE_TYPES, facets?.licence_type ?? null, state)} onToggle={toggle('licence_type')} emptyText="" />
      </FilterSection>

      {showPlugin ? (
        <FilterSection title="Preset plugin" selected={state.plugin.length} defaultOpen={false}>
          <FacetChecklist options={alternatives('plugin', PRESET_PLUGINS, facets?.plugin ?? null, state)} onToggle={toggle('plugin')} emptyText="" />
        </FilterSection>
      ) : null}

      <FilterSection title={FILTER_LABELS.creator} selected={state.creator.length} defaultOpen={false}>
        {facets ? (
          <FacetChecklist options={present('creator', facets.creator, state)} onToggle={toggle('creator')} findLabel="Find a creator" emptyText="No creators to pick from." />
        ) : (
          <ListSkeleton />
        )}
      </FilterSection>

      <FilterSection title={FILTER_LABELS.pack} selected={state.pack.length} defaultOpen={false}>
        {facets ? (
          <FacetChecklist options={present('pack', facets.pack, state)} onToggle={toggle('pack')} findLabel="Find a pack" emptyText="No packs to pick from." />
        ) : (
          <ListSkeleton />
        )}
      </FilterSection>
    </div>
  );
}, sameFilters);
