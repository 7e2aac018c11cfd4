import { z } from 'zod';
import { PUBLIC, claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { MAX_AFFILIATE_COMMISSION_BPS, MAX_AFFILIATE_COMMISSION_MONTHS, PAYOUT_CARRY_REASONS, PAYOUT_LINE_STATUSES, REFERRAL_CODE_PATTERN } from './payout-enums.ts';

/**
 * The affiliate programme (issue 29, decisions 0056 and 0059): admins make someone an affiliate with a rate and a
 * duration; an affiliate keeps referral codes, shares `/r/{code}` or `?ref={code}`, and sees their clicks, sign-ups,
 * paying customers and commission by month — never who the referred users are.
 */

const count = z.number().int().min(0);
const cents = z.number().int();

/** 1 % in basis points: the lowest rate an admin may set. */
export const MIN_AFFILIATE_COMMISSION_BPS = 100;
/** A code's label: a note for the affiliate (where they shared it). */
export const AFFILIATE_CODE_LABEL_MAX = 60;

/**
 * A referral code as typed or linked: trimmed and lower-cased, then 3–32 letters, digits and dashes. Anything longer
 * is refused before it is looked at (a 10 kB `?ref=` is a 400, never a query).
 */
export const referralCodeSchema = z
  .string('code must be a string')
  .max(32, 'A referral code is at most 32 characters')
  .trim()
  .toLowerCase()
  .regex(REFERRAL_CODE_PATTERN, 'A referral code is 3–32 letters, digits and dashes, starting and ending with a letter or digit');

/** What an admin sets: the commission (basis points of each payment, 1–90 %) and for how many months after the referred user's first payment. */
export const setAffiliateSchema = z.strictObject({
  commission_bps: z
    .number('commission_bps must be a whole number of basis points')
    .int('commission_bps must be a whole number of basis points')
    .min(MIN_AFFILIATE_COMMISSION_BPS, 'The commission is at least 1 %')
    .max(MAX_AFFILIATE_COMMISSION_BPS, 'The commission is at most 90 %'),
  commission_months: z
    .number('commission_months must be a whole number')
    .int('commission_months must be a whole number')
    .min(1, 'The commission runs for at least 1 month')
    .max(MAX_AFFILIATE_COMMISSION_MONTHS, `The commission runs for at most ${MAX_AFFILIATE_COMMISSION_MONTHS} months`),
});
export type SetAffiliate = z.infer<typeof setAffiliateSchema>;

export const affiliateCodeSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** `{public url}/r/{code}`: the link to share. */
  link: z.string(),
  created_at: z.string(),
  retired_at: z.string().nullable(),
});
export type AffiliateCode = z.infer<typeof affiliateCodeSchema>;

/** One account's place in the programme, as the admin's manage-user page shows it. */
export const adminAffiliateSchema = z.object({
  user_id: z.string(),
  /** Holds the affiliate role now (taking it away stops their codes attributing). */
  has_role: z.boolean(),
  /** Null when the account was never made an affiliate. */
  affiliate: z
    .object({
      commission_bps: z.number().int(),
      commission_months: z.number().int(),
      created_at: z.string(),
      codes: z.array(affiliateCodeSchema),
    })
    .nullable(),
});
export type AdminAffiliate = z.infer<typeof adminAffiliateSchema>;

/** How a month's commission reads to the affiliate (decision 0059). */
export const COMMISSION_STATUSES = ['pending', 'payable', 'paid', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

const commissionTotalsSchema = z.object({ pending_cents: cents, payable_cents: cents, paid_cents: cents, reversed_cents: cents });
export type CommissionTotals = z.infer<typeof commissionTotalsSchema>;

export const commissionMonthSchema = commissionTotalsSchema.extend({
  /** First day of the month the payments were made in (YYYY-MM-DD). */
  month: z.string(),
  currency: z.string(),
  /** Payments that earned a commission in the month. */
  payments: count,
});
export type CommissionMonth = z.infer<typeof commissionMonthSchema>;

const referralFiguresSchema = z.object({
  clicks_30d: count,
  clicks_total: count,
  /** Referred users who registered (refused self-referrals not counted). */
  signups: count,
  /** Of them, those who have paid at least once. */
  paying: count,
});

export const myAffiliateCodeSchema = affiliateCodeSchema.extend(referralFiguresSchema.shape);
export type MyAffiliateCode = z.infer<typeof myAffiliateCodeSchema>;

/** The affiliate's own screen: their terms, codes with figures, totals and commission by month (newest first). */
export const myAffiliateSchema = z.object({
  commission_bps: z.number().int(),
  commission_months: z.number().int(),
  max_codes: count,
  codes: z.array(myAffiliateCodeSchema),
  totals: referralFiguresSchema,
  months: z.array(commissionMonthSchema),
  /** Approved months with the affiliate's payout line, newest first: each has a statement (PDF and CSV). */
  statements: z.array(
    z.object({
      /** YYYY-MM. */
      month: z.string(),
      amount_cents: z.number().int(),
      status: z.enum(PAYOUT_LINE_STATUSES),
      carry_reason: z.enum(PAYOUT_CARRY_REASONS).nullable(),
    }),
  ),
});
export type MyAffiliate = z.infer<typeof myAffiliateSchema>;

export const addAffiliateCodeSchema = z.strictObject({
  /** The code wanted; without one, a code is made from the affiliate's name. */
  code: referralCodeSchema.optional(),
  label: z.string('label must be a string').trim().max(AFFILIATE_CODE_LABEL_MAX, `A label is at most ${AFFILIATE_CODE_LABEL_MAX} characters`).optional(),
});
export type AddAffiliateCode = z.infer<typeof addAffiliateCodeSchema>;

export const referralClickSchema = z.strictObject({ code: referralCodeSchema });

/** A counted click: the signed token the browser keeps for the attribution window (decision 0059). */
export const referralClickResultSchema = z.object({ code: z.string(), token: z.string(), expires_at: z.string() });
export type ReferralClickResult = z.infer<typeof referralClickResultSchema>;

/** A signed referral token as the register request carries it (anything else is ignored there, never refused). */
export const REFERRAL_TOKEN_MAX = 200;

/** One affiliate's figures in the admins' table. */
export const adminAffiliateRowSchema = z.object({
  user_id: z.string(),
  display_name: z.string(),
  email: z.string(),
  has_role: z.boolean(),
  commission_bps: z.number().int(),
  commission_months: z.number().int(),
  live_codes: count,
  clicks: count,
  signups: count,
  refused: count,
  paying: count,
  pending_cents: cents,
  payable_cents: cents,
  paid_cents: cents,
  created_at: z.string(),
});
export type AdminAffiliateRow = z.infer<typeof adminAffiliateRowSchema>;

const ADMIN = claims('admin');
const AFFILIATE = claims('affiliate');
const userParams = z.strictObject({ id: z.string().min(1).max(64) });

export const AFFILIATE_API = {
  getUserAffiliate: {
    method: 'GET',
    path: '/api/admin/users/:id/affiliate',
    access: ADMIN,
    summary: "An account's affiliate terms and codes (null when it was never made an affiliate)",
    tags: ['admin', 'affiliates'],
    params: userParams,
    response: adminAffiliateSchema,
  },
  setUserAffiliate: {
    method: 'PUT',
    path: '/api/admin/users/:id/affiliate',
    access: ADMIN,
    summary: 'Make an account an affiliate or change its terms: grants the affiliate role and a first code when it has none',
    tags: ['admin', 'affiliates'],
    params: userParams,
    body: setAffiliateSchema,
    response: adminAffiliateSchema,
  },
  listAffiliates: {
    method: 'GET',
    path: '/api/admin/affiliates',
    access: ADMIN,
    summary: "Every affiliate's figures: codes, clicks, sign-ups, refused, paying customers and commission by status (newest first)",
    tags: ['admin', 'affiliates'],
    query: pageQuerySchema,
    response: pageSchema(adminAffiliateRowSchema),
  },
  getMyAffiliate: {
    method: 'GET',
    path: '/api/affiliate',
    access: AFFILIATE,
    summary: 'My referral codes with their clicks, sign-ups and paying customers, and my commission by month',
    tags: ['affiliates'],
    response: myAffiliateSchema,
  },
  addAffiliateCode: {
    method: 'POST',
    path: '/api/affiliate/codes',
    access: AFFILIATE,
    summary: 'Add a referral code (chosen, or made from my name), with an optional label',
    tags: ['affiliates'],
    body: addAffiliateCodeSchema,
    response: myAffiliateSchema,
    status: 201,
    rateLimit: 'create',
  },
  retireAffiliateCode: {
    method: 'DELETE',
    path: '/api/affiliate/codes/:code',
    access: AFFILIATE,
    summary: 'Retire one of my codes: its link stops counting clicks and attributing sign-ups',
    tags: ['affiliates'],
    params: z.strictObject({ code: z.string().min(1).max(32) }),
    response: myAffiliateSchema,
  },
  downloadAffiliateMonths: {
    method: 'GET',
    path: '/api/affiliate/months.csv',
    access: AFFILIATE,
    summary: 'My commission by month as CSV',
    tags: ['affiliates'],
    reply: { kind: 'file', contentTypes: ['text/csv'] },
    rateLimit: 'export',
  },
  recordReferralClick: {
    method: 'POST',
    path: '/api/referrals/click',
    access: PUBLIC,
    summary: 'Count a click on a referral link and answer the signed token the browser keeps for the attribution window',
    tags: ['affiliates'],
    body: referralClickSchema,
    response: referralClickResultSchema,
    rateLimit: 'referral',
  },
} as const satisfies Record<string, Endpoint>;
