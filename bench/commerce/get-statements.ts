/**
 * `node --import tsx bench/commerce/get-statements.ts` — every statement one credit "get" of a sound sends to
 * PostgreSQL, in order, and the round trips it takes (decision 0076's method): the session lookup, the reads,
 * the transaction's statements with BEGIN and COMMIT. Each pg query is one round trip; a trigger's work runs
 * inside the statement that fires it. Runs on a scratch database of its own.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { buildApp } from '../../apps/server/src/app.ts';
import { StatementNamingClient } from '../../apps/server/src/db/prepared.ts';
import { addCredits } from '../../apps/server/src/features/credits/credit-ledger-service.ts';
import { createCreator, createItems, createPack } from '../../apps/server/test/catalogue-factories.ts';
import { createUser } from '../../apps/server/test/factories.ts';
import { commerceBenchContext } from './commerce-context.ts';

const DATABASE_URL = process.env.BENCH_COMMERCE_DATABASE_URL?.replace(/\/[^/]*$/, '/crate_get_statements') ?? 'postgres://postgres@127.0.0.1:5432/crate_get_statements';

let recording: string[] | null = null;
// The pool's own client class (it names kept statements): every query the app sends passes here.
const send = StatementNamingClient.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
StatementNamingClient.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
  const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
  if (recording && text) recording.push(text.replace(/\s+/g, ' ').trim());
  return send.call(this, config, ...rest);
} as pg.Client['query'];

const { dataDir, ctx } = await commerceBenchContext(DATABASE_URL, 'crate-get-statements-');
const app = await buildApp(ctx);
await app.ready();
const maker = await createUser(ctx, { roles: ['creator'] });
const creator = await createCreator(ctx, maker.id, { name: 'Bench Audio' });
const pack = await createPack(ctx, creator.id, { title: 'Bench Shop', status: PACK_STATUS.published });
const sounds = await createItems(ctx, pack, 4, { creditCost: 1 });
const buyer = await createUser(ctx, { name: 'Buyer' });
await addCredits(ctx.db, { userId: buyer.id, kind: 'grant', amount: 2, reason: 'bench', idempotencyKey: `bench:${randomUUID()}`, expiresAt: null });

const get = async (label: string, itemId: string, key = randomUUID()) => {
  recording = [];
  const res = await app.inject({ method: 'POST', url: '/api/acquisitions', headers: { cookie: buyer.cookie, origin: 'http://127.0.0.1:1' }, payload: { target: 'item', id: itemId, idempotency_key: key } });
  const statements = recording;
  recording = null;
  console.log(`\n── ${label}: ${res.statusCode} ${res.body}, ${statements.length} round trips`);
  for (const [n, text] of statements.entries()) console.log(`${String(n + 1).padStart(3)}. ${text.length > 220 ? `${text.slice(0, 220)}…` : text}`);
  return key;
};

await get('warm-up (first get of the process)', sounds[0]!.id);
const key = await get('a get of a sound', sounds[1]!.id);
await get('the same key again (a replay)', sounds[1]!.id, key);
await get('a get refused: too few credits', sounds[2]!.id);
await get('a sound owned already', sounds[0]!.id);

await app.close();
await ctx.database.close();
await rm(dataDir, { recursive: true, force: true });
