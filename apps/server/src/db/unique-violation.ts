/**
 * Whether a write failed on this unique index (PostgreSQL's 23505, from node-postgres or PGlite; drizzle may
 * wrap it, so its causes are looked at too). A service checks first and answers a clear 409; this catches
 * the write that lost a race with another one.
 */
export function violatesUnique(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const pg = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pg.code === '23505' && pg.constraint === constraint) return true;
    current = pg.cause;
  }
  return false;
}
