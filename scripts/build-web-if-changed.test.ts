import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webInputsHash } from './build-web-if-changed.ts';

describe('webInputsHash', () => {
  let base: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  };
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'web-inputs-'));
    write('apps/web/src/main.tsx', 'render()');
    write('packages/contract/src/items.ts', 'export {}');
    write('package-lock.json', '{"lockfileVersion":3}');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('is the same for the same files and variables', () => {
    expect(webInputsHash(base, {})).toBe(webInputsHash(base, { PATH: '/bin' }));
  });

  it('changes when a source, the contract, the lockfile or a VITE_ variable changes', () => {
    const before = webInputsHash(base, {});
    write('apps/web/src/main.tsx', 'render(<App />)');
    const afterSource = webInputsHash(base, {});
    write('packages/contract/src/items.ts', 'export const x = 1');
    const afterContract = webInputsHash(base, {});
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    const afterLock = webInputsHash(base, {});
    const withVariable = webInputsHash(base, { VITE_API: 'x' });
    expect(new Set([before, afterSource, afterContract, afterLock, withVariable]).size).toBe(5);
  });

  it('ignores the build output and installed packages', () => {
    const before = webInputsHash(base, {});
    write('apps/web/dist/index.html', '<html>');
    write('apps/web/node_modules/x/index.js', '1');
    expect(webInputsHash(base, {})).toBe(before);
  });

  it('sees a file renamed even when its bytes stay the same', () => {
    const before = webInputsHash(base, {});
    rmSync(path.join(base, 'apps/web/src/main.tsx'));
    write('apps/web/src/index.tsx', 'render()');
    expect(webInputsHash(base, {})).not.toBe(before);
  });
});
