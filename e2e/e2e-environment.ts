import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { startServer, type E2eServer, type StartServerOptions } from './harness.ts';

/** The real product and a Chromium, shared by the tests of one file. */
export interface E2eEnvironment {
  readonly server: E2eServer;
  readonly browser: Browser;
}

/**
 * Starts the product and Chromium together before the file's tests and closes both after them. Call it
 * first in the describe block: hooks registered after it (seeding, contexts) run once both are up, and
 * their afterAll runs before both close.
 */
export function e2eEnvironment(options: StartServerOptions = {}): E2eEnvironment {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('[e2e] the environment is used before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
