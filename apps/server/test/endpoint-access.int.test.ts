import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAccess, type Viewer as AccessViewer } from '@crate/contract/access';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { buildApp } from '../src/app.ts';
import { CALLABLE_FUNCTIONS } from '../src/features/callable/callable-functions.ts';
import { items } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { missingObjectRuleMessage, missingRowMessage, OBJECT_RULES, WHO_MAY_CALL, type Actor, type World } from './endpoint-access-table.ts';
import { createUser, createUserOfKind, USER_KINDS, type TestUser, type UserKind } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Every endpoint of the contract's API table × every user kind, generated from the table, so an
 * endpoint added later is covered the moment it is declared. The same for every callable function.
 * Each answer is also held against WHO_MAY_CALL, a table written by hand (endpoint-access-table.ts),
 * so an endpoint declared with the wrong access fails rather than agreeing with itself; and every
 * endpoint that takes an id is tried on objects the caller may not touch (OBJECT_RULES).
 */
const ENDPOINTS = Object.entries(API as Record<string, Endpoint>);
const WITH_BODY = ENDPOINTS.filter(([, e]) => e.body);
const PROBE = 'matrix-probe';
const UNKNOWN_FIELD = 'matrixProbeField';

const paramsOf = (path: string) => Object.fromEntries([...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1], PROBE]));
const urlOf = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, PROBE);
/** Fastify `:id` → OpenAPI `{id}`. */
const openApiPathOf = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * An allowed call with nothing to validate really runs (logout, deactivate…): it gets an account of
 * its own so it cannot sign out the accounts the other cases share.
 */
const runsForReal = (e: Endpoint) => e.method !== 'GET' && !e.body && (e.params ? e.params.safeParse(paramsOf(e.path)).success : true);

const accessViewerOf = (kind: UserKind): AccessViewer => (kind === 'visitor' ? null : { roles: [kind] });

/** The kinds WHO_MAY_CALL lets call `name`; fails, saying to add the row, when there is none. */
function handWrittenKinds(name: string): readonly UserKind[] {
  const row = WHO_MAY_CALL[name];
  if (!row) expect.fail(missingRowMessage(name));
  return row;
}

/** What the server answered, held against the hand-written table: refused exactly when the table says so. */
function expectTableAgrees(name: string, kind: UserKind, res: { statusCode: number; body: string }) {
  const may = handWrittenKinds(name).includes(kind);
  const refused = res.statusCode === 401 || res.statusCode === 403;
  expect(refused, `WHO_MAY_CALL says ${kind} ${may ? 'may' : 'may not'} call ${name}; the server answered ${res.statusCode} ${res.body}`).toBe(!may);
}

let nextAddress = 1;
/** Each request comes from its own address, so the login/register rate limits never interfere. */
const freshAddress = () => `10.2.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

describe(`endpoint access on ${TEST_DB}`, () => {
  let t: TestApp;
  const users = new Map<UserKind, TestUser | null>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const kind of USER_KINDS) users.set(kind, await createUserOfKind(t.ctx, kind));
  });
  afterAll(() => t.close());

  const cookieOf = async (kind: UserKind, fresh: boolean) => {
    const user = fresh ? await createUserOfKind(t.ctx, kind) : users.get(kind);
    return user ? { cookie: user.cookie } : {};
  };

  describe('the hand-written table (WHO_MAY_CALL)', () => {
    const names = [...ENDPOINTS.map(([name]) => name), ...CALLABLE_FUNCTIONS.map((fn) => `fn:${fn.name}`)];
    it.each(names)('has a row for %s', (name) => {
      expect(WHO_MAY_CALL[name], missingRowMessage(name)).toBeDefined();
    });
    it('names no endpoint that does not exist', () => {
      expect(Object.keys(WHO_MAY_CALL).filter((name) => !names.includes(name)), 'rows in WHO_MAY_CALL for endpoints that are gone: remove them').toEqual([]);
    });
    it.each([...ENDPOINTS, ...CALLABLE_FUNCTIONS.map((fn) => [`fn:${fn.name}`, fn] as const)])('agrees with the access %s declares', (name, declared) => {
      const byContract = USER_KINDS.filter((kind) => decideAccess(declared.access, accessViewerOf(kind)) === 'allow');
      expect(byContract, `${name} is declared with access ${JSON.stringify(declared.access)}: fix the declaration or the row in WHO_MAY_CALL`).toEqual(
        USER_KINDS.filter((kind) => handWrittenKinds(name).includes(kind)),
      );
    });
  });

  describe.each(ENDPOINTS)('%s', (name, endpoint) => {
    it('is served and documented', async () => {
      expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), `${endpoint.method} ${endpoint.path} is declared in the API table but not registered`).toBe(true);
      const doc = (await t.app.inject('/api/openapi.json')).json();
      expect(doc.paths[openApiPathOf(endpoint.path)]?.[endpoint.method.toLowerCase()], `${name} is missing from OpenAPI`).toBeDefined();
    });

    it.each(USER_KINDS)('%s', async (kind) => {
      const decision = decideAccess(endpoint.access, accessViewerOf(kind));
      const res = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint.path),
        remoteAddress: freshAddress(),
        headers: await cookieOf(kind, decision === 'allow' && runsForReal(endpoint)),
        // The access check runs before validation: a body that fails validation shows it.
        ...(endpoint.body ? { payload: { [UNKNOWN_FIELD]: true } } : {}),
      });
      expectTableAgrees(name, kind, res);
      // A HEAD answer has no body to read: its status says it all.
      const expectError = (code: string) => {
        if (endpoint.method !== 'HEAD') expect(res.json()).toEqual({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
      };
      if (decision === 'signInRequired') {
        expect(res.statusCode).toBe(401);
        expectError('UNAUTHENTICATED');
      } else if (decision === 'forbidden') {
        expect(res.statusCode).toBe(403);
        expectError('FORBIDDEN');
      } else {
        expect([401, 403], `${kind} may call ${name} but got ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  });

  describe.each(CALLABLE_FUNCTIONS.map((fn) => [fn.name, fn] as const))('callable %s', (name, fn) => {
    it.each(USER_KINDS)('%s', async (kind) => {
      const decision = decideAccess(fn.access, accessViewerOf(kind));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/fn/${name}`,
        remoteAddress: freshAddress(),
        headers: await cookieOf(kind, false),
        payload: { data: { [UNKNOWN_FIELD]: true } },
      });
      expectTableAgrees(`fn:${name}`, kind, res);
      if (decision === 'signInRequired') {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: { status: 'UNAUTHENTICATED', message: expect.any(String) } });
      } else if (decision === 'forbidden') {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: expect.any(String) } });
      } else {
        expect([401, 403], `${kind} may call ${name} but got ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  });

  describe('object-level refusals on every endpoint that takes an id (OBJECT_RULES)', () => {
    const actors = new Map<Actor, TestUser>();
    let bob: TestUser;
    let world: World;
    const WITH_ID = ENDPOINTS.filter(([, e]) => e.path.includes(':'));

    beforeAll(async () => {
      const owner = await createUser(t.ctx, { roles: ['creator'] });
      const creator = await createCreator(t.ctx, owner.id);
      const other = await createUser(t.ctx, { roles: ['creator'] });
      await createCreator(t.ctx, other.id);
      const collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
      await addCollaborator(t.ctx, creator.id, collaborator.id);
      actors.set('stranger', await createUser(t.ctx, { roles: ['subscriber'] }));
      actors.set('otherCreator', other);
      actors.set('collaborator', collaborator);
      actors.set('admin', await createUser(t.ctx, { roles: ['admin'] }));
      bob = await createUser(t.ctx, { roles: ['subscriber'] });

      const draftPack = await createPack(t.ctx, creator.id, { status: PACK_STATUS.draft });
      const [draftItem] = await createItems(t.ctx, draftPack, 1);
      const published = await createPack(t.ctx, creator.id);
      const [listedItem, takenDownItem] = await createItems(t.ctx, published, 2);
      await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, takenDownItem!.id));
      const playlistOf = async (user: TestUser) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/playlists', remoteAddress: freshAddress(), headers: { cookie: user.cookie }, payload: { name: 'Mine' } });
        return { id: res.json().id as string };
      };
      const othersPlaylist = await playlistOf(bob);
      await t.app.inject({ method: 'POST', url: `/api/playlists/${othersPlaylist.id}/items`, remoteAddress: freshAddress(), headers: { cookie: bob.cookie }, payload: { item_id: listedItem!.id } });
      world = { draftPack, draftItem: draftItem!, listedItem: listedItem!, listedPack: published, takenDownItem: takenDownItem!, othersPlaylist, ownPlaylist: await playlistOf(actors.get('stranger')!) };
    });

    it.each(WITH_ID)('%s has an entry', (name, endpoint) => {
      expect(OBJECT_RULES[name], missingObjectRuleMessage(name, endpoint.path)).toBeDefined();
    });

    const cases = WITH_ID.flatMap(([name, endpoint]) => {
      const rule = OBJECT_RULES[name];
      return rule && !('noObjectRule' in rule) ? rule.map((refusal) => [`${name}: ${refusal.as} tries ${refusal.tries} → ${refusal.status}`, endpoint, refusal] as const) : [];
    });
    it.each(cases)('%s', async (_title, endpoint, refusal) => {
      const params = refusal.params(world);
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => params[key] ?? PROBE),
        remoteAddress: freshAddress(),
        headers: { cookie: actors.get(refusal.as)!.cookie },
        ...(refusal.body ? { payload: refusal.body(world) } : {}),
      });
      expect(res.statusCode, res.body).toBe(refusal.status);
      expect(res.json().error.code).toBe(refusal.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN');
    });

    it("leaves the other user's playlist as it was after every refused write", async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/playlists/${world.othersPlaylist.id}`, remoteAddress: freshAddress(), headers: { cookie: bob.cookie } });
      expect(res.json()).toMatchObject({ name: 'Mine', item_ids: [world.listedItem.id] });
    });
  });

  describe('bad input on every endpoint with a body (as an admin, who passes every claim)', () => {
    it.each(WITH_BODY)('%s: invalid JSON → 400 VALIDATION_FAILED', async (_name, endpoint) => {
      const res = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint.path),
        remoteAddress: freshAddress(),
        headers: { cookie: users.get('admin')!.cookie, 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON', requestId: expect.any(String) } });
    });

    it.each(WITH_BODY)('%s: a body over the limit → 413', async (_name, endpoint) => {
      const res = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint.path),
        remoteAddress: freshAddress(),
        headers: { cookie: users.get('admin')!.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ [UNKNOWN_FIELD]: 'x'.repeat(100 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large', requestId: expect.any(String) } });
    });

    it.each(WITH_BODY)('%s: the body schema refuses unknown fields', (_name, endpoint) => {
      const parsed = endpoint.body!.safeParse({ [UNKNOWN_FIELD]: true });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues).toContainEqual(expect.objectContaining({ code: 'unrecognized_keys', keys: [UNKNOWN_FIELD] }));
    });

    it('an unknown field in an otherwise valid body → 400 naming the field', async () => {
      // Endpoints whose body is valid when empty (all fields optional) show the unknown field alone.
      // (and whose path parameters accept the probe, so the body is what is read).
      const candidates = WITH_BODY.filter(([, e]) => e.body!.safeParse({}).success && !e.rateLimit && (!e.params || e.params.safeParse(paramsOf(e.path)).success));
      expect(candidates.length, 'no endpoint with an all-optional body to probe').toBeGreaterThan(0);
      for (const [name, endpoint] of candidates) {
        const res = await t.app.inject({
          method: endpoint.method,
          url: urlOf(endpoint.path),
          remoteAddress: freshAddress(),
          headers: { cookie: users.get('admin')!.cookie },
          payload: { [UNKNOWN_FIELD]: 1 },
        });
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toEqual({ error: { code: 'VALIDATION_FAILED', message: `Unknown field: ${UNKNOWN_FIELD}`, field: UNKNOWN_FIELD, requestId: expect.any(String) } });
      }
    });
  });

  it('answers an unexpected failure with 500 INTERNAL: no message, no stack', async () => {
    // The real app on the same context, plus one route failing the way a bug would.
    const app = await buildApp(t.ctx);
    app.get('/api/matrix-probe/crash', async () => {
      throw new Error('relation "secret_table" does not exist at postgres://admin:hunter2@db');
    });
    try {
      const res = await app.inject('/api/matrix-probe/crash');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.', requestId: expect.any(String) } });
      expect(res.body).not.toMatch(/secret_table|hunter2|\bat .+:\d+:\d+/);
    } finally {
      await app.close();
    }
  });

  it('refuses a cross-site state-changing request with 403 CSRF_REJECTED', async () => {
    const [, endpoint] = ENDPOINTS.find(([, e]) => e.method !== 'GET')!;
    const res = await t.app.inject({ method: endpoint.method, url: urlOf(endpoint.path), remoteAddress: freshAddress(), headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'CSRF_REJECTED', message: 'Cross-site requests are not allowed', requestId: expect.any(String) } });
  });
});
