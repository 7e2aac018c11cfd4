import { describe, expect, it } from 'vitest';
import { countCheckErrors } from './check-errors';

describe('countCheckErrors', () => {
  it('counts every tsc error, plain or pretty', () => {
    const output = [
      "apps/server/src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      "apps/web/src/b.tsx:3:1 - error TS2304: Cannot find name 'x'.",
      'Found 2 errors in 2 files.',
    ].join('\n');
    expect(countCheckErrors('typecheck', output)).toBe(2);
  });

  it('reads the error count from ESLint’s summary, not its warnings', () => {
    const output = [
      '/repo/apps/server/src/a.ts',
      "  1:5  error  'x' is assigned a value but never used  @typescript-eslint/no-unused-vars",
      '  2:1  warning  Unused eslint-disable directive',
      '',
      '✖ 4 problems (3 errors, 1 warning)',
    ].join('\n');
    expect(countCheckErrors('lint', output)).toBe(3);
    expect(countCheckErrors('lint', '✖ 1 problem (1 error, 0 warnings)')).toBe(1);
  });

  it('adds up knip’s findings of every kind, not its configuration hints', () => {
    const output = [
      'Unlisted dependencies (1)',
      'yauzl  apps/server/src/features/studio-packs/pack-zip.ts:12:19',
      'Unused exports (2)',
      'A  apps/server/src/a.ts:1:14',
      'B  apps/server/src/b.ts:2:14',
      'Configuration hints (1)',
      'src/main.ts  apps/server  knip.json  Remove redundant entry pattern',
    ].join('\n');
    expect(countCheckErrors('knip', output)).toBe(3);
  });

  it('finds nothing in a clean run', () => {
    expect(countCheckErrors('typecheck', '> tsc -p packages/contract\n')).toBe(0);
    expect(countCheckErrors('lint', '> eslint .\n')).toBe(0);
    expect(countCheckErrors('knip', '> knip --no-config-hints\n')).toBe(0);
  });
});
