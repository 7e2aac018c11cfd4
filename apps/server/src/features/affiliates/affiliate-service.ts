import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AddAffiliateCode, AdminAffiliate, AdminAffiliateRow, CommissionMonth, MyAffiliate, ReferralClickResult, SetAffiliate } from '@crate/contract/affiliates';
import { MAX_AFFILIATE_CODES } from '@crate/contract/payout-enums';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { csvLine } from '../../files/csv.ts';
import { AppError } from '../../http/app-error.ts';
import { CURSOR_IDS, CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { asAffiliateCode } from '../../policies/affiliate-code-policy.ts';
import { authorize } from '../../policies/can.ts';
import { accountFor } from '../admin-users/admin-user-service.ts';
import { grantRole, rolesOf } from '../roles/role-service.ts';
import { codeBaseFromName, normaliseEmail } from './affiliate-rules.ts';
import { presentAdminAffiliate, presentAdminAffiliateRow, presentCode, presentMyAffiliate, summariseCommissions, type CommissionSummary } from './affiliate-presenter.ts';
import {
  commissionGroups,
  countClick,
  countLiveCodes,
  figuresOfCodes,
  findAffiliate,
  findAttributingCode,
  findCode,
  findUserName,
  insertCode,
  insertReferral,
  latestPaidMonths,
  listAffiliateRows,
  listAffiliateStatementLines,
  listCodes,
  listCodesOf,
  lockAffiliate,
  retireCode as retireCodeRow,
  takenCodes,
  upsertAffiliate,
} from './affiliate-repository.ts';
import { REFERRAL_WINDOW_MS, signReferralToken, verifyReferralToken } from './referral-token.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Clicks "in the last 30 days": today (UTC) and the 29 days before. */
const RECENT_DAYS = 30;
const NOT_AN_AFFILIATE = 'You are not in the affiliate programme: an admin makes accounts affiliates.';

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const linkOf = (ctx: AppContext) => (code: string) => `${ctx.config.publicUrl}/r/${code}`;

/** A code nobody holds: the base made from the name, then the base with a number, then with a random suffix. */
async function freeCode(db: DbOrTx, name: string): Promise<string> {
  const base = codeBaseFromName(name);
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)];
  const taken = await takenCodes(db, candidates);
  return candidates.find((c) => !taken.has(c)) ?? `${base}-${randomBytes(3).toString('hex')}`;
}

/** Inserts a code made from the name; a code taken at the same moment by someone else is made again (a few times). */
async function insertCodeFromName(tx: Tx, affiliateUserId: string, name: string, label: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const code = await freeCode(tx, name);
    if (await insertCode(tx, { code, affiliateUserId, label })) return code;
  }
  throw new AppError('CONFLICT', 'No free code could be made from the name just now: try again, or choose one.', 'code');
}

async function loadAdminAffiliate(ctx: AppContext, userId: string): Promise<AdminAffiliate> {
  const [affiliate, roles] = [await findAffiliate(ctx.db, userId), await rolesOf(ctx.db, userId)];
  const codes = affiliate ? await listCodes(ctx.db, userId) : [];
  return presentAdminAffiliate({ userId, hasRole: roles.includes('affiliate'), affiliate, codes, linkOf: linkOf(ctx) });
}

/** An account's affiliate terms and codes, for the admin's manage-user page. */
export async function getUserAffiliate(ctx: AppContext, viewer: Viewer, userId: string): Promise<AdminAffiliate> {
  await accountFor(ctx.db, viewer, 'read', userId);
  return loadAdminAffiliate(ctx, userId);
}

/**
 * Makes an account an affiliate or changes its terms (issue 29): the affiliates row, the affiliate role through the
 * roles service (audited there) when it is missing, and a first code made from their name when they have no live
 * one — in one transaction, with an audit row of the terms.
 */
export async function setUserAffiliate(ctx: AppContext, viewer: Viewer, userId: string, input: SetAffiliate, ipAddress: string | null): Promise<AdminAffiliate> {
  const account = await accountFor(ctx.db, viewer, 'manage', userId);
  // The code is public (in a link): made from the name the account gave, never from its e-mail.
  await ctx.db.transaction(async (tx) => {
    const before = await findAffiliate(tx, userId);
    await upsertAffiliate(tx, { userId, commissionBps: input.commission_bps, commissionMonths: input.commission_months, createdBy: viewer.userId });
    await grantRole(tx, { userId, actorUserId: viewer.userId, ipAddress, reason: 'affiliate programme' }, 'affiliate');
    await lockAffiliate(tx, userId);
    const firstCode = (await countLiveCodes(tx, userId)) === 0 ? await insertCodeFromName(tx, userId, account.name, '') : null;
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: before ? 'affiliate.terms_changed' : 'affiliate.created',
      targetType: 'user',
      targetId: userId,
      details: {
        before: before ? { commission_bps: before.commissionBps, commission_months: before.commissionMonths } : null,
        after: { commission_bps: input.commission_bps, commission_months: input.commission_months },
        ...(firstCode ? { first_code: firstCode } : {}),
      },
      ipAddress,
    });
  });
  return loadAdminAffiliate(ctx, userId);
}

async function summariesOf(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, CommissionSummary>> {
  const [groups, paid] = [await commissionGroups(db, userIds), await latestPaidMonths(db, userIds)];
  return new Map(userIds.map((id) => [id, summariseCommissions(groups.filter((g) => g.affiliateUserId === id), paid.get(id) ?? null)]));
}

/** Every affiliate's figures for the admins' table, newest in the programme first. */
export async function listAffiliates(ctx: AppContext, query: { cursor?: string | undefined; limit: number }): Promise<{ items: AdminAffiliateRow[]; next_cursor: string | null }> {
  const rows = await listAffiliateRows(ctx.db, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time, CURSOR_IDS.account) });
  const ids = rows.slice(0, query.limit).map((r) => r.userId);
  const codes = await listCodesOf(ctx.db, ids);
  const figures = await figuresOfCodes(
    ctx.db,
    codes.map((c) => c.code),
    utcDay(ctx.clock.now()),
  );
  const summaries = await summariesOf(ctx.db, ids);
  return toPage(
    rows,
    query.limit,
    (row) => {
      const own = codes.filter((c) => c.affiliateUserId === row.userId);
      return presentAdminAffiliateRow(row, {
        liveCodes: own.filter((c) => c.retiredAt === null).length,
        figures: own.map((c) => figures.get(c.code)!),
        commission: summaries.get(row.userId)!,
      });
    },
    (row) => encodeCursor(row.cursorAt, row.userId),
  );
}

/** The viewer's terms; a viewer outside the programme (an admin, a role granted by hand) is told so. */
async function ownAffiliate(db: DbOrTx, viewer: Viewer) {
  const affiliate = await findAffiliate(db, viewer.userId);
  if (!affiliate) throw new AppError('NOT_FOUND', NOT_AN_AFFILIATE);
  return affiliate;
}

async function loadMyAffiliate(ctx: AppContext, viewer: Viewer): Promise<MyAffiliate> {
  const affiliate = await ownAffiliate(ctx.db, viewer);
  const codes = await listCodes(ctx.db, viewer.userId);
  const since = utcDay(new Date(ctx.clock.now().getTime() - (RECENT_DAYS - 1) * DAY_MS));
  const figures = await figuresOfCodes(
    ctx.db,
    codes.map((c) => c.code),
    since,
  );
  const summary = (await summariesOf(ctx.db, [viewer.userId])).get(viewer.userId)!;
  const statements = await listAffiliateStatementLines(ctx.db, viewer.userId);
  return presentMyAffiliate({ affiliate, codes: codes.map((c) => ({ ...presentCode(c, linkOf(ctx)), figures: figures.get(c.code)! })), months: summary.months, statements, maxCodes: MAX_AFFILIATE_CODES });
}

export async function getMyAffiliate(ctx: AppContext, viewer: Viewer): Promise<MyAffiliate> {
  return loadMyAffiliate(ctx, viewer);
}

/** Adds a code (the one asked for, or one made from the viewer's name) while they hold fewer than MAX_AFFILIATE_CODES live ones. */
export async function addAffiliateCode(ctx: AppContext, viewer: Viewer, input: AddAffiliateCode, ipAddress: string | null): Promise<MyAffiliate> {
  await ctx.db.transaction(async (tx) => {
    await ownAffiliate(tx, viewer);
    await lockAffiliate(tx, viewer.userId);
    if ((await countLiveCodes(tx, viewer.userId)) >= MAX_AFFILIATE_CODES) {
      throw new AppError('CONFLICT', `You have ${MAX_AFFILIATE_CODES} live codes, the most one may hold: retire one first.`, 'code');
    }
    const label = input.label ?? '';
    let code: string;
    if (input.code) {
      if (!(await insertCode(tx, { code: input.code, affiliateUserId: viewer.userId, label }))) throw new AppError('CONFLICT', 'That code is taken: choose another.', 'code');
      code = input.code;
    } else {
      code = await insertCodeFromName(tx, viewer.userId, await findUserName(tx, viewer.userId), label);
    }
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'affiliate.code_added', targetType: 'user', targetId: viewer.userId, details: { code, label }, ipAddress });
  });
  return loadMyAffiliate(ctx, viewer);
}

/** Retires one of the viewer's codes: its link stops counting clicks and attributing sign-ups. Retiring a retired code changes nothing. */
export async function retireAffiliateCode(ctx: AppContext, viewer: Viewer, code: string, ipAddress: string | null): Promise<MyAffiliate> {
  await ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'retire', await findCode(tx, code.toLowerCase()), asAffiliateCode, 'That code');
    if (!(await retireCodeRow(tx, row.code, ctx.clock.now()))) return;
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'affiliate.code_retired', targetType: 'user', targetId: row.affiliateUserId, details: { code: row.code }, ipAddress });
  });
  return loadMyAffiliate(ctx, viewer);
}

/** The viewer's commission by month as CSV (the same months as the screen). */
export async function affiliateMonthsCsv(ctx: AppContext, viewer: Viewer): Promise<{ fileName: string; body: Readable }> {
  const { months } = await loadMyAffiliate(ctx, viewer);
  return { fileName: `crate-affiliate-commission-${utcDay(ctx.clock.now())}.csv`, body: Readable.from(monthsCsvLines(months)) };
}

function* monthsCsvLines(months: readonly CommissionMonth[]): Generator<string> {
  const money = (cents: number) => (cents / 100).toFixed(2);
  yield csvLine(['month', 'currency', 'payments', 'pending', 'payable', 'paid', 'reversed']);
  for (const m of months) yield csvLine([m.month.slice(0, 7), m.currency.toUpperCase(), m.payments, money(m.pending_cents), money(m.payable_cents), money(m.paid_cents), money(m.reversed_cents)]);
}

/**
 * Counts a click on a referral link (per code and UTC day) and answers the signed token the browser keeps. A code
 * that does not attribute — unknown, retired, or its owner no longer an affiliate — is refused and never counted.
 */
export async function recordReferralClick(ctx: AppContext, code: string): Promise<ReferralClickResult> {
  const row = await findAttributingCode(ctx.db, code);
  if (!row) throw new AppError('NOT_FOUND', 'That referral code is not in use.', 'code');
  const now = ctx.clock.now();
  await countClick(ctx.db, row.code, utcDay(now));
  return { code: row.code, token: signReferralToken(ctx.config.authSecret, row.code, now), expires_at: new Date(now.getTime() + REFERRAL_WINDOW_MS).toISOString() };
}

/**
 * Attributes a new account to the affiliate whose link it came through (decision 0059): the token must be signed by
 * this server, within the window, for a code that attributes now. An affiliate's own e-mail (normalised) is refused
 * and kept as such. Never throws: a bad token, or any failure here, leaves the registration as it is.
 */
export async function attributeReferral(ctx: AppContext, account: { userId: string; email: string }, token: string | undefined): Promise<void> {
  if (!token) return;
  try {
    const click = verifyReferralToken(ctx.config.authSecret, token, ctx.clock.now());
    if (!click) return;
    const code = await findAttributingCode(ctx.db, click.code);
    if (!code) return;
    const self = normaliseEmail(code.affiliateEmail) === normaliseEmail(account.email);
    await insertReferral(ctx.db, {
      affiliateUserId: code.affiliateUserId,
      referredUserId: account.userId,
      code: code.code,
      clickedAt: click.clickedAt,
      status: self ? 'refused' : 'active',
      refusedReason: self ? 'same_email' : null,
    });
  } catch (error) {
    ctx.log.warn({ userId: account.userId, err: error }, 'referral could not be recorded at registration');
  }
}
