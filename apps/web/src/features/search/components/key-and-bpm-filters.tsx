import { Button, Group, NumberInput, Text, UnstyledButton } from '@mantine/core';
import type { BpmBucket } from '@crate/contract/search';
import { bpmRangeLabel } from '../search-state.ts';
import { tempoAxis } from '../tempo-axis.ts';
import { formatCount, optionName, type FacetOption } from './facet-controls.tsx';
import classes from './search.module.css';

/** Notes in the order a musician counts them (the contract lists them from A). */
const NOTES_FROM_C = ['C', 'C#/Db', 'D', 'D#/Eb', 'E', 'F', 'F#/Gb', 'G', 'G#/Ab', 'A', 'A#/Bb', 'B'] as const;
const MODES = [
  { mode: 'major', label: 'Major' },
  { mode: 'minor', label: 'Minor' },
] as const;

/** The 24 keys as two 12-note grids (major, minor), each cell with its count. */
export function KeyGrid({ options, onToggle }: { options: Map<string, FacetOption>; onToggle(value: string): void }) {
  return (
    <div className={classes.keyModes}>
      {MODES.map(({ mode, label }) => (
        <div key={mode}>
          <div className={classes.groupHeading}>{label}</div>
          <div className={classes.keyGrid}>
            {NOTES_FROM_C.map((note) => {
              const option = options.get(`${note} ${mode}`);
              if (!option) return null;
              return (
                <UnstyledButton
                  key={option.value}
                  className={classes.keyCell}
                  aria-pressed={option.selected}
                  aria-label={optionName(option.value, option.count)}
                  disabled={option.disabled}
                  data-facet-value={option.value}
                  onClick={() => onToggle(option.value)}
                >
                  <span className={classes.keyNote}>{note}</span>
                  {/* Drawn by CSS, as a facet's count: the cell's visible text is its note, the start of "C minor, 12 sounds". */}
                  <span className={classes.keyCount} data-facet-count={option.count ?? undefined} data-shown={option.count === null ? '·' : formatCount(option.count)} aria-hidden />
                </UnstyledButton>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

function bucketLabel(bucket: BpmBucket): string {
  if (bucket.max >= 999) return `${bucket.min}+`;
  if (bucket.min <= 1) return `<${bucket.max + 1}`;
  return `${bucket.min}–${bucket.max}`;
}

/**
 * BPM: the spread of the current results as a histogram (a bar picks its range) and a typed range.
 * The inputs take effect on Enter or when they lose focus, so typing "128" does not search for 1 and 12.
 */
export function BpmFilter({ buckets, min, max, onChange }: { buckets: BpmBucket[] | null; min: number | null; max: number | null; onChange(min: number | null, max: number | null): void }) {
  const axis = buckets && buckets.length > 0 ? tempoAxis(buckets) : null;
  const peak = Math.max(1, ...(buckets ?? []).map((b) => b.count));
  const inRange = (bucket: BpmBucket) => (min !== null || max !== null) && (min === null || bucket.max >= min) && (max === null || bucket.min <= max);
  const commit = (which: 'min' | 'max', raw: string | number) => {
    const value = raw === '' ? null : Math.round(Number(raw));
    const next = value === null || !Number.isFinite(value) ? null : Math.min(999, Math.max(1, value));
    if (which === 'min' ? next === min : next === max) return;
    let [a, b] = which === 'min' ? [next, max] : [min, next];
    if (a !== null && b !== null && a > b) [a, b] = [b, a];
    onChange(a, b);
  };
  return (
    <div>
      {axis ? (
        <>
          <div className={classes.histogram}>
            {axis.map((bucket) =>
              bucket.count === 0 ? (
                <span key={bucket.min} className={classes.histogramEmpty} title={`${bucketLabel(bucket)} BPM · none`} aria-hidden />
              ) : (
                <UnstyledButton
                  key={bucket.min}
                  className={classes.histogramBar}
                  data-in-range={inRange(bucket) || undefined}
                  data-facet-value={`bpm:${bucket.min}-${bucket.max}`}
                  style={{ height: `${Math.max(10, Math.round((bucket.count / peak) * 100))}%` }}
                  aria-label={`${optionName(`${bucketLabel(bucket)} BPM`, bucket.count)}: show only these`}
                  title={`${bucketLabel(bucket)} BPM · ${formatCount(bucket.count)}`}
                  onClick={() => onChange(bucket.min <= 1 ? null : bucket.min, bucket.max >= 999 ? null : bucket.max)}
                />
              ),
            )}
          </div>
          <div className={classes.histogramAxis} aria-hidden>
            <span>{bucketLabel(axis[0]!)}</span>
            <span>120</span>
            <span>{bucketLabel(axis[axis.length - 1]!)}</span>
          </div>
        </>
      ) : buckets ? (
        <Text size="xs" c="dimmed">
          No tempo on these sounds.
        </Text>
      ) : (
        <div className={classes.histogram} aria-hidden />
      )}
      <Group gap={8} wrap="nowrap" align="flex-end" mt={8}>
        <NumberInput
          key={`min-${min}`}
          size="xs"
          label="From"
          placeholder="Any"
          defaultValue={min ?? ''}
          min={1}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          onBlur={(event) => commit('min', event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit('min', event.currentTarget.value);
          }}
          aria-label="BPM from"
          className={classes.bpmInput}
        />
        <NumberInput
          key={`max-${max}`}
          size="xs"
          label="To"
          placeholder="Any"
          defaultValue={max ?? ''}
          min={1}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          onBlur={(event) => commit('max', event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit('max', event.currentTarget.value);
          }}
          aria-label="BPM to"
          className={classes.bpmInput}
        />
        {min !== null || max !== null ? (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(null, null)} aria-label={`Clear ${bpmRangeLabel(min, max)}`}>
            Any
          </Button>
        ) : null}
      </Group>
    </div>
  );
}
