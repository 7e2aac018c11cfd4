import { z } from 'zod';
import { MONTHLY_PAYOUT_STATUSES } from './payout-enums.ts';

const count = z.number().int().min(0);

/** How many days of key numbers /admin charts. */
export const DASHBOARD_DAYS = 30;

/**
 * The admin's home: what needs attention now (each a count the page links to), and the key numbers of the
 * last DASHBOARD_DAYS UTC days, oldest first, read from daily rollups (docs/decisions/0048).
 */
export const adminDashboardSchema = z.object({
  attention: z.object({
    creator_applications: count,
    packs_awaiting_review: count,
    packs_with_file_errors: count,
    failed_processing_runs: count,
    failed_jobs: count,
    open_disputes: count,
    /** Months over whose payout draft waits for an admin's approval (docs/decisions/0054). */
    payouts_awaiting_approval: count.nullable(),
  }),
  /** Payout months waiting for an admin, oldest first: drafts of months that have ended, and approved months not paid yet. */
  payouts_waiting: z.array(z.object({ id: z.string(), month: z.string(), status: z.enum(MONTHLY_PAYOUT_STATUSES) })),
  days: z.array(
    z.object({
      day: z.string(),
      signups: count,
      /** Subscribers at the day's last snapshot (today: within minutes); null before the rollup first ran. */
      active_subscribers: count.nullable(),
      /** Monthly recurring revenue at the day's last snapshot, in minor units of `currency` (yearly plans count a twelfth). */
      mrr: count.nullable(),
      credits_spent: count,
      downloads: count,
      plays: count,
    }),
  ),
  /** The currency most subscriptions pay in (null while there are none). */
  currency: z.string().nullable(),
  /** When the rollups were last brought up to date. */
  updated_at: z.string().nullable(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
