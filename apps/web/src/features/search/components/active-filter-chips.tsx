import { Button, CloseButton } from '@mantine/core';
import { IconCursorText } from '@tabler/icons-react';
import { activeFilters, clearFilters, type SearchState } from '../search-state.ts';
import classes from './search.module.css';

/**
 * What narrows the results right now, one removable chip each (those read from the search text marked so, and
 * removed by taking their words out of it), and a way to drop them all.
 */
export function ActiveFilterChips({ state, names, onChange }: { state: SearchState; names: ReadonlyMap<string, string>; onChange(next: SearchState): void }) {
  const chips = activeFilters(state, names);
  if (chips.length === 0) return null;
  return (
    <ul className={classes.activeChips} aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.id} className={classes.activeChip} data-filter-chip={chip.id} data-typed={chip.typed || undefined} title={chip.typed ? 'Read from your search text' : undefined}>
          {chip.typed ? <IconCursorText size={14} aria-hidden /> : null}
          <span>{chip.label}</span>
          <CloseButton size="xs" radius="xl" aria-label={`Remove ${chip.label}`} onClick={() => onChange(chip.without)} />
        </li>
      ))}
      <li>
        <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onChange(clearFilters(state))}>
          Clear all
        </Button>
      </li>
    </ul>
  );
}
