/** CSV fields and lines for every export (analytics, payouts): formula-safe, quoted where needed. */

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text starting like a formula
 * (= + - @, tab, CR) is prefixed with ' so a spreadsheet shows it instead of running it.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;
