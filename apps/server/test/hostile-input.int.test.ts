import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decideAccess } from '@crate/contract/access';
import { API, type Endpoint, type EndpointName } from '@crate/contract/api-endpoints';
import { CALLABLE_NAMES } from '@crate/contract/callable';
import { RATE_LIMITS } from '@crate/contract/rate-limits';
import { freshAddress } from './auth-helpers.ts';
import { datesOf, HOSTILE_DATES, hostileRanges, keysOf, objectAt } from './date-fields.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * The hostile-input tier, generated from the contract's API table: every endpoint is called with NUL
 * bytes, over-long and wrongly typed values, malformed cursors, other spellings of its path and a
 * foreign Origin. Whatever comes in, the answer is a 4xx JSON error in the project's shape — never a
 * 5xx, never a 2xx for a caller the endpoint refuses — and the server stays healthy. An endpoint
 * added to the table is covered the moment it is declared.
 */
const ENDPOINTS = Object.entries(API as Record<string, Endpoint>);
const UUID = '00000000-0000-4000-8000-000000000000';
const NUL = 'a\u0000b';
const FOREIGN_ORIGIN = 'https://evil.example';

/**
 * What an answer must be: exactly 400 naming the field; any client error; 403 CSRF_REJECTED; or, for a
 * value that may be valid after all (`true` for a flag, `..` as a slug), anything but a server error.
 */
type Expectation = { kind: 'badField'; field: string } | { kind: 'clientError' } | { kind: 'csrf' } | { kind: 'noServerError' };

interface HostileCase {
  label: string;
  request: InjectOptions;
  expect: Expectation;
}

const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
const fill = (path: string, values: Record<string, string> = {}) => path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? UUID);
const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Cursors that are not ours whatever the list: not base64 JSON, the wrong shape, a value of no sortable type, a forged id, a NUL. */
const MALFORMED_CURSORS = ['%%%', 'bm90IGpzb24', base64Json({ a: 1 }), base64Json([1, 2, 3]), base64Json([{}, UUID]), base64Json([true, UUID]), base64Json([2 ** 53, 'x']), base64Json(['a\u0000', UUID]), base64Json([null, `${UUID}'--`])];
/** Cursors whose value is wrong for some lists only (a date that does not exist is still a valid name to sort after). */
const SUSPECT_CURSORS = [base64Json(['2026-02-30T00:00:00Z', UUID]), base64Json(['yesterday', UUID]), base64Json([-1, UUID]), base64Json(['1e999', UUID])];

/** Values of the wrong JSON type for any field: every body field is a string, number, boolean, array or object, never all. */
const WRONG_TYPES: unknown[] = [12345, true, null, ['x'], { nested: { deeper: ['x'] } }, 1e308, -1];

/** The spellings of a path that a router or a proxy may treat as the same, or not. */
function respellings(path: string): string[] {
  const rest = path.slice('/api'.length);
  return [`/%61pi${rest}`, `/API${rest}`, `//api${rest}`, `/api/${rest}`, `${path}/`, `${path}.`, `${path}%2F`, `${path};x`, `/api/..${rest}`, `/api/%2e%2e${rest}`];
}

function hostileCases(endpoint: Endpoint): HostileCase[] {
  const cases: HostileCase[] = [];
  const { method, path } = endpoint;
  const safe = method === 'GET' || method === 'HEAD';
  const withBody = safe ? {} : { payload: {} };
  const add = (label: string, request: Omit<InjectOptions, 'method'>, expectation: Expectation) => cases.push({ label, request: { method, ...withBody, ...request }, expect: expectation });

  for (const name of paramNames(path)) {
    add(`NUL in :${name}`, { url: fill(path, { [name]: encodeURIComponent(NUL) }) }, { kind: 'badField', field: name });
    add(`over-long :${name}`, { url: fill(path, { [name]: 'x'.repeat(300) }) }, { kind: 'clientError' });
    add(`:${name} past the router's limit`, { url: fill(path, { [name]: 'x'.repeat(5000) }) }, { kind: 'clientError' });
    for (const odd of ['%FF', '%E0%A4%A', '%20', '..', '-1', '%22%27%3B--', '%F0%9F%92%A9']) add(`:${name} = ${odd}`, { url: fill(path, { [name]: odd }) }, { kind: 'noServerError' });
  }

  const queryKeys = endpoint.query ? Object.keys(endpoint.query.shape) : [];
  for (const key of queryKeys) {
    const url = fill(path);
    add(`NUL in ?${key}`, { url: `${url}?${key}=${encodeURIComponent(NUL)}` }, { kind: 'badField', field: key });
    add(`over-long ?${key}`, { url: `${url}?${key}=${'x'.repeat(3000)}` }, { kind: 'clientError' });
    add(`?${key} as an object`, { url: `${url}?${key}[a]=1` }, { kind: 'clientError' });
    add(`?${key} as a huge number`, { url: `${url}?${key}=1e400` }, { kind: 'noServerError' });
  }
  if (queryKeys.includes('cursor')) {
    for (const cursor of MALFORMED_CURSORS) {
      const expectation: Expectation = paramNames(path).length === 0 ? { kind: 'badField', field: 'cursor' } : { kind: 'clientError' };
      add(`malformed cursor ${cursor.slice(0, 24)}`, { url: `${fill(path)}?cursor=${encodeURIComponent(cursor)}` }, expectation);
    }
    for (const cursor of SUSPECT_CURSORS) add(`suspect cursor ${cursor.slice(0, 24)}`, { url: `${fill(path)}?cursor=${encodeURIComponent(cursor)}` }, { kind: 'noServerError' });
  }
  add('an unknown query parameter holding a NUL', { url: `${fill(path)}?zz=${encodeURIComponent(NUL)}` }, { kind: 'clientError' });

  // Every date the contract lets in (date-fields.ts finds them in the schemas): far-future, year 0, and for a
  // range reversed, far-future and over-long. A query names the field; a body may name another field it lacks first.
  const dates = datesOf(endpoint);
  for (const field of dates.fields) {
    for (const { label, value } of HOSTILE_DATES[field.kind]) {
      const name = field.path.join('.');
      if (field.where === 'query') add(`${label} in ?${name}`, { url: `${fill(path)}?${name}=${encodeURIComponent(value)}` }, { kind: 'badField', field: name });
      else add(`${label} in body.${name}`, { url: fill(path), payload: objectAt(field.path, value) as object }, { kind: 'clientError' });
    }
  }
  for (const range of dates.ranges) {
    for (const { label, from, to } of hostileRanges(range)) {
      if (range.where === 'query') add(`${label} in ?${range.from}&${range.to}`, { url: `${fill(path)}?${range.from}=${from}&${range.to}=${to}` }, { kind: 'badField', field: range.from });
      else add(`${label} in body`, { url: fill(path), payload: objectAt(range.path, { [range.from]: from, [range.to]: to }) as object }, { kind: 'clientError' });
    }
  }

  if (endpoint.body) {
    const url = fill(path);
    const keys = endpoint.body instanceof z.ZodObject ? Object.keys(endpoint.body.shape) : [];
    for (const key of keys) {
      add(`NUL in body.${key}`, { url, payload: { [key]: NUL } }, { kind: 'badField', field: key });
      add(`NUL nested in body.${key}`, { url, payload: { [key]: { inner: [NUL] } } }, { kind: 'badField', field: `${key}.inner.0` });
      add(`lone surrogate in body.${key}`, { url, headers: { 'content-type': 'application/json' }, payload: `{"${key}":"\\ud800x"}` }, { kind: 'badField', field: key });
      add(`over-long body.${key}`, { url, payload: { [key]: 'x'.repeat(20_000) } }, { kind: 'clientError' });
      for (const wrong of WRONG_TYPES) add(`body.${key} = ${JSON.stringify(wrong).slice(0, 20)}`, { url, payload: { [key]: wrong } as object }, { kind: 'noServerError' });
    }
    add('NUL in a body key', { url, payload: { [NUL]: 1 } }, { kind: 'clientError' });
    for (const raw of ['[]', '"text"', 'null', '123', '{"__proto__":{"admin":true}}', '{"a":1,"a":2', '\u0000']) {
      add(`body ${JSON.stringify(raw)}`, { url, headers: { 'content-type': 'application/json' }, payload: raw }, { kind: 'clientError' });
    }
    add('a text/plain body', { url, headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.c' }, { kind: 'clientError' });
    add('a body over the limit', { url, payload: { x: 'x'.repeat(200 * 1024) } }, { kind: 'clientError' });
  }

  if (!safe) {
    for (const url of [fill(path), ...respellings(fill(path))]) {
      add(`${url} from a foreign Origin`, { url, headers: { origin: FOREIGN_ORIGIN } }, { kind: 'csrf' });
      add(`${url} from Origin null`, { url, headers: { origin: 'null' } }, { kind: 'csrf' });
      add(`${url} with a foreign Referer`, { url, headers: { referer: `${FOREIGN_ORIGIN}/page` } }, { kind: 'csrf' });
    }
  }
  return cases;
}

interface RawCase {
  label: string;
  request: Omit<InjectOptions, 'method'>;
  /** The exact status when it matters (a CSRF refusal is 403 whoever calls). */
  status?: number;
}

/** Hostile requests for a path with `:params`: NUL, over-long, odd and unknown values in each, and other spellings. */
function rawParamCases(path: string, valid: Record<string, string>): RawCase[] {
  const cases: RawCase[] = [];
  for (const name of paramNames(path)) {
    for (const [label, value] of [['NUL', encodeURIComponent(NUL)], ['over-long', 'x'.repeat(300)], ['past the router limit', 'x'.repeat(5000)], ['%FF', '%FF'], ['..', '..'], ['quote', '%22%27%3B--'], ['unknown', 'zz-unknown']] as const) {
      cases.push({ label: `:${name} ${label}`, request: { url: fill(path, { ...valid, [name]: value }) } });
    }
  }
  return cases;
}

const CALLABLE_PATH = '/api/fn/:name';
const callableCases = (name: string): RawCase[] => {
  const url = fill(CALLABLE_PATH, { name });
  const json = { 'content-type': 'application/json' };
  return [
    ...rawParamCases(CALLABLE_PATH, { name }).map((c) => ({ ...c, request: { ...c.request, payload: { data: {} } } })),
    ...['[]', '"text"', 'null', '123', '{"__proto__":{"admin":true}}', '{"data":1,"data":2', '\u0000', '{"data":{},"extra":1}', '{}'].map((raw) => ({ label: `body ${JSON.stringify(raw)}`, request: { url, headers: json, payload: raw } })),
    { label: 'NUL in data', request: { url, payload: { data: { path: NUL, title: NUL } } } },
    { label: 'lone surrogate in data', request: { url, headers: json, payload: '{"data":{"path":"\\ud800x"}}' } },
    { label: 'data of the wrong type', request: { url, payload: { data: [1, { nested: ['x'] }] } } },
    { label: 'a text/plain body', request: { url, headers: { 'content-type': 'text/plain' }, payload: '{"data":{}}' } },
    { label: 'a body over the limit', request: { url, payload: { data: { path: 'x'.repeat(200 * 1024) } } } },
    ...[url, ...respellings(url)].flatMap((spelled) => [
      { label: `${spelled} from a foreign Origin`, request: { url: spelled, payload: { data: {} }, headers: { origin: FOREIGN_ORIGIN } }, status: 403 },
      { label: `${spelled} with a foreign Referer`, request: { url: spelled, payload: { data: {} }, headers: { referer: `${FOREIGN_ORIGIN}/x` } }, status: 403 },
    ]),
  ];
};

const MEDIA_PATH = API.getMedia.path;
const mediaCases: RawCase[] = [
  ...rawParamCases(MEDIA_PATH, { fileId: UUID, variant: 'cover-250x250' }),
  { label: 'a file that does not exist', request: { url: fill(MEDIA_PATH, { variant: 'cover-250x250' }) }, status: 404 },
  { label: 'the original asked for as a variant', request: { url: fill(MEDIA_PATH, { variant: 'original' }) } },
  ...respellings(fill(MEDIA_PATH, { variant: 'cover-250x250' })).map((url) => ({ label: url, request: { url } })),
  { label: 'a Range past the end', request: { url: fill(MEDIA_PATH, { variant: 'cover-250x250' }), headers: { range: 'bytes=999999999-' } } },
];

const downloadCases = (routePath: string): RawCase[] => [
  ...rawParamCases(routePath, { id: UUID }),
  { label: 'something that does not exist', request: { url: fill(routePath) } },
  ...respellings(fill(routePath)).map((url) => ({ label: url, request: { url } })),
  { label: 'a Range past the end', request: { url: fill(routePath), headers: { range: 'bytes=999999999-' } } },
];

const UPLOADS = API.createUpload.path;
const TUS = { 'tus-resumable': '1.0.0' };
/** tus's Upload-Metadata: `key base64(value)` pairs. */
const tusMetadata = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`).join(',');
const wavUpload = (values: Record<string, string>, length = '1000') => ({ url: UPLOADS, headers: { ...TUS, 'upload-length': length, 'upload-metadata': tusMetadata(values) } });
const uploadCreateCases: RawCase[] = [
  { label: 'no Tus-Resumable header', request: { url: UPLOADS, headers: { 'upload-length': '10' } } },
  { label: 'no Upload-Length', request: { url: UPLOADS, headers: { ...TUS, 'upload-metadata': tusMetadata({ packId: UUID, relativePath: 'a.wav' }) } } },
  ...['-1', 'NaN', '1e3', '99999999999999999999999'].map((length) => ({ label: `Upload-Length ${length}`, request: wavUpload({ packId: UUID, relativePath: 'a.wav' }, length) })),
  { label: 'no metadata', request: { url: UPLOADS, headers: { ...TUS, 'upload-length': '10' } } },
  { label: 'metadata that is not base64', request: { url: UPLOADS, headers: { ...TUS, 'upload-length': '10', 'upload-metadata': 'packId %%%,relativePath ***' } } },
  { label: 'a pack id that is not one', request: wavUpload({ packId: 'x', relativePath: 'a.wav' }) },
  { label: 'a pack that does not exist', request: wavUpload({ packId: UUID, relativePath: 'a.wav' }) },
  { label: 'NUL in the file name', request: wavUpload({ packId: UUID, relativePath: NUL }) },
  { label: 'control characters in the file name', request: wavUpload({ packId: UUID, relativePath: 'kick\u0007\u001b[31m.wav' }) },
  { label: 'a path that climbs out', request: wavUpload({ packId: UUID, relativePath: '../../etc/passwd.wav' }) },
  { label: 'a file of no accepted kind', request: wavUpload({ packId: UUID, relativePath: 'setup.exe' }) },
  { label: 'an empty file', request: wavUpload({ packId: UUID, relativePath: 'a.wav' }, '0') },
  { label: 'a file over the limit', request: wavUpload({ packId: UUID, relativePath: 'a.wav' }, String(300 * 1024 * 1024)) },
  { label: 'an unknown metadata key', request: wavUpload({ packId: UUID, relativePath: 'a.wav', admin: 'true' }) },
  { label: 'an over-long path', request: wavUpload({ packId: UUID, relativePath: `${'x'.repeat(400)}.wav` }) },
  ...[UPLOADS, ...respellings(UPLOADS)].flatMap((url) => [
    { label: `${url} from a foreign Origin`, request: { url, headers: { ...TUS, 'upload-length': '10', origin: FOREIGN_ORIGIN } }, status: 403 },
    { label: `${url} with a foreign Referer`, request: { url, headers: { ...TUS, 'upload-length': '10', referer: `${FOREIGN_ORIGIN}/x` } }, status: 403 },
  ]),
];
const UPLOAD_ID_PATH = `${UPLOADS}/:id`;
const uploadIdCases: RawCase[] = [
  ...rawParamCases(UPLOAD_ID_PATH, { id: 'a'.repeat(32) }).map((c) => ({ ...c, request: { ...c.request, headers: TUS } })),
  { label: 'an upload that does not exist', request: { url: fill(UPLOAD_ID_PATH, { id: 'a'.repeat(32) }), headers: TUS } },
  { label: 'no Tus-Resumable header', request: { url: fill(UPLOAD_ID_PATH, { id: 'a'.repeat(32) }) } },
  ...respellings(fill(UPLOAD_ID_PATH, { id: 'a'.repeat(32) })).map((url) => ({ label: url, request: { url, headers: TUS } })),
];
const uploadPatchCases: RawCase[] = [
  ...uploadIdCases,
  { label: 'bytes for an upload that does not exist', request: { url: fill(UPLOAD_ID_PATH, { id: 'a'.repeat(32) }), headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: Buffer.from('RIFF') } },
  { label: 'a negative offset', request: { url: fill(UPLOAD_ID_PATH, { id: 'a'.repeat(32) }), headers: { ...TUS, 'upload-offset': '-5', 'content-type': 'application/offset+octet-stream' }, payload: Buffer.from('RIFF') } },
];

/**
 * File endpoints get every case above from the API table; these add what only they read: Ranges, tus headers
 * and upload metadata, and valid-looking addresses of nothing.
 */
const FILE_CASES: Partial<Record<EndpointName, RawCase[]>> = {
  getMedia: mediaCases,
  downloadItem: downloadCases(API.downloadItem.path),
  downloadPack: downloadCases(API.downloadPack.path),
  downloadLicencePdf: [...rawParamCases(API.downloadLicencePdf.path, { number: 'CRT-0000-0000-0000' }), ...respellings(fill(API.downloadLicencePdf.path, { number: 'CRT-0000-0000-0000' })).map((url) => ({ label: url, request: { url } }))],
  downloadSplitSheetPdf: [...rawParamCases(API.downloadSplitSheetPdf.path, { number: 'SPL-0000-0000-0000' }), ...respellings(fill(API.downloadSplitSheetPdf.path, { number: 'SPL-0000-0000-0000' })).map((url) => ({ label: url, request: { url } }))],
  downloadEarningsStatementPdf: [...rawParamCases(API.downloadEarningsStatementPdf.path, { month: '2026-01' }), ...respellings(fill(API.downloadEarningsStatementPdf.path, { month: '2026-01' })).map((url) => ({ label: url, request: { url } }))],
  downloadEarningsStatementCsv: [...rawParamCases(API.downloadEarningsStatementCsv.path, { month: '2026-01' }), ...respellings(fill(API.downloadEarningsStatementCsv.path, { month: '2026-01' })).map((url) => ({ label: url, request: { url } }))],
  downloadAffiliateStatementPdf: [...rawParamCases(API.downloadAffiliateStatementPdf.path, { month: '2026-01' }), ...respellings(fill(API.downloadAffiliateStatementPdf.path, { month: '2026-01' })).map((url) => ({ label: url, request: { url } }))],
  downloadAffiliateStatementCsv: [...rawParamCases(API.downloadAffiliateStatementCsv.path, { month: '2026-01' }), ...respellings(fill(API.downloadAffiliateStatementCsv.path, { month: '2026-01' })).map((url) => ({ label: url, request: { url } }))],
  createUpload: uploadCreateCases,
  getUploadOffset: uploadIdCases,
  continueUpload: uploadPatchCases,
  cancelUpload: uploadIdCases,
};

/** Raw requests, keyed `METHOD /path`, with the error shape each speaks: the callable protocol (outside the API table) and the file endpoints' own cases (a GET's with HEAD too). */
const RAW_ROUTES: Record<string, { shape: 'rest' | 'callable'; cases: RawCase[] }> = {
  [`POST ${CALLABLE_PATH}`]: { shape: 'callable', cases: [...CALLABLE_NAMES.flatMap(callableCases)] },
  ...Object.fromEntries(
    Object.entries(FILE_CASES).flatMap(([name, cases]) => {
      const { method, path } = (API as Record<string, Endpoint>)[name]!;
      return (method === 'GET' ? ['GET', 'HEAD'] : [method]).map((m) => [`${m} ${path}`, { shape: 'rest' as const, cases }]);
    }),
  ),
};

function expectJsonError(res: LightMyRequestResponse, label: string): { code: string; message: string; field?: string } {
  expect(res.headers['content-type'], `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).toMatch(/^application\/json/);
  const body = res.json() as { error: { code: string; message: string; field?: string } };
  expect(body, label).toEqual({ error: { code: expect.any(String), message: expect.any(String), ...(body.error.field === undefined ? {} : { field: expect.any(String) }), requestId: expect.any(String) } });
  return body.error;
}

describe(`hostile input on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let subscriber: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin'] });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
  });
  afterAll(() => t.close());

  const send = (request: InjectOptions, cookie: string | null) =>
    t.app.inject({ ...request, remoteAddress: freshAddress(), headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });

  const expectHealthy = async () => {
    const health = await t.app.inject({ url: '/api/health', remoteAddress: freshAddress() });
    expect(health.statusCode).toBe(200);
  };

  describe.each(ENDPOINTS)('%s', (_name, endpoint) => {
    const cases = hostileCases(endpoint);

    it('a caller it admits gets a 4xx JSON error for every hostile value, never a 5xx', async () => {
      // An endpoint with a per-user budget (creating packs, playlists) would answer 429 before the values are
      // even read: a fresh admin takes over before the budget is spent (addresses are fresh per request).
      const budget = endpoint.rateLimit ? RATE_LIMITS[endpoint.rateLimit] : null;
      const perUser = budget && 'perUser' in budget ? budget.perUser.max : Infinity;
      let caller = admin;
      for (const [index, { label, request, expect: expectation }] of cases.entries()) {
        if (index > 0 && index % (perUser - 1) === 0) caller = await createUser(t.ctx, { roles: ['admin'] });
        const res = await send(request, caller.cookie);
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (expectation.kind === 'noServerError' && res.statusCode < 400) continue;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        // A HEAD answer is its status: there is no body to read.
        if (endpoint.method === 'HEAD') continue;
        const error = expectJsonError(res, label);
        if (expectation.kind === 'badField') {
          expect({ status: res.statusCode, code: error.code, field: error.field }, label).toEqual({ status: 400, code: 'VALIDATION_FAILED', field: expectation.field });
        }
        if (expectation.kind === 'csrf') expect({ status: res.statusCode, code: error.code }, label).toEqual({ status: 403, code: 'CSRF_REJECTED' });
      }
      await expectHealthy();
    });

    it('the contract refuses every date it takes when far in the future, in year 0 or in a reversed or over-long range', () => {
      const { fields, ranges } = datesOf(endpoint);
      const schemaOf = (where: 'query' | 'body') => (where === 'query' ? endpoint.query : endpoint.body)!;
      const issuesAt = (where: 'query' | 'body', input: unknown) => {
        const result = schemaOf(where).safeParse(input);
        return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
      };
      for (const field of fields) {
        expect(field.kind, `${field.where}.${field.path.join('.')} is a date outside the contract's date schemas (isoDay, isoInstant in dates.ts)`).not.toBe('unbounded');
        for (const { label, value } of HOSTILE_DATES[field.kind]) expect(issuesAt(field.where, objectAt(field.path, value)), `${label} in ${field.where}.${field.path.join('.')}`).toContain(field.path.join('.'));
      }
      // A range's own check runs once its fields are valid: a query's other fields are optional, a body's may not be.
      for (const range of ranges.filter((r) => r.where === 'query' && r.path.length === 0)) {
        for (const { label, from, to } of hostileRanges(range)) expect(issuesAt('query', { [range.from]: from, [range.to]: to }), label).toContain(range.from);
      }
    });

    it.each([
      ['a visitor', null],
      ['a subscriber', 'subscriber'],
    ] as const)('%s it refuses never gets a 2xx, however the request is spelled', async (_who, kind) => {
      const viewer = kind === null ? null : { roles: [kind] as const };
      if (decideAccess(endpoint.access, viewer) === 'allow') return;
      const spellings = [fill(endpoint.path), ...respellings(fill(endpoint.path))].map((url) => ({ label: url, request: { method: endpoint.method, url } as InjectOptions }));
      for (const { label, request } of [...cases, ...spellings]) {
        const res = await send(request, kind === null ? null : subscriber.cookie);
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (endpoint.method !== 'HEAD') expectJsonError(res, label);
      }
      await expectHealthy();
    });
  });

  it('every request field named like a date is one of the contract\'s date schemas, so the cases above reach it', () => {
    const DATE_NAME = /^(from|to|since|until|date|day|month)$|_(at|date|day|from|to|since|until)$/;
    const misnamed = ENDPOINTS.flatMap(([name, endpoint]) => {
      const dated = new Set(datesOf(endpoint).fields.filter((f) => f.kind !== 'unbounded').map((f) => `${f.where}:${f.path.join('.')}`));
      return (['query', 'body'] as const).flatMap((where) =>
        keysOf(endpoint[where])
          .filter((key) => DATE_NAME.test(String(key.at(-1))) && !dated.has(`${where}:${key.join('.')}`))
          .map((key) => `${name} ${where}.${key.join('.')}`),
      );
    });
    expect(misnamed, 'use isoDay or isoInstant (packages/contract/src/dates.ts) for these').toEqual([]);
  });

  /**
   * Routes outside the API table are found in the served OpenAPI document: the callable protocol is the only
   * one (a route that streams bytes, redirects or speaks tus is a file endpoint of the table), so one added
   * later fails here until it is declared in the table or given its hostile cases.
   */
  it('every documented route outside the API table has hostile cases', async () => {
    const inTable = new Set(ENDPOINTS.map(([, e]) => `${e.method} ${e.path}`));
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const outside = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`)
        .filter((route) => !inTable.has(route)),
    );
    expect(outside.filter((route) => route !== `POST ${CALLABLE_PATH}`), 'declare these in the API table (packages/contract/src/*-endpoints.ts; a file endpoint has a reply kind)').toEqual([]);
  });

  describe.each(Object.entries(RAW_ROUTES))('%s', (route, { shape, cases }) => {
    const [method] = route.split(' ') as [InjectOptions['method']];
    it.each([
      ['an admin', 'admin'],
      ['a visitor', null],
    ] as const)('%s gets a 4xx error in its protocol for every hostile value, never a 5xx, and the server stays healthy', async (_who, kind) => {
      for (const { label, request, status } of cases) {
        const res = await send({ method, ...request }, kind === 'admin' ? admin.cookie : null);
        const at = `${label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, at).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, at).toBeLessThan(500);
        if (status !== undefined) expect(res.statusCode, at).toBe(status);
        if (method === 'HEAD') continue;
        expect(res.headers['content-type'], at).toMatch(/^application\/json/);
        // What never reaches the callable route (a path the router cannot read, `/api/fn/..`, `/API/fn/x`) is answered in the REST shape.
        if (shape === 'rest' || 'code' in res.json().error) expectJsonError(res, label);
        else expect(res.json(), at).toEqual({ error: { status: expect.any(String), message: expect.any(String), ...(res.json().error.details === undefined ? {} : { details: expect.anything() }) } });
      }
      await expectHealthy();
    });
  });

  it('errors Fastify raises before routing use the same shape', async () => {
    const badUrl = await t.app.inject({ url: '/api/packs/%E0%A4%A', remoteAddress: freshAddress() });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'The address is not a valid URL', requestId: expect.any(String) } });
    const tooLong = await t.app.inject({ url: `/api/packs/${'x'.repeat(5000)}`, remoteAddress: freshAddress() });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: 'The address is too long', requestId: expect.any(String) } });
    await expectHealthy();
  });
});
