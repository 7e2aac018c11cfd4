import { defineConfig } from 'vitest/config';

/**
 * Test tiers as vitest projects:
 *  - unit: `*.test.ts(x)` beside the code, no database;
 *  - integration-pglite / integration-postgres: the same `*.int.test.ts` files against each driver,
 *    a fresh database per test file (TEST_DB selects the driver);
 *  - e2e: headless Chromium against the built product.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'tools/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: ['apps/server/test/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/pglite-template.global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: ['apps/server/test/**/*.int.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
