import { z } from 'zod';
import type { Endpoint } from '@crate/contract/api-endpoints';
import { DATE_FIELDS, DAY_RANGES, type DateFieldKind } from '@crate/contract/dates';

/**
 * Every date a request of the API table carries, found in its zod schemas (docs/decisions/0035): a field is
 * a date when it is one of the contract's date schemas (`isoDay`, `isoInstant`: registered in DATE_FIELDS)
 * or any other ISO date or date-time schema (`unbounded`: a date that escaped the shared ones, which the
 * hostile tier then finds unrefused). A day range is an object schema registered in DAY_RANGES. Endpoints
 * added later are covered by construction: their schemas are walked like every other's.
 */
type Where = 'query' | 'body';
export interface DateField {
  where: Where;
  /** Keys and array indexes from the query or body down to the field. */
  path: (string | number)[];
  kind: DateFieldKind | 'unbounded';
}
export interface DateRange {
  where: Where;
  /** Where the range's object is (empty: the query or body itself). */
  path: (string | number)[];
  from: string;
  to: string;
  maxDays: number;
}

/** Values every date field must refuse: far in the future (past the years walked before year 10000 was), year 0. */
export const HOSTILE_DATES: Record<DateFieldKind | 'unbounded', { label: string; value: string }[]> = {
  day: [
    { label: 'a far-future day', value: '9999-12-31' },
    { label: 'a day of year 0', value: '0000-01-01' },
  ],
  instant: [
    { label: 'a far-future time', value: '9999-12-31T23:59:59Z' },
    { label: 'a time of year 0', value: '0000-01-01T00:00:00Z' },
  ],
  unbounded: [
    { label: 'a far-future date', value: '9999-12-31' },
    { label: 'a date of year 0', value: '0000-01-01' },
  ],
};

/** A range's hostile spans: reversed, the far-future month that once never ended, and one day over the limit. */
export function hostileRanges(range: DateRange): { label: string; from: string; to: string }[] {
  const overLimit = new Date(Date.UTC(2020, 0, 1) + range.maxDays * 86_400_000).toISOString().slice(0, 10);
  return [
    { label: 'a reversed range', from: '2026-03-02', to: '2026-03-01' },
    { label: 'a far-future range', from: '9999-12-01', to: '9999-12-31' },
    { label: 'a range of year 0', from: '0000-01-01', to: '0000-01-31' },
    { label: `a range of ${range.maxDays + 1} days`, from: '2020-01-01', to: overLimit },
  ];
}

/** The schema inside optional, nullable, default, readonly, catch and pipe wrappers (a pipe is judged by what it takes in). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault || current instanceof z.ZodPrefault || current instanceof z.ZodReadonly || current instanceof z.ZodCatch) {
      current = current.def.innerType as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.def.in as z.ZodType;
    } else {
      return current;
    }
  }
}

function walk(schema: z.ZodType, where: Where, path: (string | number)[], fields: DateField[], ranges: DateRange[]): void {
  const inner = unwrap(schema);
  const registered = DATE_FIELDS.get(inner);
  if (registered) fields.push({ where, path, kind: registered.kind });
  else if (inner instanceof z.ZodISODate || inner instanceof z.ZodISODateTime) fields.push({ where, path, kind: 'unbounded' });
  const range = DAY_RANGES.get(inner);
  if (range) ranges.push({ where, path, ...range });
  if (inner instanceof z.ZodObject) for (const [key, value] of Object.entries(inner.shape as Record<string, z.ZodType>)) walk(value, where, [...path, key], fields, ranges);
  else if (inner instanceof z.ZodArray) walk(inner.element as z.ZodType, where, [...path, 0], fields, ranges);
  else if (inner instanceof z.ZodUnion) for (const option of inner.options as z.ZodType[]) walk(option, where, path, fields, ranges);
  else if (inner instanceof z.ZodIntersection) for (const side of [inner.def.left, inner.def.right] as z.ZodType[]) walk(side, where, path, fields, ranges);
  else if (inner instanceof z.ZodRecord) walk(inner.valueType as z.ZodType, where, [...path, 'key'], fields, ranges);
  else if (inner instanceof z.ZodTuple) (inner.def.items as z.ZodType[]).forEach((item, index) => walk(item, where, [...path, index], fields, ranges));
}

/** The dates and day ranges of one endpoint's query and body. */
export function datesOf(endpoint: Endpoint): { fields: DateField[]; ranges: DateRange[] } {
  const fields: DateField[] = [];
  const ranges: DateRange[] = [];
  if (endpoint.query) walk(endpoint.query, 'query', [], fields, ranges);
  if (endpoint.body) walk(endpoint.body, 'body', [], fields, ranges);
  return { fields, ranges };
}

/** The path of every key in a query or body, nested ones included (a key named like a date must be one: the tier checks). */
export function keysOf(schema: z.ZodType | undefined, path: (string | number)[] = []): (string | number)[][] {
  if (!schema) return [];
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, value]) => [[...path, key], ...keysOf(value, [...path, key])]);
  if (inner instanceof z.ZodArray) return keysOf(inner.element as z.ZodType, [...path, 0]);
  return [];
}

/** A body or query object holding `value` at `path` ({a: [{b: value}]} for ['a', 0, 'b']). */
export function objectAt(path: (string | number)[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), value);
}
