import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { keptStatement } from '../../db/kept-statement.ts';

/**
 * A credit "get" as one statement (decision 0076). Run after lockUserForGet in the same transaction, so its snapshot
 * is taken with the user's credit lock held and it sees every spend, grant and ownership committed before it: in
 * READ COMMITTED a statement's snapshot is taken when it starts, so the lock cannot be taken by the same statement
 * that reads the balance (a wait for the lock would leave it reading the balance as it was before the wait).
 *
 * It reads the key's entry (a replay), what of the target the user owns now and their open lots (soonest-expiring
 * first, as takeCredits orders them), and writes only when the key is new, the owned items are those the caller
 * priced with, the price shown is the price and the lots hold enough: the spend entry, its draws from the lots, the
 * ownership rows with each item's share, one licence each and the get events (whose triggers fold them into the
 * day's counters). Nothing is written otherwise; the caller reads why from the answer.
 */
const getStatement = keptStatement<GetStatementRow>(() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
  with replay as (
    select amount from credit_ledger where idempotency_key = ${p('key')}::text
  ), owned as (
    select item_id from owned_items where user_id = ${p('userId')}::text and item_id = any(${p('targetIds')}::uuid[])
  ), open_lots as (
    select id, expires_at, remaining,
           coalesce(sum(remaining) over (order by expires_at asc nulls last, subscription_id is null, created_at, id rows between unbounded preceding and 1 preceding), 0)::int as before
    from (
      select l.id, l.expires_at, l.subscription_id, l.created_at,
             (l.amount - coalesce((select sum(d.amount) from credit_lot_draws d where d.lot_id = l.id), 0))::int as remaining
      from credit_ledger l
      where l.user_id = ${p('userId')}::text and l.amount > 0 and (l.expires_at is null or l.expires_at > ${p('at')}::timestamptz)
    ) lots
    where remaining > 0
  ), facts as (
    select (select amount from replay) as replayed,
           (select count(*) from owned)::int as owned_count,
           coalesce((select sum(remaining) from open_lots), 0)::int as balance
  ), go as (
    select 1 from facts
    where replayed is null and ${p('expectedOk')}::boolean and cardinality(${p('missingIds')}::uuid[]) > 0
      and owned_count = ${p('pricedOwned')}::int and balance >= ${p('cost')}::int
  ), entry as (
    insert into credit_ledger (user_id, kind, amount, reason, idempotency_key)
    select ${p('userId')}::text, 'spend', -${p('cost')}::int, ${p('reason')}::text, ${p('key')}::text from go where ${p('cost')}::int > 0
    returning id
  ), drawn as (
    insert into credit_lot_draws (entry_id, lot_id, amount)
    select entry.id, o.id, least(o.remaining, ${p('cost')}::int - o.before)
    from entry cross join open_lots o
    where o.before < ${p('cost')}::int
    returning lot_id, amount
  ), wanted as (
    select * from unnest(${p('missingIds')}::uuid[], ${p('shares')}::int[], ${p('licenceTypes')}::text[], ${p('licensors')}::text[], ${p('certificates')}::text[])
      as w(item_id, share, licence_type, licensor, certificate)
  ), got as (
    insert into owned_items (user_id, item_id, source, credit_ledger_id, credits)
    select ${p('userId')}::text, w.item_id,
           case when e.id is not null and w.share > 0 then 'credits' else 'free' end,
           case when w.share > 0 then e.id end,
           case when e.id is not null and w.share > 0 then w.share end
    from go cross join wanted w left join entry e on true
    on conflict (user_id, item_id) do nothing
    returning id, item_id
  ), licensed as (
    insert into licences (owned_item_id, user_id, item_id, licence_type, certificate_number, terms_version, holder_name, licensor_name)
    select got.id, ${p('userId')}::text, got.item_id, w.licence_type::licence_type, w.certificate, ${p('termsVersion')}::text, ${p('holderName')}::text, w.licensor
    from got join wanted w on w.item_id = got.item_id
  ), events as (
    insert into item_events (item_id, pack_id, user_id, kind, credits)
    select got.item_id, i.pack_id, ${p('userId')}::text, 'get', coalesce(w.share, 0)
    from got join wanted w on w.item_id = got.item_id join items i on i.id = got.item_id
  ), left_in_lots as (
    select o.expires_at, o.remaining - coalesce(d.amount, 0) as remaining
    from open_lots o left join drawn d on d.lot_id = o.id
  )
  select f.replayed,
         array(select item_id::text from owned) as owned_ids,
         f.balance,
         exists(select from go) as written,
         (select count(*) from got)::int as got_count,
         coalesce((select sum(remaining) from left_in_lots), 0)::int as balance_after,
         (select (extract(epoch from min(expires_at)) * 1000)::float8 from left_in_lots where remaining > 0 and expires_at is not null) as expires_after_ms
  from facts f`;
});

export interface GetStatementRow {
  /** The amount of the entry this key wrote before (a replay: negative), or null when the key is new. */
  replayed: number | null;
  /** Which of the target's items the user owns now (before this get's writes). */
  owned_ids: string[];
  /** The open credits before this get. */
  balance: number;
  /** Whether this get wrote (spent and granted). */
  written: boolean;
  got_count: number;
  balance_after: number;
  expires_after_ms: number | null;
}

export interface GetStatementInput {
  userId: string;
  key: string;
  at: Date;
  /** Every item of the target, and how many of them the caller found owned when it priced them. */
  targetIds: string[];
  pricedOwned: number;
  /** What is charged (0: the items are free) and whether it is the price the caller was shown. */
  cost: number;
  expectedOk: boolean;
  reason: string;
  termsVersion: string;
  holderName: string;
  /** The items to grant, each with its share of the cost, its licence type and licensor now and a new certificate number. */
  missing: { id: string; share: number; licenceType: string; licensorName: string; certificateNumber: string }[];
}

export async function runGetStatement(db: DbOrTx, input: GetStatementInput): Promise<GetStatementRow> {
  const [row] = await getStatement(db, {
    userId: input.userId,
    key: input.key,
    at: input.at.toISOString(),
    targetIds: input.targetIds,
    pricedOwned: input.pricedOwned,
    cost: input.cost,
    expectedOk: input.expectedOk,
    reason: input.reason,
    termsVersion: input.termsVersion,
    holderName: input.holderName,
    missingIds: input.missing.map((m) => m.id),
    shares: input.missing.map((m) => m.share),
    licenceTypes: input.missing.map((m) => m.licenceType),
    licensors: input.missing.map((m) => m.licensorName),
    certificates: input.missing.map((m) => m.certificateNumber),
  });
  return { ...row!, replayed: row!.replayed === null ? null : Number(row!.replayed), expires_after_ms: row!.expires_after_ms === null ? null : Number(row!.expires_after_ms) };
}

const lockStatement = keptStatement<{ name: string }>(() => sql`select name from users where id = ${sql.placeholder('userId')}::text for update`);

/**
 * The user's credit lock (the row lock every writer that takes credits holds: lockCreditAccount), answering the
 * name a licence gives its holder as the row reads now; null when there is no such user.
 */
export async function lockUserForGet(tx: Tx, userId: string): Promise<{ name: string } | null> {
  const [row] = await lockStatement(tx, { userId });
  return row ?? null;
}
