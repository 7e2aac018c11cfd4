import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFilePath } from '../src/backup/data-dir-lock.ts';
import { createBackup } from '../src/backup/create-backup.ts';
import { restoreBackup } from '../src/backup/restore-backup.ts';
import { creditLedger, files, packs, users } from '../src/db/schema/index.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import type { AppContext } from '../src/app-context.ts';
import { call } from './auth-helpers.ts';
import { createCreator, createItems, createPack, givePreview } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB } from './test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** Everything a person would miss after a bad restore: accounts, packs, the credit ledger, and every stored file's bytes. */
async function inventory(ctx: AppContext) {
  const fileRows = await ctx.db.select().from(files).orderBy(asc(files.id));
  const fileHashes: Record<string, string> = {};
  for (const row of fileRows) {
    const stored = await ctx.storage.get(row.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    fileHashes[row.storageKey] = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
  }
  return {
    users: await ctx.db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.id)),
    packs: await ctx.db.select({ id: packs.id, title: packs.title, status: packs.status }).from(packs).orderBy(asc(packs.id)),
    ledger: await ctx.db.select({ id: creditLedger.id, userId: creditLedger.userId, amount: creditLedger.amount, kind: creditLedger.kind }).from(creditLedger).orderBy(asc(creditLedger.id)),
    files: fileRows.map((row) => ({ id: row.id, storageKey: row.storageKey, size: row.size })),
    fileHashes,
  };
}

describe.skipIf(TEST_DB !== 'pglite')('npm run backup / npm run restore of the embedded default', () => {
  let work: string;
  let sourceDir: string;
  let archive: string;
  let before: Awaited<ReturnType<typeof inventory>>;
  let buyer: TestUser;
  let profileBefore: { email: string; credits: number };
  const canary = `backup-canary-${randomUUID()}`;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'crate-backup-'));
    sourceDir = path.join(work, 'data');
    await mkdir(sourceDir);
    const source = await createTestApp({}, { embeddedIn: sourceDir });
    const { ctx } = source;
    buyer = await createUser(ctx, { roles: ['subscriber'] });
    const maker = await createUser(ctx, { roles: ['creator'] });
    const creator = await createCreator(ctx, maker.id);
    for (const title of ['Dusty Keys', 'Night Drums']) {
      const pack = await createPack(ctx, creator.id, { title });
      for (const item of await createItems(ctx, pack, 2)) await givePreview(ctx, item);
    }
    await createFileFromUpload(ctx, { body: Buffer.from(canary), originalName: 'cover.png', contentType: 'image/png' });
    await ctx.db.insert(creditLedger).values([
      { userId: buyer.id, kind: 'grant', amount: 100, idempotencyKey: `grant-${randomUUID()}`, reason: 'Plan credits' },
      { userId: buyer.id, kind: 'spend', amount: -7, idempotencyKey: `spend-${randomUUID()}`, reason: 'A sound' },
    ]);
    before = await inventory(ctx);
    profileBefore = (await call(source, 'GET', '/api/profile', undefined, { cookie: buyer.cookie })).json();
    await source.close();
    archive = path.join(work, 'backups', 'crate.zip');
  }, 120_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('refuses while a server holds the data folder, saying to stop it first', async () => {
    // The lock a running server writes, naming a live process other than this one (the test runner's parent).
    await writeFile(lockFilePath(sourceDir), `${process.ppid}\n`);
    await expect(createBackup({ dataDir: sourceDir, out: archive, now: new Date() })).rejects.toThrow(`Crate is running on ${sourceDir} (process ${process.ppid}). Stop it first`);
    await rm(lockFilePath(sourceDir));
  });

  it('writes one zip whose manifest counts the users, packs, ledger entries and files, with a checksum for each file', async () => {
    const manifest = await createBackup({ dataDir: sourceDir, out: archive, now: new Date('2026-11-28T10:00:00Z') });
    expect(manifest.counts).toEqual({ users: 2, packs: 2, items: 4, ledgerEntries: 2, storedFiles: before.files.length });
    expect(manifest.schema.appliedMigrations).toBeGreaterThan(0);
    expect(manifest.schema.latestMigration).toMatch(/^\d{4}_/);
    const listed = manifest.files.map((file) => file.path);
    expect(listed).toContain('auth-secret');
    for (const { storageKey } of before.files) expect(listed).toContain(`files/${storageKey}`);
    expect(listed.some((file) => file.startsWith('pglite/'))).toBe(true);
    expect(await readdir(path.dirname(archive))).toEqual(['crate.zip']);
  });

  it('restores into a fresh folder on which Crate starts and finds every user, pack, ledger row and file, sessions included', async () => {
    const restoredDir = path.join(work, 'restored');
    const { manifest, keptAside } = await restoreBackup({ archive, dataDir: restoredDir, force: false, now: new Date() });
    expect(keptAside).toBeNull();
    expect(manifest.counts.users).toBe(2);
    const restored = await createTestApp({}, { embeddedIn: restoredDir });
    try {
      expect(await inventory(restored.ctx)).toEqual(before);
      // The same sign-in secret and sessions: a person signed in before the backup still is.
      const profile = await call(restored, 'GET', '/api/profile', undefined, { cookie: buyer.cookie });
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.json()).toMatchObject({ email: buyer.email, credits: profileBefore.credits });
      expect(profileBefore.credits).toBeGreaterThan(0);
      const login = await call(restored, 'POST', '/api/auth/login', { email: buyer.email, password: buyer.password });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('will not restore over a folder that holds something unless forced, and then keeps the old contents aside', async () => {
    const target = path.join(work, 'occupied');
    await mkdir(target);
    await writeFile(path.join(target, 'notes.txt'), 'mine');
    await expect(restoreBackup({ archive, dataDir: target, force: false, now: new Date() })).rejects.toThrow(`${target} is not empty. Restore into a new folder`);
    expect(await readdir(target)).toEqual(['notes.txt']);

    const { keptAside } = await restoreBackup({ archive, dataDir: target, force: true, now: new Date('2026-11-28T11:00:00Z') });
    expect(keptAside).toBe(`${target}.before-restore-2026-11-28T11-00-00-000Z`);
    expect(await readFile(path.join(keptAside!, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await readdir(target)).toEqual(expect.arrayContaining(['auth-secret', 'files', 'pglite']));
  }, 60_000);

  it('refuses a damaged archive and leaves nothing behind', async () => {
    const bytes = await readFile(archive);
    const at = bytes.indexOf(canary);
    expect(at).toBeGreaterThan(0);
    // Files are stored uncompressed, so the canary's bytes are in the zip as they are: change one.
    bytes[at] = 'B'.charCodeAt(0);
    const damaged = path.join(work, 'damaged.zip');
    await writeFile(damaged, bytes);
    const target = path.join(work, 'from-damaged');
    await expect(restoreBackup({ archive: damaged, dataDir: target, force: false, now: new Date() })).rejects.toThrow(/does not match its manifest checksum: the backup is damaged/);
    expect((await readdir(work)).filter((name) => name.startsWith('from-damaged'))).toEqual([]);
  }, 60_000);
});

describe('npm run backup with PostgreSQL', () => {
  it('refuses and points at pg_dump, since the data is not in a folder', async () => {
    const result = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/backup/backup-cli.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in result && result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL is set');
    expect(result.stderr).toContain('pg_dump');
  }, 30_000);
});
