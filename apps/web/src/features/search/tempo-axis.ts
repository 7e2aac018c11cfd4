import type { BpmBucket } from '@crate/contract/search';

/** The server's buckets (postgres-search-engine BPM_EDGES): under 60, ten-BPM steps, 180 and up. */
const AXIS = { low: 60, high: 180, width: 10 };

/**
 * The tempo axis a producer reads: the server's buckets (which only list tempos present) laid on the
 * usual 10-BPM steps from 60 to 180 plus both ends, so the histogram keeps its shape as results change.
 */
export function tempoAxis(buckets: BpmBucket[]): BpmBucket[] {
  const axis: BpmBucket[] = [...buckets];
  const covered = (min: number, max: number) => buckets.some((b) => b.min <= max && b.max >= min);
  const slots: [number, number][] = [[1, AXIS.low - 1]];
  for (let min = AXIS.low; min < AXIS.high; min += AXIS.width) slots.push([min, min + AXIS.width - 1]);
  slots.push([AXIS.high, 999]);
  for (const [min, max] of slots) if (!covered(min, max)) axis.push({ min, max, count: 0 });
  return axis.sort((a, b) => a.min - b.min);
}
