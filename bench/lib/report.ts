/** What every benchmark does with its figures: the JSON report beside the others, and whether its targets are met. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeReport(file: string, report: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(report, null, 2) + '\n');
}

export const allMet = (targets: Record<string, { met: boolean }>): boolean => Object.values(targets).every((t) => t.met);

/** One part of a benchmark that several run together (bench:studio): its report, its summary words, its verdict. */
export interface BenchPartResult {
  report: Record<string, unknown>;
  summary: string;
  met: boolean;
}
