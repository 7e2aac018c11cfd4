import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { decideAccess } from '@crate/contract/access';
import { forbiddenPath } from '@crate/contract/redirect-path';
import { WEB_ROUTES, type WebRoute } from '@crate/contract/web-routes';
import { USER_KINDS, type UserKind } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, signInContext } from './harness.ts';
import { currentPath, expectHeading, expectPage, navigateInApp } from './page-helpers.ts';

/**
 * Every route of WEB_ROUTES × every user kind, in a real browser against the real server:
 * rendered (its title is the page's h1 and in the document title), or sent to
 * /forbidden?redirect=<the exact original path, query and hash>.
 *
 * One browser; one context per kind. The app is loaded once per kind and each route is then opened
 * by in-app navigation (as back/forward would), so 48 routes take seconds. Deep links — a full page
 * load straight onto a guarded route, where the guard waits for the server's profile — are covered
 * per kind and access class in the second block.
 */
interface MatrixCase {
  route: WebRoute;
  /** What the browser opens: the route's example, with a query and a hash on guarded routes. */
  path: string;
  expectedPath: string;
  heading: string;
  /** On /forbidden the page also shows which path was asked for. */
  refused: boolean;
}

/** Pages that move on by themselves: logout (signs out, then /) and the tracking passthrough (no redirect given → /). */
const MOVES_TO_DISCOVER = new Set(['logout', 'metapassthrough']);

function refusedHeading(kind: UserKind): string {
  return kind === 'visitor' ? 'Sign in required' : 'No access';
}

function caseFor(kind: UserKind, route: WebRoute): MatrixCase {
  const viewer = kind === 'visitor' ? null : { roles: [kind] };
  const guarded = route.access.kind !== 'public';
  const path = guarded ? `${route.example}?ref=matrix&tab=2#details` : route.example;
  if (MOVES_TO_DISCOVER.has(route.screen)) return { route, path, expectedPath: '/', heading: 'Discover', refused: false };
  if (decideAccess(route.access, viewer) !== 'allow') return { route, path, expectedPath: forbiddenPath(path), heading: refusedHeading(kind), refused: true };
  const heading = route.screen === 'forbidden' ? refusedHeading(kind) : route.title;
  return { route, path, expectedPath: path, heading, refused: false };
}

function matrixCases(kind: UserKind): MatrixCase[] {
  // Logout signs this browser out: it runs last.
  return WEB_ROUTES.map((route) => caseFor(kind, route)).sort((a, b) => Number(a.route.screen === 'logout') - Number(b.route.screen === 'logout'));
}

function expectOutcome(page: Page, c: MatrixCase): Promise<void> {
  return expectPage(page, { path: c.expectedPath, heading: c.heading, title: `${c.heading} · Crate`, ...(c.refused ? { code: c.path } : {}) });
}

describe.skipIf(!e2eEnabled())('route × user kind matrix', () => {
  const env = e2eEnvironment();


  async function contextFor(kind: UserKind): Promise<BrowserContext> {
    const context = await env.browser.newContext();
    if (kind !== 'visitor') await signInContext(context, env.server.baseUrl, await createUser(env.server.ctx, { roles: [kind] }));
    return context;
  }

  for (const kind of USER_KINDS) {
    describe(`${kind}, in-app navigation`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        context = await contextFor(kind);
        page = await context.newPage();
        await page.goto(`${env.server.baseUrl}/`, { waitUntil: 'domcontentloaded' });
        await expectHeading(page, 'Discover');
      });
      afterAll(async () => {
        await context?.close();
      });

      test.each(matrixCases(kind).map((c) => [c.path, c] as const))('%s', async (_path, c) => {
        await navigateInApp(page, c.path);
        await expectOutcome(page, c);
      });
    });
  }

  describe('deep links (full page load onto a guarded route)', () => {
    const samples = ['account', 'creator-dashboard', 'packupload', 'admin'].map((screen) => WEB_ROUTES.find((r) => r.screen === screen)!);

    test.each(USER_KINDS.map((kind) => [kind] as const))('%s', async (kind) => {
      const context = await contextFor(kind);
      try {
        const page = await context.newPage();
        for (const route of samples) {
          const c = caseFor(kind, route);
          await page.goto(env.server.baseUrl + c.path, { waitUntil: 'domcontentloaded' });
          await expectOutcome(page, c);
          expect(currentPath(page)).toBe(c.expectedPath);
        }
      } finally {
        await context.close();
      }
    });
  });
});
