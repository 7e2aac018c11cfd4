/** The rows of a `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T,>(result: unknown): T[] => (result as { rows: T[] }).rows;
