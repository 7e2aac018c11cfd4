import { Collapse, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import classes from './search.module.css';

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const FULL = new Intl.NumberFormat('en');

/** Facet counts as a producer scans them: exact up to 9,999, then 12k, 1.2M. */
export function formatCount(count: number): string {
  return count < 10_000 ? FULL.format(count) : COMPACT.format(count);
}

/** "Trap, 12 sounds": what assistive tech reads for an option with its count. */
export function optionName(label: string, count: number | null): string {
  return count === null ? label : `${label}, ${FULL.format(count)} ${count === 1 ? 'sound' : 'sounds'}`;
}

/**
 * One option of a facet, as the screen offers it:
 * - `count` is the number of current results carrying it (null when not known: before the first
 *   answer, or an alternative to a value already picked in the same filter, which would widen the results);
 * - `disabled` when picking it would leave nothing.
 */
export interface FacetOption {
  value: string;
  label: string;
  count: number | null;
  selected: boolean;
  disabled: boolean;
  /** Heading of the group the option is listed under (genre family, instrument group). */
  group?: string;
}

/** A collapsible block of the filter column; its heading says how many of its values are on. */
export function FilterSection({ title, selected = 0, defaultOpen = true, children, hint }: { title: string; selected?: number; defaultOpen?: boolean; children: ReactNode; hint?: string }) {
  const [open, setOpen] = useState(defaultOpen || selected > 0);
  const id = useId();
  return (
    <section className={classes.section} aria-labelledby={`${id}-title`}>
      <UnstyledButton className={classes.sectionToggle} onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={`${id}-body`}>
        <span id={`${id}-title`} className={classes.sectionTitle}>
          {title}
          {selected > 0 ? (
            <span className={classes.sectionBadge} aria-label={`${selected} selected`}>
              {selected}
            </span>
          ) : null}
        </span>
        <IconChevronDown size={16} className={classes.sectionChevron} data-open={open || undefined} aria-hidden />
      </UnstyledButton>
      <Collapse in={open} transitionDuration={120} id={`${id}-body`}>
        <div className={classes.sectionBody} role="group" aria-labelledby={`${id}-title`}>
          {children}
          {hint ? (
            <Text size="xs" c="dimmed" mt={6}>
              {hint}
            </Text>
          ) : null}
        </div>
      </Collapse>
    </section>
  );
}

/**
 * An option's count as a producer scans it ("12.3K"); nothing while it is not known. Drawn by CSS from data-shown, so
 * the option's visible text is its label alone, the start of its accessible name, which says the count in full
 * ("Loop, 12,345 sounds"; WCAG 2.5.3). data-facet-count holds the exact count.
 */
function FacetCount({ count }: { count: number | null }) {
  return count === null ? null : <span className={classes.count} data-facet-count={count} data-shown={formatCount(count)} aria-hidden />;
}

/** Short fixed vocabularies (type, kind, meter, feel) as a row of toggle chips with their counts. */
export function ToggleChips({ options, onToggle }: { options: FacetOption[]; onToggle(value: string): void }) {
  return (
    <div className={classes.chipRow}>
      {options.map((option) => (
        <UnstyledButton
          key={option.value}
          className={classes.toggleChip}
          aria-pressed={option.selected}
          aria-label={optionName(option.label, option.count)}
          disabled={option.disabled}
          data-facet-value={option.value}
          onClick={() => onToggle(option.value)}
        >
          <span>{option.label}</span>
          <FacetCount count={option.count} />
        </UnstyledButton>
      ))}
    </div>
  );
}

/**
 * Longer lists (genres, instruments, creators, packs, licences, plugins) as checkboxes with counts,
 * under group headings when the options have groups, with a finder once the list is long.
 */
export function FacetChecklist({ options, onToggle, findLabel, emptyText }: { options: FacetOption[]; onToggle(value: string): void; findLabel?: string; emptyText: string }) {
  const [find, setFind] = useState('');
  if (options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  const needle = find.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.selected || o.label.toLowerCase().includes(needle)) : options;
  const groups: { name: string | undefined; options: FacetOption[] }[] = [];
  for (const option of shown) {
    const last = groups[groups.length - 1];
    if (last && last.name === option.group) last.options.push(option);
    else groups.push({ name: option.group, options: [option] });
  }
  const long = options.length > 10;
  const list = (
    <div className={classes.checklist}>
      {groups.map((group, index) => (
        <div key={`${group.name ?? ''}-${index}`}>
          {group.name ? <div className={classes.groupHeading}>{group.name}</div> : null}
          {group.options.map((option) => (
            // A native checkbox in its label: a list of 250 values re-renders with every answer (Mantine's took most of that render).
            <label key={option.value} className={classes.checkRoot} data-facet-value={option.value} data-disabled={option.disabled || undefined}>
              <input
                type="checkbox"
                className={classes.checkInput}
                checked={option.selected}
                disabled={option.disabled}
                onChange={() => onToggle(option.value)}
                aria-label={optionName(option.label, option.count)}
              />
              <span className={classes.checkName}>{option.label}</span>
              <FacetCount count={option.count} />
            </label>
          ))}
        </div>
      ))}
      {shown.length === 0 ? (
        <Text size="xs" c="dimmed" py={4}>
          Nothing called “{find.trim()}” here.
        </Text>
      ) : null}
    </div>
  );
  return (
    <>
      {long && findLabel ? (
        <TextInput
          size="xs"
          mb={8}
          placeholder={findLabel}
          aria-label={findLabel}
          value={find}
          onChange={(event) => setFind(event.currentTarget.value)}
          leftSection={<IconSearch size={14} aria-hidden />}
        />
      ) : null}
      {long ? (
        <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
          {list}
        </ScrollArea.Autosize>
      ) : (
        list
      )}
    </>
  );
}
