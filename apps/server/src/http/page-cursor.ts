import { z } from 'zod';
import { AppError } from './app-error.ts';
import { isStorableText } from './hostile-values.ts';

/** Keyset cursors: the last row's sort value and id, opaque to clients (base64url JSON). */
export type CursorValue = string | number | null;

/** A timestamp as toISOString() or PostgreSQL's text output writes it. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A real moment PostgreSQL accepts as timestamptz (no 30 February, no hour 25, no year 0). */
export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/**
 * What the value of a cursor may be, per kind of sort column. A cursor is client input: it is
 * checked against the column it will be compared with before it reaches a query.
 */
export const CURSOR_VALUES = {
  time: z.string().refine(isTimestamp),
  position: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1),
  text: z.string().max(400),
} as const;

/** What a cursor's row id may be: a uuid, an account's text id (the auth library's), or a bigserial's digits (the audit log). */
export const CURSOR_IDS = {
  uuid: z.uuid(),
  account: z.string().min(1).max(64),
  serial: z.string().regex(/^[1-9]\d{0,17}$/),
} as const;

export function encodeCursor(value: CursorValue, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'The page cursor is not valid; start again from the first page', 'cursor');
}

/** The cursor's value (checked against `value`) and row id (checked against `id`, a uuid unless told), or null without a cursor; 400 for anything else. */
export function decodeCursor<V>(cursor: string | undefined, value: z.ZodType<V>, id: z.ZodType<string> = CURSOR_IDS.uuid): { value: V; id: string } | null {
  if (!cursor) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const checkedValue = value.safeParse(parsed[0]);
  const checkedId = id.safeParse(parsed[1]);
  if (!checkedValue.success || !checkedId.success) throw invalidCursor();
  if (typeof checkedValue.data === 'string' && !isStorableText(checkedValue.data)) throw invalidCursor();
  return { value: checkedValue.data, id: checkedId.data };
}

/** Fetch limit+1 rows; the extra row only tells whether a next page exists. */
export function toPage<Row, Out>(rows: Row[], limit: number, present: (row: Row) => Out, cursorOf: (row: Row) => string) {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  return {
    items: pageRows.map(present),
    next_cursor: hasMore ? cursorOf(pageRows[pageRows.length - 1]!) : null,
  };
}
