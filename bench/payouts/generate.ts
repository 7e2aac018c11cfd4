/**
 * A month of marketplace activity for bench:payouts, written set-based (INSERT … SELECT over generate_series, never
 * a row at a time from Node) with triggers and foreign-key checks off, and owned_items' secondary indexes dropped
 * for the load and rebuilt from their own definitions after it:
 *
 *  - `payees` creators (one account each), two packs each of ten sounds: the first pack is got with credits, the
 *    second bought outright. Every fifth creator's credit pack has a split naming one or two other creators
 *    (collaborators are creators too, so exactly `payees` accounts are paid), and a few splits have an older
 *    version that must not apply;
 *  - `spends / 100` producers, each with one plan invoice whose period starts in the month (a twentieth of them
 *    yearly, $199, some of those started months before), a refill for every fifth, a few plans refunded
 *    (status `refunded`) and a few refills refunded in part by Crate (payment_refunds);
 *  - `spends` owned_items got with credits in the month (the producer's hundred sounds, each with its credit cost
 *    as its share of the spend), spread evenly over the month;
 *  - purchases: a tenth of the producers (at most 20,000) bought one sale pack outright ($29.99 shared over its ten
 *    sounds), each with its checkout session and `purchase` receipt; a few refunded;
 *  - noise the month must not count: free sounds owned in the month, and spends of the month before and after.
 */
import type pg from 'pg';

export interface PayoutBenchSize {
  payees: number;
  spends: number;
}

export const SPENDS_PER_PRODUCER = 100;
const ITEMS_PER_PACK = 10;
const SALE_PACK_CENTS = 2999;

/** What the generator wrote: the figures the bench checks the month against. */
export interface GeneratedMonth {
  producers: number;
  buyers: number;
  creditItems: number;
  ownedItems: number;
  seconds: number;
  /** The month's recognised plan and refill revenue and its money sales as decision 0051 counts them, from the generator's own rules. */
  expected: { revenueCents: number; salesCents: number };
}

/**
 * The revenue the generator's rules put in the month, worked out here without SQL: monthly plans ($9.99) in full;
 * a yearly plan ($199 over 12 months: $16.59 in its first four, $16.58 after) by how many months before the month
 * it started; refills ($4.99) less Crate's partial refunds ($2.50); refunded receipts nothing.
 */
function expectedMonth(producers: number, buyers: number): { revenueCents: number; salesCents: number } {
  let revenueCents = 0;
  for (let u = 1; u <= producers; u++) {
    if (u % 200 !== 0) {
      if (u % 20 !== 0) revenueCents += 999;
      else revenueCents += Math.floor(u / 20) % 12 < 19900 % 12 ? Math.ceil(19900 / 12) : Math.floor(19900 / 12);
    }
    if (u % 5 === 0) revenueCents += u % 100 === 0 ? 499 - 250 : 499;
  }
  let salesCents = 0;
  for (let b = 1; b <= buyers; b++) if (b % 150 !== 0) salesCents += SALE_PACK_CENTS;
  return { revenueCents, salesCents };
}

const ensureMarker = (client: pg.ClientBase) =>
  client.query('create table if not exists bench_payouts_marker (month date primary key, payees integer not null, spends integer not null, producers integer not null, buyers integer not null, seconds real not null)');

/** A month generated before in this database (BENCH_REUSE=1): its figures, or null when the sizes differ. */
export async function generatedBefore(client: pg.ClientBase, size: PayoutBenchSize, month: string): Promise<GeneratedMonth | null> {
  await ensureMarker(client);
  const { rows } = await client.query<{ payees: number; spends: number; producers: number; buyers: number; seconds: number }>('select * from bench_payouts_marker where month = $1::date', [month]);
  const row = rows[0];
  if (!row || row.payees !== size.payees || row.spends !== size.spends) return null;
  const { rows: counted } = await client.query<{ n: string }>('select count(*) as n from owned_items');
  return { producers: row.producers, buyers: row.buyers, creditItems: size.payees * ITEMS_PER_PACK, ownedItems: Number(counted[0]!.n), seconds: row.seconds, expected: expectedMonth(row.producers, row.buyers) };
}

export async function generateMonth(client: pg.ClientBase, size: PayoutBenchSize, month: string, log: (line: string) => void): Promise<GeneratedMonth> {
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const producers = Math.ceil(size.spends / SPENDS_PER_PRODUCER);
  const creditItems = size.payees * ITEMS_PER_PACK;
  // Producer u's sounds are 1 + (u·7919 + j·stride) mod creditItems for j < 100: distinct while stride·99 < creditItems.
  const stride = Math.floor(creditItems / SPENDS_PER_PRODUCER);
  if (stride < 2) throw new Error(`${size.payees} payees have too few sounds for ${SPENDS_PER_PRODUCER} distinct spends per producer`);
  const buyers = Math.min(producers, Math.max(1, Math.floor(producers / 10)), 20_000);

  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query(`set local maintenance_work_mem = '512MB'`);
    await client.query(`set local work_mem = '256MB'`);
    await client.query('set local synchronous_commit = off');
    await client.query("set local timezone = 'UTC'");
    await client.query(
      `create or replace function pg_temp.bench_id(name text) returns uuid language sql immutable
       as $$ select overlay(overlay(md5(name) placing '4' from 13) placing '8' from 17)::uuid $$`,
    );
    // Ascending ids for the ten million spends: appended to the primary key's right edge, not scattered through it
    // as random ones would be (the load would then be bound by the key's page cache, not by the rows).
    await client.query(
      `create or replace function pg_temp.bench_seq_id(n bigint) returns uuid language sql immutable
       as $$ select ('b0000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$`,
    );
    // The month as timestamps, and where in it the x-th of n events falls.
    await client.query(
      `create or replace function pg_temp.bench_at(x double precision) returns timestamptz language sql immutable
       as $$ select $1::date::timestamptz + x * ((($1::date + interval '1 month')::timestamptz - $1::date::timestamptz)) $$`.replace(/\$1/g, `'${month}'`),
    );

    await client.query(
      `insert into users (id, email, name, email_verified)
       select 'bench-creator-' || n, 'creator' || n || '@bench-payouts.crate.test', 'Creator ' || n, true from generate_series(1, $1) n`,
      [size.payees],
    );
    await client.query(
      `insert into creators (id, user_id, slug, name)
       select pg_temp.bench_id('creator' || n), 'bench-creator-' || n, 'bench-creator-' || n, 'Creator ' || n from generate_series(1, $1) n`,
      [size.payees],
    );
    // Pack k belongs to creator 1 + (k − 1) mod payees: packs 1..payees are got with credits, the rest sold outright.
    await client.query(
      `insert into packs (id, slug, creator_id, title, status, published_at, created_at, credit_cost, price_cents)
       select pg_temp.bench_id('pack' || k), 'bench-pack-' || k, pg_temp.bench_id('creator' || (1 + (k - 1) % $1)), 'Pack ' || k, 4,
              now() - interval '2 years', now() - interval '2 years', 20, case when k > $1 then ${SALE_PACK_CENTS} end
       from generate_series(1, 2 * $1) k`,
      [size.payees],
    );
    await client.query(
      `insert into items (id, slug, creator_id, pack_id, position, type, kind, name, credit_cost, created_at)
       select pg_temp.bench_id('item' || m), 'bench-item-' || m, pg_temp.bench_id('creator' || (1 + ((m - 1) / ${ITEMS_PER_PACK}) % $1)),
              pg_temp.bench_id('pack' || (1 + (m - 1) / ${ITEMS_PER_PACK})), (m - 1) % ${ITEMS_PER_PACK}, 'sample', 'One-Shot', 'Sound ' || m,
              1 + m % 3, now() - interval '2 years'
       from generate_series(1, 2 * $1 * ${ITEMS_PER_PACK}) m`,
      [size.payees],
    );
    // Free sounds: a pack per hundred creators, owned in the month below and worth nothing.
    await client.query(
      `insert into packs (id, slug, creator_id, title, status, is_free, published_at, created_at)
       select pg_temp.bench_id('free-pack' || k), 'bench-free-pack-' || k, pg_temp.bench_id('creator' || k), 'Free ' || k, 4, true, now() - interval '2 years', now() - interval '2 years'
       from generate_series(1, $1, 100) k`,
      [size.payees],
    );
    await client.query(
      `insert into items (id, slug, creator_id, pack_id, type, kind, name, is_free, credit_cost, created_at)
       select pg_temp.bench_id('free-item' || k), 'bench-free-item-' || k, pg_temp.bench_id('creator' || k), pg_temp.bench_id('free-pack' || k), 'sample', 'One-Shot', 'Free ' || k, true, 0, now() - interval '2 years'
       from generate_series(1, $1, 100) k`,
      [size.payees],
    );
    step(`${size.payees.toLocaleString('en')} creators, ${(2 * size.payees).toLocaleString('en')} packs, ${(2 * creditItems).toLocaleString('en')} sounds`);

    // Splits on every fifth creator's credit pack: the creator 6,000 and one or two other creators the rest; every
    // tenth of those also has a version from the month after, which must not apply, and an older one that is replaced.
    await client.query(
      `insert into revenue_splits (id, creator_id, pack_id, effective_month, created_by)
       select pg_temp.bench_id('split' || n || ':' || v), pg_temp.bench_id('creator' || n), pg_temp.bench_id('pack' || n),
              ($2::date + (v || ' months')::interval)::date, 'bench-creator-' || n
       from generate_series(5, $1, 5) n
       cross join lateral (select v from unnest(case when n % 50 = 0 then array[-3, 0, 1] else array[0] end) v) vs`,
      [size.payees, month],
    );
    await client.query(
      `insert into revenue_split_shares (split_id, user_id, bps)
       select s.id, x.user_id, x.bps
       from (select pg_temp.bench_id('split' || n || ':' || v) as id, n, v
             from generate_series(5, $1, 5) n cross join lateral unnest(case when n % 50 = 0 then array[-3, 0, 1] else array[0] end) v) s
       cross join lateral (
         values ('bench-creator-' || s.n, case when s.v = 0 then 6000 else 5000 end),
                ('bench-creator-' || (1 + (s.n + 7) % $1), case when s.v <> 0 then 5000 when s.n % 2 = 0 then 4000 else 2500 end),
                (case when s.n % 2 = 1 and s.v = 0 then 'bench-creator-' || (1 + (s.n + 13) % $1) end, 1500)
       ) x(user_id, bps)
       where x.user_id is not null`,
      [size.payees],
    );
    // Payout accounts for most payees (whether a line is paid or carried is part of the computation).
    await client.query(
      `insert into payout_accounts (user_id, provider, provider_account_id, status)
       select 'bench-creator-' || n, 'sandbox', 'acct_bench_' || n, case when n % 10 = 0 then 'onboarding' else 'active' end
       from generate_series(1, $1) n where n % 7 <> 0`,
      [size.payees],
    );
    step('splits and payout accounts');

    await client.query(
      `insert into users (id, email, name, email_verified)
       select 'bench-producer-' || u, 'producer' || u || '@bench-payouts.crate.test', 'Producer ' || u, true from generate_series(1, $1) u`,
      [producers],
    );
    // Plans: monthly $9.99 starting in the month; every twentieth yearly $199, started 0–11 months before the month.
    // Every 200th refunded. Refills ($4.99) for every fifth producer, paid in the month; every 100th of those
    // refunded in part by Crate (a refill past the period's limit), and one month-before refill as noise.
    await client.query(
      `insert into payment_receipts (id, user_id, provider, provider_ref, payment_id, description, kind, amount, currency, status, credits, period_start, period_end, created_at)
       select pg_temp.bench_id('plan' || u), 'bench-producer-' || u, 'sandbox', 'in_bench_' || u, 'pi_plan_' || u,
              case when yearly then 'Pro plan (yearly)' else 'Pro plan (monthly)' end, 'plan',
              case when yearly then 19900 else 999 end, 'usd', case when u % 200 = 0 then 'refunded' else 'paid' end, 100,
              starts, starts + case when yearly then interval '1 year' else interval '1 month' end, starts
       from (select u, u % 20 = 0 as yearly,
                    case when u % 20 = 0 then pg_temp.bench_at((u % 997) / 997.0) - ((u / 20) % 12 || ' months')::interval
                         else pg_temp.bench_at((u % 997) / 997.0) end as starts
             from generate_series(1, $1) u) p`,
      [producers],
    );
    await client.query(
      `insert into payment_receipts (id, user_id, provider, provider_ref, payment_id, description, kind, amount, currency, credits, created_at)
       select pg_temp.bench_id('refill' || u), 'bench-producer-' || u, 'sandbox', 'cs_refill_' || u, 'pi_refill_' || u, '50 credits', 'refill', 499, 'usd', 50,
              pg_temp.bench_at((u % 991) / 991.0)
       from generate_series(5, $1, 5) u
       union all
       select pg_temp.bench_id('refill-before' || u), 'bench-producer-' || u, 'sandbox', 'cs_refill_before_' || u, 'pi_refill_before_' || u, '50 credits', 'refill', 499, 'usd', 50,
              pg_temp.bench_at(-0.5)
       from generate_series(3, $1, 50) u`,
      [producers],
    );
    await client.query(
      `insert into payment_refunds (user_id, provider, receipt_id, payment_id, reason, description, amount, currency, status, completed_at, created_at)
       select 'bench-producer-' || u, 'sandbox', pg_temp.bench_id('refill' || u), 'pi_refill_' || u, 'refill_over_limit', 'Past the refill limit', 250, 'usd', 'succeeded',
              pg_temp.bench_at((u % 991) / 991.0), pg_temp.bench_at((u % 991) / 991.0)
       from generate_series(100, $1, 100) u`,
      [producers],
    );
    step(`${producers.toLocaleString('en')} producers with plans and refills`);

    // owned_items' secondary indexes off for the load; rebuilt below from their own definitions.
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes where tablename = 'owned_items' and indexname <> 'owned_items_pkey'`,
    );
    for (const index of indexes) await client.query(`drop index ${index.name}`);

    await client.query(
      `insert into owned_items (id, user_id, item_id, source, credits, created_at)
       select pg_temp.bench_seq_id((u - 1) * ${SPENDS_PER_PRODUCER} + j + 1), 'bench-producer-' || u, pg_temp.bench_id('item' || (1 + (u::bigint * 7919 + j * $3) % $2)), 'credits', 1 + ((1 + (u::bigint * 7919 + j * $3) % $2) % 3),
              pg_temp.bench_at(((u - 1) * ${SPENDS_PER_PRODUCER} + j + 0.5) / ($1::double precision * ${SPENDS_PER_PRODUCER}))
       from generate_series(1, $1) u cross join generate_series(0, ${SPENDS_PER_PRODUCER - 1}) j`,
      [producers, creditItems, stride],
    );
    step(`${(producers * SPENDS_PER_PRODUCER).toLocaleString('en')} spends`);

    // Purchases: buyer b bought sale pack payees + 1 + (b·31 mod payees) outright: a checkout session, a receipt
    // (the session's provider id as its ref, as fulfilment writes it), ten sounds sharing $29.99. Every 150th refunded.
    await client.query(
      `insert into checkout_sessions (id, user_id, provider, mode, success_url, cancel_url, session_id, status, granted_quantity, purchase, created_at, completed_at)
       select pg_temp.bench_id('checkout' || b), 'bench-producer-' || b, 'sandbox', 'payment', 'http://bench/ok', 'http://bench/cancel', 'cs_buy_' || b, 'complete', ${ITEMS_PER_PACK},
              jsonb_build_object('target', 'pack', 'id', pg_temp.bench_id('pack' || ($2 + 1 + (b * 31) % $2)), 'title', 'Pack ' || ($2 + 1 + (b * 31) % $2), 'amount', ${SALE_PACK_CENTS}, 'currency', 'usd', 'items', '[]'::jsonb),
              pg_temp.bench_at((b % 983) / 983.0), pg_temp.bench_at((b % 983) / 983.0)
       from generate_series(1, $1) b`,
      [buyers, size.payees],
    );
    await client.query(
      `insert into payment_receipts (id, user_id, provider, provider_ref, payment_id, description, kind, amount, currency, status, created_at)
       select pg_temp.bench_id('purchase' || b), 'bench-producer-' || b, 'sandbox', 'cs_buy_' || b, 'pi_buy_' || b, 'Pack', 'purchase', ${SALE_PACK_CENTS}, 'usd',
              case when b % 150 = 0 then 'refunded' else 'paid' end, pg_temp.bench_at((b % 983) / 983.0)
       from generate_series(1, $1) b`,
      [buyers],
    );
    await client.query(
      `insert into owned_items (user_id, item_id, source, checkout_session_id, price_cents, currency, created_at)
       select 'bench-producer-' || b, pg_temp.bench_id('item' || (($2 + (b * 31) % $2) * ${ITEMS_PER_PACK} + p + 1)), 'purchase', pg_temp.bench_id('checkout' || b),
              case when p < ${ITEMS_PER_PACK - 1} then ${Math.ceil(SALE_PACK_CENTS / ITEMS_PER_PACK)} else ${SALE_PACK_CENTS - (ITEMS_PER_PACK - 1) * Math.ceil(SALE_PACK_CENTS / ITEMS_PER_PACK)} end, 'usd',
              pg_temp.bench_at((b % 983) / 983.0)
       from generate_series(1, $1) b cross join generate_series(0, ${ITEMS_PER_PACK - 1}) p`,
      [buyers, size.payees],
    );
    // Noise: free sounds owned in the month, and spends just before and just after it.
    await client.query(
      `insert into owned_items (user_id, item_id, source, created_at)
       select 'bench-producer-' || u, pg_temp.bench_id('free-item' || (1 + 100 * (u % greatest(1, $2 / 100)))), 'free', pg_temp.bench_at(0.5)
       from generate_series(1, $1, 7) u`,
      [producers, size.payees],
    );
    await client.query(
      `insert into owned_items (user_id, item_id, source, credits, created_at)
       select 'bench-producer-' || u, pg_temp.bench_id('item' || (1 + (u::bigint * 7919 + $3) % $2)), 'credits', 2, pg_temp.bench_at(case when u % 2 = 0 then -0.01 else 1.01 end)
       from generate_series(1, $1, 3) u`,
      // Between the producer's 99th and (never reached) 100th stride: a sound it did not get in the month.
      [producers, creditItems, (SPENDS_PER_PRODUCER - 1) * stride + Math.max(1, Math.floor(stride / 2))],
    );
    step(`${(buyers * ITEMS_PER_PACK).toLocaleString('en')} sounds bought outright by ${buyers.toLocaleString('en')} buyers, and noise`);

    for (const index of indexes) await client.query(index.def);
    step(`owned_items indexes rebuilt (${indexes.map((i) => i.name).join(', ')})`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await client.query('vacuum analyze');
  step('vacuum analyze');
  const { rows } = await client.query<{ n: string }>('select count(*) as n from owned_items');
  const seconds = (Date.now() - started) / 1000;
  await ensureMarker(client);
  await client.query('insert into bench_payouts_marker values ($1::date, $2, $3, $4, $5, $6)', [month, size.payees, size.spends, producers, buyers, seconds]);
  return { producers, buyers, creditItems, ownedItems: Number(rows[0]!.n), seconds, expected: expectedMonth(producers, buyers) };
}
