import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { StudioPack } from '@crate/contract/studio-packs';
import { items, licences, uploadReservations } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { call, freshAddress } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { tusCreate, tusHead, tusMetadata } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * The hostile-input tier for file endpoints (issue 26, finding 4; docs/decisions/0032): every endpoint of the API
 * table that answers a file or speaks tus and names an object in its path — so one added there fails here until
 * it has a fixture (or a reason it needs none) — is asked for an object of the caller's own
 * ("mine") with another object ("theirs", one they may not have) smuggled into a query string, an extra
 * segment, an encoded slash or a `..`. The answer is refused, or exactly the answer for mine; never theirs.
 * Upload addresses take no query string at all (400), and the upload behind them is left as it was.
 */
const fill = (path: string, values: Record<string, string>) => path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name]!);

/** The addresses that name `mine` to the router and `theirs` to anything reading the end of the URL or its query. */
function smuggled(path: string, mine: Record<string, string>, theirs: Record<string, string>): { url: string; query: boolean }[] {
  const plain = fill(path, mine);
  const tail = fill(path, theirs).split('/').pop()!;
  const named = Object.entries(theirs).map(([name, value]) => ({ url: `${plain}?${name}=${encodeURIComponent(value)}`, query: true }));
  return [
    { url: `${plain}?x=/${tail}`, query: true },
    { url: `${plain}?/${fill(path, theirs)}`, query: true },
    ...named,
    { url: `${plain}/${tail}`, query: false },
    { url: `${plain}%2F${tail}`, query: false },
    { url: `${plain};/${tail}`, query: false },
    { url: `${plain}/..%2F${tail}`, query: false },
    { url: `${plain}%2F..%2F${tail}`, query: false },
  ];
}

/** The file endpoints that name an object in their path; a GET is asked with HEAD too. */
const FILE_ENDPOINTS = Object.entries(API as Record<string, Endpoint>).filter(([, e]) => e.reply && e.path.includes(':'));
const methodsOf = (e: Endpoint) => (e.method === 'GET' ? (['GET', 'HEAD'] as const) : [e.method]);

/** File endpoints covered elsewhere, and why: each is a file of one object whose check is the JSON twin's. */
const COVERED_ELSEWHERE: Record<string, string> = {
  downloadSplitSheetPdf: "an agreed release's split sheet: its producer and writers only, anyone else 404 (releases.int.test.ts)",
  exportItemAnalytics: "analytics CSVs: another creator's item is refused before a byte is written (analytics-exports.int.test.ts; OBJECT_RULES)",
  exportPackAnalytics: "analytics CSVs: another creator's pack is refused before a byte is written (analytics-exports.int.test.ts; OBJECT_RULES)",
  playApplicationDemo: "a demo's preview: the applicant and admins only (creator-applications.int.test.ts)",
  playPackFileForReview: 'admins only, who may audition every pack: there is no other object to reach (pack-review.int.test.ts)',
  downloadEarningsStatementPdf: "a month names no one's line: the statement is always the caller's own, another payee's never (creator-earnings.int.test.ts)",
  downloadEarningsStatementCsv: "a month names no one's line: the statement is always the caller's own, another payee's never (creator-earnings.int.test.ts)",
  downloadAffiliateStatementPdf: "a month names no one's line: the statement is always the caller's own affiliate line, another payee's never (affiliate-commissions.int.test.ts)",
  downloadAffiliateStatementCsv: "a month names no one's line: the statement is always the caller's own affiliate line, another payee's never (affiliate-commissions.int.test.ts)",
  downloadAffiliateMonths: "names no one: the months are always the caller's own commissions (affiliates.int.test.ts)",
  exportMonthlyPayout: 'admins only, who may read every month: there is no other object to reach (payout-admin.int.test.ts)',
  metrics: "names no object: the process's own metrics, behind the metrics token (observability.int.test.ts)",
};

interface RouteFixture {
  /** Path parameters of an object the caller (B) may have, and of one they may not (A's). */
  mine: Record<string, string>;
  theirs: Record<string, string>;
  /** Headers a real request of this route carries (tus). */
  headers?: Record<string, string>;
  /** What must still hold of theirs after every attempt. */
  intact?: () => Promise<void>;
}

describe(`file routes never reach another object through a query string or an extra segment, on ${TEST_DB}`, () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  const fixtures: Record<string, RouteFixture> = {};
  let bPack: string;

  const send = (request: InjectOptions, user: TestUser) => t.app.inject({ ...request, remoteAddress: freshAddress(), headers: { ...request.headers, cookie: user.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, a.id);
    b = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, b.id);
    const maker = await createUser(t.ctx, { roles: ['creator'] });
    const seller = await createCreator(t.ctx, maker.id);

    // A published pack per buyer, each sound with its own bytes; A and B each get one, so each holds a pack and a certificate.
    const soundIn = async () => {
      const pack = await createPack(t.ctx, seller.id, { status: PACK_STATUS.published });
      const [sound] = await createItems(t.ctx, pack, 1, { creditCost: 1 });
      const file = await createFileFromUpload(t.ctx, { body: randomBytes(4000), originalName: 'take.wav', contentType: 'audio/wav', kind: 'Sample audio', packId: pack.id, itemId: sound!.id });
      await t.ctx.db.update(items).set({ audioFileId: file.id }).where(eq(items.id, sound!.id));
      return { packId: pack.id, itemId: sound!.id };
    };
    const getIt = async (user: TestUser, itemId: string) => {
      await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 5, reason: 'plan', idempotencyKey: `grant:${randomUUID()}`, expiresAt: null });
      expect((await call(t, 'POST', '/api/acquisitions', { target: 'item', id: itemId, idempotency_key: randomUUID() }, { cookie: user.cookie })).statusCode).toBe(200);
      const [licence] = await t.ctx.db.select({ number: licences.certificateNumber }).from(licences).where(eq(licences.itemId, itemId));
      return licence!.number;
    };
    const [bought, theirsBought] = [await soundIn(), await soundIn()];
    const [myNumber, theirNumber] = [await getIt(b, bought.itemId), await getIt(a, theirsBought.itemId)];
    fixtures.downloadItem = { mine: { id: bought.itemId }, theirs: { id: theirsBought.itemId } };
    fixtures.downloadPack = { mine: { id: bought.packId }, theirs: { id: theirsBought.packId } };
    fixtures.downloadLicencePdf = { mine: { number: myNumber }, theirs: { number: theirNumber } };

    // Art each of them uploaded and attached to nothing yet: only its uploader sees it.
    const art = async (user: TestUser) => {
      const source = await createFileFromUpload(t.ctx, { body: randomBytes(3000), originalName: 'art.png', contentType: 'image/png', ownerUserId: user.id });
      await createFileFromUpload(t.ctx, { body: randomBytes(2000), originalName: 'art.jpg', contentType: 'image/jpeg', ownerUserId: user.id, derivedFromFileId: source.id, variant: 'cover-250x250' });
      return { fileId: source.id, variant: 'cover-250x250' };
    };
    fixtures.getMedia = { mine: await art(b), theirs: await art(a) };

    const newPack = async (user: TestUser) => ((await call(t, 'POST', '/api/studio/packs', { title: 'Night Drums', genres: ['trap'] }, { cookie: user.cookie })).json() as StudioPack).id;
    bPack = await newPack(b);
    const idOf = (res: LightMyRequestResponse) => (res.headers.location as string).split('/').pop()!;
    const mineUpload = idOf(await tusCreate(t, b.cookie, { packId: bPack, relativePath: 'Mine.wav' }, 3000));
    const theirsAt = (await tusCreate(t, a.cookie, { packId: await newPack(a), relativePath: 'Theirs.wav' }, 2000)).headers.location as string;
    const upload: RouteFixture = {
      mine: { id: mineUpload },
      theirs: { id: idOf({ headers: { location: theirsAt } } as unknown as LightMyRequestResponse) },
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      intact: async () => {
        const head = await tusHead(t, a.cookie, theirsAt);
        expect([head.statusCode, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([200, '0', '2000']);
      },
    };
    Object.assign(fixtures, { getUploadOffset: upload, continueUpload: upload, cancelUpload: upload });
  });
  afterAll(() => t.close());

  it.each(FILE_ENDPOINTS)('%s has a fixture here, or is covered elsewhere', (name) => {
    expect(name in fixtures || name in COVERED_ELSEWHERE, `${name}: add its fixture (an object of B's and one of A's) in beforeAll, or say in COVERED_ELSEWHERE why it needs none`).toBe(true);
  });

  describe.each(FILE_ENDPOINTS.filter(([name]) => !(name in COVERED_ELSEWHERE)))('%s', (name, endpoint) => {
    const { path } = endpoint;
    it.each([...methodsOf(endpoint)])(`%s ${path}: refused, or the answer for the caller's own object — never the other's`, async (method) => {
      const { mine, theirs, headers = {}, intact } = fixtures[name]!;
      const request = (url: string): InjectOptions => ({ method, url, headers, ...(method === 'PATCH' ? { payload: Buffer.alloc(16, 0x58) } : {}) });
      // What B gets for their own (read-only methods: mutating mine would change the answer to compare with).
      const own = method === 'GET' || method === 'HEAD' ? await send(request(fill(path, mine)), b) : null;
      if (own) expect(own.statusCode, `${method} ${fill(path, mine)}: ${own.body.slice(0, 200)}`).toBeLessThan(300);
      const isUpload = endpoint.reply?.kind === 'tus';

      for (const { url, query } of smuggled(path, mine, theirs)) {
        const res = await send(request(url), b);
        const at = `${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, at).toBeLessThan(500);
        if (isUpload && query) expect(res.statusCode, at).toBe(400);
        if (res.statusCode >= 400) continue;
        // Served: it must be mine — the same name and validators, and for a stored file the same bytes (a zip
        // or a PDF is made afresh each time, and its name tells whose it is).
        expect(own, at).not.toBeNull();
        expect(res.statusCode, at).toBe(own!.statusCode);
        for (const header of ['etag', 'content-disposition', 'content-type', 'upload-length']) expect(res.headers[header], `${at} ${header}`).toBe(own!.headers[header]);
        if (own!.headers.etag) expect(res.rawPayload.equals(own!.rawPayload), at).toBe(true);
      }
      await intact?.();
    });
  });

  it(`POST ${API.createUpload.path}: refuses a query string or anything after the path, and opens no upload`, async () => {
    const headers = { 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': tusMetadata({ packId: bPack, relativePath: 'Kick.wav' }) };
    const before = await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.packId, bPack));
    const base = API.createUpload.path;
    const theirs = fixtures.cancelUpload!.theirs.id;
    for (const url of [`${base}?x=1`, `${base}?/${theirs}`, `${base}/`, `${base};x`, `${base}%2F${theirs}`]) {
      const res = await send({ method: 'POST', url, headers }, b);
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      if (url.includes('?')) expect(res.statusCode, url).toBe(400);
    }
    expect(await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.packId, bPack))).toEqual(before);
  });
});
