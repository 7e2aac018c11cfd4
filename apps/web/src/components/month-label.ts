/** "June 2026" for a month written `2026-06` or `2026-06-01`: the same in every time zone (months are UTC, decision 0051). */
export function monthLabel(month: string): string {
  return new Date(`${month.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
