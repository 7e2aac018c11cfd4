import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const NO_DEMO_TOOLING = {
  group: ['@crate/demo-catalogue', '@crate/demo-catalogue/*', '**/tools/demo-catalogue/**'],
  message: 'Production code never imports demo tooling; only apps/server/src/seed (the seeding entry) and tests do.',
};
const NO_SERVER_IN_WEB = {
  group: ['@crate/server', '@crate/server/*', '**/server/src/**'],
  message: 'The web app never imports the server: what both need lives in packages/contract.',
};
/**
 * A server feature uses another only through what it exposes: its services, policies, presenters and callables,
 * plus resolve-viewer (who is calling); the callable protocol itself (registry, errors, caller) is in src/http. Repositories,
 * routes and helpers stay private. Code several features need lives outside features/ (docs/architecture.md), such as
 * the item and pack read model in src/read-models/.
 * A feature's files sit at its root or one folder down (search's index/), which fixes how far `..` climbs to
 * another feature; nothing in another feature's folders is exposed.
 */
const serverFeatureInternals = (up) => ({
  regex: `^${up}(?!\\.\\.)(?!auth/resolve-viewer\\.ts$)[^/]+/(?![^/]*-(service|policy|presenters?|callables)\\.ts$).+$`,
  message: "Import another feature only through its *-service.ts, *-policy.ts, *-presenter(s).ts or *-callables.ts; shared code belongs outside features/ (docs/architecture.md).",
});
/** Web features share data hooks (api/) with each other, never their screens or components. */
const webFeatureInternals = (up) => ({
  regex: `^${up}(?!\\.\\.)[^/]+/(components|routes)/`,
  message: "A web feature never imports another feature's components or routes: move what both need to src/components (docs/architecture.md).",
});
/** A pack's status changes only through the pack lifecycle (apps/server/src/packs/pack-lifecycle.ts), which checks, audits and queues what the move causes. */
const PACK_STATUS_WRITES = [
  "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='packs'] > ObjectExpression > Property[key.name='status']",
  'TemplateElement[value.raw=/update\\s+packs\\s+set[^;]*\\bstatus\\b/i]',
].map((selector) => ({ selector, message: "Change a pack's status with transitionPack (src/packs/pack-lifecycle.ts): it checks the move, audits it and queues what it causes." }));
/** "Published" and "listed" are asked of the policies (isPublishedPack, isListedItem and their SQL twins) or db/listed-items.ts, never spelled out again. */
const PUBLISHED_SPELLED_OUT = {
  selector: "MemberExpression[object.name='PACK_STATUS'][property.name='published']",
  message: 'Ask the policies (isPublishedPack, isListedItem, packPublishedSql, itemListedSql) or src/db/listed-items.ts whether a pack is published or an item listed.',
};
/**
 * Server layers, by file kind (docs/architecture.md). Queries (drizzle-orm) live only in repositories
 * (`*-repository.ts`, `src/read-models/`), `src/db/`, `src/policies/` (the SQL twins) and engines/adapters
 * (`*-engine.ts`, `*-provider.ts`, `*-store.ts`, `src/jobs/`, `src/storage/`, `src/media/`, `src/mail/`), plus the
 * seeding entry. Routes import services, presenters, policies and `http/` only; services never import Fastify.
 */
const QUERY_HOMES = [
  'apps/server/src/**/*-repository.ts',
  'apps/server/src/read-models/**',
  'apps/server/src/db/**',
  'apps/server/src/policies/**',
  'apps/server/src/**/*-engine.ts',
  'apps/server/src/**/*-provider.ts',
  'apps/server/src/**/*-store.ts',
  'apps/server/src/jobs/**',
  'apps/server/src/storage/**',
  'apps/server/src/media/**',
  'apps/server/src/mail/**',
  'apps/server/src/seed/**',
];
const NO_QUERIES = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Queries live in a *-repository.ts (or src/db, src/policies, an engine/adapter): docs/architecture.md.',
};
const ROUTE_IMPORTS = {
  regex: '^\\.\\.?/(?!(\\.\\./)*(http|policies)/)(?!(\\.\\./)*(app-context|files/send-stored-object|files/content-disposition)\\.ts$)(?!.*-(service|presenters?|policy)\\.ts$)',
  message: 'A route imports services, presenters, policies and src/http only: move the rest behind a *-service.ts (docs/architecture.md).',
};
const NO_FASTIFY = {
  group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-*'],
  message: 'Services never import Fastify: the route reads the request and passes plain values (docs/architecture.md).',
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
  {
    // Query keys come from each feature's key factory (`*-keys.ts`), so an invalidation cannot miss a key spelled differently.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*-keys.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'Property[key.name="queryKey"] > ArrayExpression', message: "Take the key from the feature's key factory (api/<feature>-keys.ts)." }],
    },
  },
  {
    // Domain rules of the server's code (tests set up rows as they need).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...PACK_STATUS_WRITES, PUBLISHED_SPELLED_OUT] },
  },
  {
    // Where "published" is defined (the policies, the listed SQL), moved to (the pack lifecycle) or seeded.
    files: ['apps/server/src/policies/**/*.ts', 'apps/server/src/db/listed-items.ts', 'apps/server/src/packs/**/*.ts', 'apps/server/src/seed/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/packs/pack-lifecycle-repository.ts'],
    rules: { 'no-restricted-syntax': ['error', ...PACK_STATUS_WRITES] },
  },
  {
    files: ['apps/server/src/packs/pack-lifecycle-repository.ts'],
    rules: { 'no-restricted-syntax': 'off' },
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
    // Web: never the server, and a feature's screens and components are its own. Files sit at a
    // feature's root or one folder down (api/, components/, routes/), which fixes how far `..` climbs.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO_TOOLING, NO_SERVER_IN_WEB] }] },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO_TOOLING, NO_SERVER_IN_WEB, webFeatureInternals('\\.\\./')] }] },
  },
  {
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO_TOOLING, NO_SERVER_IN_WEB, webFeatureInternals('\\.\\./\\.\\./')] }] },
  },
  {
    files: ['apps/server/src/features/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO_TOOLING, serverFeatureInternals('\\.\\./')] }] },
  },
  {
    files: ['apps/server/src/features/*/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO_TOOLING, serverFeatureInternals('\\.\\./\\.\\./')] }] },
  },
  // Server layers use typescript-eslint's twin of the rule, so their options never replace the boundaries' above.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', ...QUERY_HOMES, 'apps/server/src/features/**/*-routes.ts', '**/*-service.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_QUERIES] }] },
  },
  {
    files: ['apps/server/src/features/**/*-routes.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_QUERIES, ROUTE_IMPORTS] }] },
  },
  {
    files: ['apps/server/src/**/*-service.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_QUERIES, NO_FASTIFY] }] },
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
