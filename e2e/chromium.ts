import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The browser of the e2e tier: Debian's chromium (installed by `.ci/run`, or `apt-get install chromium`),
 * driven by playwright-core. Nothing is ever downloaded. CHROMIUM_PATH overrides the location.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];

const chromiumAvailable = existsSync(chromiumPath);

const inCi = process.env.CI === 'true';

/**
 * Whether the e2e tier runs. Without chromium: under CI=true that is a failure (thrown at import, so
 * the run fails loudly); elsewhere the tier is skipped with a loud message saying how to enable it.
 */
export function e2eEnabled(): boolean {
  if (chromiumAvailable) return true;
  const message = `chromium not found at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`;
  if (inCi) throw new Error(`[e2e] ${message} CI=true requires the e2e tier.`);
  console.warn(`\n${'!'.repeat(100)}\n[e2e] SKIPPING the browser tier — ${message}\n${'!'.repeat(100)}\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
}
