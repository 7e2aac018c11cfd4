import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AxeResults, Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { decideAccess } from '@crate/contract/access';
import { WEB_ROUTES, type WebRoute } from '@crate/contract/web-routes';
import { USER_KINDS, type UserKind } from '../apps/server/test/factories.ts';
import { seedSmallCatalogue, type SmallCatalogue } from './catalogue-fixture.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, signInContext } from './harness.ts';
import { currentPath } from './page-helpers.ts';

/**
 * Every screen, scanned by axe-core (its WCAG 2.0–2.2 A and AA rules) as the least privileged user who may open it,
 * with real content behind its path: no serious or critical violation. A failure names the rule, its impact, the
 * first elements and axe's summary.
 */
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Pages that move on by themselves (covered where they land). */
const MOVES_ON = new Set(['logout', 'metapassthrough']);

/** The route's path with real content from the seeded catalogue where it takes an id (the rest show their empty state). */
function realPath(route: WebRoute, catalogue: SmallCatalogue): string {
  const [first] = catalogue.packs;
  switch (route.screen) {
    case 'pack':
      return `/pack/${first!.pack.id}`;
    case 'item':
      return `/item/${first!.items[0]!.slug}`;
    case 'bundle':
      return `/bundle/${catalogue.bundle.id}`;
    case 'creator-profile':
      return `/creator/${first!.pack.creator.id}`;
    case 'manageuser':
      // One account's page (the richer of the two: panels, forms and tabs) rather than the list.
      return `/manageuser/${catalogue.owner.id}`;
    case 'staffplaylist':
      return `/staffplaylist/${catalogue.discover.staff_playlists[0]!.id}`;
    case 'genres':
      return `/genres/${catalogue.discover.genres[0]!.slug}`;
    case 'packanalytics':
      return `/packanalytics/${catalogue.unpublished[0]!.id}`;
    // The curation editors with their lists, handles and previews (their index screens are simpler).
    case 'editplaylist':
      return `/editplaylist/${catalogue.discover.staff_playlists[0]!.id}`;
    case 'managebundle':
      return `/managebundle/${catalogue.bundle.id}`;
    default:
      return route.example;
  }
}

/** Who scans a route: the first of USER_KINDS (visitor first, admin last) it lets in. */
function scannerOf(route: WebRoute): UserKind {
  return USER_KINDS.find((kind) => decideAccess(route.access, kind === 'visitor' ? null : { roles: [kind] }) === 'allow')!;
}

function describeViolation(violation: Result): string {
  const nodes = violation.nodes.slice(0, 3).map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`);
  return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
}

async function seriousViolations(page: Page): Promise<Result[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Each route as its scanner, and Discover signed in as an admin too (the fullest header and account menu). */
const SCANS: { route: WebRoute; kind: UserKind }[] = [
  ...WEB_ROUTES.filter((route) => !MOVES_ON.has(route.screen)).map((route) => ({ route, kind: scannerOf(route) })),
  { route: WEB_ROUTES[0], kind: 'admin' },
];

describe.skipIf(!e2eEnabled())('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  const env = e2eEnvironment();
  let catalogue: SmallCatalogue;
  const contexts = new Map<UserKind, BrowserContext>();

  beforeAll(async () => {
    catalogue = await seedSmallCatalogue(env.server, { packs: 3, itemsPerPack: 4 });
    for (const kind of new Set(SCANS.map((scan) => scan.kind))) {
      // bypassCSP: the page's policy would refuse axe's injected script.
      const context = await env.browser.newContext({ bypassCSP: true, extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
      // The creator is the catalogue's owner: their studio screens show their own packs.
      const user = kind === 'visitor' ? null : kind === 'creator' ? catalogue.owner : await createUser(env.server.ctx, { roles: [kind] });
      if (user) await signInContext(context, env.server.baseUrl, user);
      contexts.set(kind, context);
    }
  });
  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  test.each(SCANS.map((scan) => [scan.route.screen, scan.kind, scan.route] as const))('%s as %s', async (_screen, kind, route) => {
    const page = await contexts.get(kind)!.newPage();
    try {
      await page.goto(env.server.baseUrl + realPath(route, catalogue));
      await page.locator('h1').first().waitFor();
      // Scrolled through (sections below the fold render near the viewport), loading states gone: the scan sees the
      // whole screen as a person reads it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]') === null, undefined, { timeout: 10_000 });
      const violations = await seriousViolations(page);
      expect(violations.length, `${currentPath(page)} as ${kind}:\n${violations.map(describeViolation).join('\n')}`).toBe(0);
    } finally {
      await page.close();
    }
  });
});
