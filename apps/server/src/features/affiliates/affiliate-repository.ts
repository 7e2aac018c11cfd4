import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AffiliateRefusalReason, MonthlyPayoutStatus } from '@crate/contract/payout-enums';
import type { ReceiptStatus } from '@crate/contract/commerce-enums';
import type { DbOrTx } from '../../db/client.ts';
import {
  affiliateClickDays,
  affiliateCodes,
  affiliateCommissions,
  affiliateReferrals,
  affiliates,
  monthlyPayouts,
  paymentReceipts,
  payoutLines,
  userRoles,
  users,
} from '../../db/schema/index.ts';

/** The account holds the affiliate role now (taken away: their codes stop counting and attributing). */
const holdsAffiliateRole = (userId: typeof affiliates.userId | typeof affiliateCodes.affiliateUserId) =>
  sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'affiliate')`;

export interface AffiliateRow {
  userId: string;
  commissionBps: number;
  commissionMonths: number;
  createdAt: Date;
}

export async function findAffiliate(db: DbOrTx, userId: string): Promise<AffiliateRow | null> {
  const [row] = await db
    .select({ userId: affiliates.userId, commissionBps: affiliates.commissionBps, commissionMonths: affiliates.commissionMonths, createdAt: affiliates.createdAt })
    .from(affiliates)
    .where(eq(affiliates.userId, userId));
  return row ?? null;
}

/** Creates the affiliate row or changes its terms. */
export async function upsertAffiliate(tx: DbOrTx, row: { userId: string; commissionBps: number; commissionMonths: number; createdBy: string }): Promise<void> {
  await tx
    .insert(affiliates)
    .values(row)
    .onConflictDoUpdate({ target: affiliates.userId, set: { commissionBps: row.commissionBps, commissionMonths: row.commissionMonths, updatedAt: sql`now()` } });
}

/** The name an account gave (empty when none): a first code is made from it, never from the e-mail. */
export async function findUserName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

export interface AffiliateCodeRow {
  code: string;
  affiliateUserId: string;
  label: string;
  createdAt: Date;
  retiredAt: Date | null;
}

const codeColumns = { code: affiliateCodes.code, affiliateUserId: affiliateCodes.affiliateUserId, label: affiliateCodes.label, createdAt: affiliateCodes.createdAt, retiredAt: affiliateCodes.retiredAt };

/** An affiliate's codes: live ones first, then retired; newest first within each. */
export async function listCodes(db: DbOrTx, affiliateUserId: string): Promise<AffiliateCodeRow[]> {
  return db
    .select(codeColumns)
    .from(affiliateCodes)
    .where(eq(affiliateCodes.affiliateUserId, affiliateUserId))
    .orderBy(sql`${affiliateCodes.retiredAt} is not null`, desc(affiliateCodes.createdAt), asc(affiliateCodes.code));
}

export async function findCode(db: DbOrTx, code: string): Promise<AffiliateCodeRow | null> {
  const [row] = await db.select(codeColumns).from(affiliateCodes).where(eq(affiliateCodes.code, code));
  return row ?? null;
}

/** Which of these codes are taken already, live or retired (a retired code is never handed out again). */
export async function takenCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ code: affiliateCodes.code }).from(affiliateCodes).where(inArray(affiliateCodes.code, [...codes]));
  return new Set(rows.map((r) => r.code));
}

/** Inserts a code; false when it is taken (by anyone, at the same moment too). */
export async function insertCode(tx: DbOrTx, row: { code: string; affiliateUserId: string; label: string }): Promise<boolean> {
  const inserted = await tx.insert(affiliateCodes).values(row).onConflictDoNothing().returning({ code: affiliateCodes.code });
  return inserted.length > 0;
}

export async function retireCode(tx: DbOrTx, code: string, at: Date): Promise<boolean> {
  const updated = await tx
    .update(affiliateCodes)
    .set({ retiredAt: at })
    .where(and(eq(affiliateCodes.code, code), isNull(affiliateCodes.retiredAt)))
    .returning({ code: affiliateCodes.code });
  return updated.length > 0;
}

/** Locks the affiliate's row so two code additions at once are counted one after the other. */
export async function lockAffiliate(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx.select({ userId: affiliates.userId }).from(affiliates).where(eq(affiliates.userId, userId)).for('update');
  return rows.length > 0;
}

export async function countLiveCodes(db: DbOrTx, affiliateUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.affiliateUserId, affiliateUserId), isNull(affiliateCodes.retiredAt)));
  return Number(row?.n ?? 0);
}

/**
 * A code that attributes now: not retired, and its owner is in the programme and still holds the affiliate role.
 * With the owner's e-mail, for the self-referral rule.
 */
export async function findAttributingCode(db: DbOrTx, code: string): Promise<{ code: string; affiliateUserId: string; affiliateEmail: string } | null> {
  const [row] = await db
    .select({ code: affiliateCodes.code, affiliateUserId: affiliateCodes.affiliateUserId, affiliateEmail: users.email })
    .from(affiliateCodes)
    .innerJoin(affiliates, eq(affiliates.userId, affiliateCodes.affiliateUserId))
    .innerJoin(users, eq(users.id, affiliateCodes.affiliateUserId))
    .where(and(eq(affiliateCodes.code, code), isNull(affiliateCodes.retiredAt), holdsAffiliateRole(affiliateCodes.affiliateUserId)));
  return row ?? null;
}

/** One more click on the code on this UTC day. */
export async function countClick(db: DbOrTx, code: string, day: string): Promise<void> {
  await db
    .insert(affiliateClickDays)
    .values({ code, day, clicks: 1 })
    .onConflictDoUpdate({ target: [affiliateClickDays.code, affiliateClickDays.day], set: { clicks: sql`${affiliateClickDays.clicks} + 1` } });
}

/** The referral of a new account; nothing when the account has one already (its key). */
export async function insertReferral(
  db: DbOrTx,
  row: { affiliateUserId: string; referredUserId: string; code: string; clickedAt: Date; status: 'active' | 'refused'; refusedReason: AffiliateRefusalReason | null },
): Promise<void> {
  await db.insert(affiliateReferrals).values(row).onConflictDoNothing();
}

export interface CodeFigures {
  code: string;
  clicks30d: number;
  clicksTotal: number;
  signups: number;
  refused: number;
  paying: number;
}

/** Clicks (since `since`, a UTC day, and all time) and referrals of each code. */
export async function figuresOfCodes(db: DbOrTx, codes: readonly string[], since: string): Promise<Map<string, CodeFigures>> {
  const figures = new Map<string, CodeFigures>(codes.map((code) => [code, { code, clicks30d: 0, clicksTotal: 0, signups: 0, refused: 0, paying: 0 }]));
  if (codes.length === 0) return figures;
  const clicks = await db
    .select({
      code: affiliateClickDays.code,
      recent: sql<number>`coalesce(sum(${affiliateClickDays.clicks}) filter (where ${affiliateClickDays.day} >= ${since}), 0)::int`,
      total: sql<number>`coalesce(sum(${affiliateClickDays.clicks}), 0)::int`,
    })
    .from(affiliateClickDays)
    .where(inArray(affiliateClickDays.code, [...codes]))
    .groupBy(affiliateClickDays.code);
  const referrals = await db
    .select({
      code: affiliateReferrals.code,
      signups: sql<number>`(count(*) filter (where ${affiliateReferrals.status} = 'active'))::int`,
      refused: sql<number>`(count(*) filter (where ${affiliateReferrals.status} = 'refused'))::int`,
      paying: sql<number>`(count(*) filter (where ${affiliateReferrals.status} = 'active' and ${affiliateReferrals.convertedAt} is not null))::int`,
    })
    .from(affiliateReferrals)
    .where(inArray(affiliateReferrals.code, [...codes]))
    .groupBy(affiliateReferrals.code);
  for (const c of clicks) Object.assign(figures.get(c.code)!, { clicks30d: Number(c.recent), clicksTotal: Number(c.total) });
  for (const r of referrals) Object.assign(figures.get(r.code)!, { signups: Number(r.signups), refused: Number(r.refused), paying: Number(r.paying) });
  return figures;
}

export interface CommissionGroup {
  affiliateUserId: string;
  month: string;
  currency: string;
  receiptStatus: ReceiptStatus;
  monthStatus: MonthlyPayoutStatus | null;
  payments: number;
  amountCents: number;
}

/**
 * The affiliates' commissions summed per month, currency, state of the payment behind them and state of the month's
 * payout: a handful of rows per month, however many payments.
 */
export async function commissionGroups(db: DbOrTx, affiliateUserIds: readonly string[]): Promise<CommissionGroup[]> {
  if (affiliateUserIds.length === 0) return [];
  const rows = await db
    .select({
      affiliateUserId: affiliateCommissions.affiliateUserId,
      month: affiliateCommissions.month,
      currency: affiliateCommissions.currency,
      receiptStatus: paymentReceipts.status,
      monthStatus: monthlyPayouts.status,
      payments: sql<number>`count(*)::int`,
      amountCents: sql<number>`sum(${affiliateCommissions.amountCents})::bigint`,
    })
    .from(affiliateCommissions)
    .innerJoin(paymentReceipts, eq(paymentReceipts.id, affiliateCommissions.receiptId))
    .leftJoin(monthlyPayouts, eq(monthlyPayouts.month, affiliateCommissions.month))
    .where(inArray(affiliateCommissions.affiliateUserId, [...affiliateUserIds]))
    .groupBy(affiliateCommissions.affiliateUserId, affiliateCommissions.month, affiliateCommissions.currency, paymentReceipts.status, monthlyPayouts.status)
    .orderBy(desc(affiliateCommissions.month), asc(affiliateCommissions.currency));
  return rows.map((r) => ({ ...r, payments: Number(r.payments), amountCents: Number(r.amountCents) }));
}

/** Per affiliate, the latest month whose affiliate payout line was paid. */
export async function latestPaidMonths(db: DbOrTx, affiliateUserIds: readonly string[]): Promise<Map<string, string>> {
  if (affiliateUserIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: payoutLines.payeeUserId, month: sql<string>`max(${monthlyPayouts.month})::text` })
    .from(payoutLines)
    .innerJoin(monthlyPayouts, eq(monthlyPayouts.id, payoutLines.payoutId))
    .where(and(inArray(payoutLines.payeeUserId, [...affiliateUserIds]), eq(payoutLines.kind, 'affiliate'), eq(payoutLines.status, 'paid')))
    .groupBy(payoutLines.payeeUserId);
  return new Map(rows.map((r) => [r.userId, r.month]));
}

export interface AffiliateListRow {
  userId: string;
  name: string;
  email: string;
  commissionBps: number;
  commissionMonths: number;
  createdAt: Date;
  /** created_at as PostgreSQL writes it (to the microsecond): the page cursor's value. */
  cursorAt: string;
  hasRole: boolean;
}

/** The programme's affiliates, newest first, after the cursor; limit + 1 rows. */
export async function listAffiliateRows(db: DbOrTx, page: { limit: number; after: { value: string; id: string } | null }): Promise<AffiliateListRow[]> {
  const after = page.after;
  return db
    .select({
      userId: affiliates.userId,
      name: users.name,
      email: users.email,
      commissionBps: affiliates.commissionBps,
      commissionMonths: affiliates.commissionMonths,
      createdAt: affiliates.createdAt,
      cursorAt: sql<string>`${affiliates.createdAt}::text`,
      hasRole: holdsAffiliateRole(affiliates.userId),
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(after ? sql`(${affiliates.createdAt}, ${affiliates.userId}) < (${after.value}::timestamptz, ${after.id})` : undefined)
    .orderBy(desc(affiliates.createdAt), desc(affiliates.userId))
    .limit(page.limit + 1);
}

/** Every code of these affiliates (live and retired): the admins' table sums their figures. */
export async function listCodesOf(db: DbOrTx, affiliateUserIds: readonly string[]): Promise<AffiliateCodeRow[]> {
  if (affiliateUserIds.length === 0) return [];
  return db.select(codeColumns).from(affiliateCodes).where(inArray(affiliateCodes.affiliateUserId, [...affiliateUserIds]));
}


/** The most statements one answer lists (twenty years of months). */
const MAX_STATEMENTS = 240;

/** An affiliate's payout lines of approved (paying, paid) months, newest first: the months with a statement. */
export async function listAffiliateStatementLines(db: DbOrTx, affiliateUserId: string) {
  return db
    .select({ month: monthlyPayouts.month, amountCents: payoutLines.amountCents, status: payoutLines.status, carryReason: payoutLines.carryReason })
    .from(payoutLines)
    .innerJoin(monthlyPayouts, eq(monthlyPayouts.id, payoutLines.payoutId))
    .where(and(eq(payoutLines.payeeUserId, affiliateUserId), eq(payoutLines.kind, 'affiliate'), sql`${monthlyPayouts.status} <> 'draft'`))
    .orderBy(desc(monthlyPayouts.month))
    .limit(MAX_STATEMENTS);
}
export type AffiliateStatementLine = Awaited<ReturnType<typeof listAffiliateStatementLines>>[number];
