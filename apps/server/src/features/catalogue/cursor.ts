import { AppError } from '../../http/app-error.ts';

/** Keyset cursors: the last row's sort value and id, opaque to clients (base64url JSON). */
export type CursorValue = string | number | null;

export function encodeCursor(value: CursorValue, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { value: CursorValue; id: string } | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string' && (parsed[0] === null || ['string', 'number'].includes(typeof parsed[0]))) {
      return { value: parsed[0] as CursorValue, id: parsed[1] };
    }
  } catch {
    /* fall through */
  }
  throw new AppError('VALIDATION_FAILED', 'The page cursor is not valid; start again from the first page', 'cursor');
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
