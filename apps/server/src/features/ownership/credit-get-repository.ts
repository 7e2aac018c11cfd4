import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { keptStatement } from '../../db/kept-statement.ts';

/**
 * A credit "get" in one round trip (decision 0076): `credit_get` (migration 0038_credit_get.sql), called with no
 * transaction around it, takes the user's credit lock and then, in a statement whose snapshot sees all that the
 * lock's previous holder committed, re-reads the key, what of the target the user owns and their open lots, and
 * writes the spend, its draws, ownership, licences and get events together — or nothing, when the key was used, the
 * user owns more of the target than the caller priced with, the price is not the one shown or the lots hold too
 * little. The call commits as it ends: no lock is held across a round trip to this process.
 */
const getStatement = keptStatement<GetStatementRow>(() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`select replayed, owned_ids, balance, written, balance_after, expires_after_ms from credit_get(
    ${p('userId')}::text, ${p('key')}::text, ${p('at')}::timestamptz, ${p('targetIds')}::uuid[], ${p('pricedOwned')}::int, ${p('cost')}::int, ${p('expectedOk')}::boolean,
    ${p('reason')}::text, ${p('termsVersion')}::text, ${p('holderName')}::text,
    ${p('missingIds')}::uuid[], ${p('shares')}::int[], ${p('licenceTypes')}::text[], ${p('licensors')}::text[], ${p('certificates')}::text[])`;
});

export interface GetStatementRow {
  /** The amount of the entry this key wrote before (a replay: negative), or null when the key is new. */
  replayed: number | null;
  /** Which of the target's items the user owned when the statement ran (before its own writes). */
  owned_ids: string[];
  /** The open credits before this get. */
  balance: number;
  /** Whether this get wrote (spent and granted). */
  written: boolean;
  /** The open credits after it, and when the soonest-expiring of them expire (ms since the epoch; null: none do). */
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

/** Runs the get; null when there is no such user. */
export async function runGetStatement(db: DbOrTx, input: GetStatementInput): Promise<GetStatementRow | null> {
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
  if (!row) return null;
  // Both drivers agree on ints, booleans and text[]; a float8 may arrive as a string from one of them.
  return { ...row, expires_after_ms: row.expires_after_ms === null ? null : Number(row.expires_after_ms) };
}
