import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const NO_DEMO_TOOLING = {
  group: ['@crate/demo-catalogue', '@crate/demo-catalogue/*', '**/tools/demo-catalogue/**'],
  message: 'Production code never imports demo tooling; only apps/server/src/seed (the seeding entry) and tests do.',
};
const NO_APPS = {
  group: ['@crate/server', '@crate/server/*', '@crate/web', '@crate/web/*', '**/apps/**'],
  message: 'Packages and tools never import the apps.',
};

export default defineConfig(
  globalIgnores(['**/dist/', '**/node_modules/', 'data/', '**/migrations/', '.test-data/', 'bench/reports/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (placeholders in destructuring and test tables).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // typescript-eslint sets sourceType "module" everywhere; CommonJS config files (postcss) need require/module back.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  // Import boundaries. ESLint keeps one set of options per rule per file, so each file set below is
  // disjoint and lists every pattern that applies to it.
  {
    // The apps: only the seeding entry (apps/server/src/seed) and tests may use demo tooling.
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/seed/**', 'apps/server/test/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO_TOOLING] }] },
  },
  {
    // Shared packages serve the apps and tools alike: they import neither.
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO_TOOLING, NO_APPS] }] },
  },
  {
    // Demo tooling builds on the contract and @crate/audio; the server calls it, never the other way round.
    files: ['tools/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_APPS] }] },
  },
);
