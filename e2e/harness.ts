import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { BrowserContext } from 'playwright-core';
import type { Role } from '@crate/contract/roles';
import { SIGNED_IN_HINT_COOKIE } from '@crate/contract/signed-in-hint';
import { buildApp } from '../apps/server/src/app.ts';
import type { AppContext } from '../apps/server/src/app-context.ts';
import type { Clock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/create-context.ts';
import { userRoles, users } from '../apps/server/src/db/schema/index.ts';
import { createUser, type TestUser } from '../apps/server/test/factories.ts';

export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

export interface E2eServer {
  baseUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real product in-process: the built web app (apps/web/dist, built beforehand by `npm run build`)
 * served by the real API on a random port, on a fresh PGlite database in a temp DATA_DIR, no demo seed,
 * mail to the outbox through the real job queue.
 */
export interface StartServerOptions {
  /**
   * The server's ctx.clock (payout months, earnings, sign-in throttling, the public cache), e.g. a ManualClock a
   * test moves to the next month. Sessions, the job queue and the database keep real time.
   */
  clock?: Clock;
}

export async function startServer(options: StartServerOptions = {}): Promise<E2eServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`[e2e] ${WEB_DIST}/index.html is missing: run \`npm run build\` first (the test script does).`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    // TRUST_PROXY: the browser may name its client address (X-Forwarded-For), see freshAddress().
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' } as NodeJS.ProcessEnv,
    { database: { kind: 'pglite', dir: null }, webDist: WEB_DIST },
  );
  const ctx = await createContext(config, pino({ level: 'silent' }));
  if (options.clock) ctx.clock = options.clock;
  ctx.jobs.handleWith(ctx);
  const app = await buildApp(ctx);
  await app.listen({ port, host: '127.0.0.1' });
  ctx.jobs.start({ pollIntervalMs: 100 });
  return {
    baseUrl,
    ctx,
    app,
    dataDir,
    async close() {
      await app.close();
      await ctx.jobs.stop();
      await ctx.database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A signed-in browser: the factory's session cookie, set for our origin, with the hint cookie the server sets
 * beside every session it gives a browser (contract: signed-in-hint.ts).
 */
export async function signInContext(context: BrowserContext, baseUrl: string, user: TestUser): Promise<void> {
  const cookies = user.cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseUrl };
    });
  await context.addCookies([...cookies, { name: SIGNED_IN_HINT_COOKIE, value: '1', url: baseUrl }]);
}

export { createUser };

/** Replaces a user's roles straight in the database and bumps claims_updated_at, as an admin change would. */
export async function setRolesInDb(ctx: AppContext, userId: string, roles: Role[]): Promise<void> {
  await ctx.db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roles.length > 0) await ctx.db.insert(userRoles).values(roles.map((role) => ({ userId, role })));
  await ctx.db.update(users).set({ claimsUpdatedAt: new Date() }).where(eq(users.id, userId));
}

/** The newest .eml in DATA_DIR/outbox addressed to `email` and containing `mustContain` (waits for the mail job), as text. */
export async function newestMailTo(server: E2eServer, email: string, mustContain: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await server.ctx.jobs.drain();
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const mail = decodeMail(await readFile(path.join(dir, name), 'utf8'));
      if (mail.toLowerCase().includes(`to: ${email.toLowerCase()}`) && mail.includes(mustContain)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`[e2e] no e-mail to ${email} containing "${mustContain}" in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Undo quoted-printable soft breaks and escapes so links read whole. */
function decodeMail(raw: string): string {
  if (!/content-transfer-encoding: quoted-printable/i.test(raw)) return raw;
  return Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** The first link to `page` (e.g. /resetpassword) in an e-mail, as a path with its query. */
export function linkTo(mail: string, page: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${page}\\?[^\\s"<>]+`).exec(mail);
  if (!match) throw new Error(`[e2e] no ${page} link in:\n${mail}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

let addressCounter = 0;

/**
 * A client address of its own (the server trusts X-Forwarded-For, as behind a proxy). Login and
 * register are rate-limited per address, so each browser context speaks from its own unless a test
 * is about the limit.
 */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.250.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}
