/**
 * How many errors a static check reported, read from its output, so `npm test` can put a failed count
 * beside `typecheck`, `lint` and `knip` in its table like it does for the test tiers.
 */
export type Check = 'typecheck' | 'lint' | 'knip';

export function countCheckErrors(check: Check, output: string): number {
  if (check === 'typecheck') {
    // tsc prints one `file(line,col): error TS1234: …` (or `file:line:col - error TS1234: …` when pretty) per error.
    return output.match(/\berror TS\d+:/g)?.length ?? 0;
  }
  if (check === 'knip') {
    // knip heads each kind of finding with its count: `Unused exports (3)`, `Unlisted dependencies (1)`, … (hints are not findings).
    return [...output.matchAll(/^(?!Configuration hints)[A-Z][A-Za-z ]+ \((\d+)\)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  }
  // ESLint's closing line: `✖ 3 problems (2 errors, 1 warning)`.
  const summary = /\((\d+) errors?, \d+ warnings?\)/.exec(output);
  return summary ? Number(summary[1]) : 0;
}
