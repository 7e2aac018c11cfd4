import type { AdminDashboard } from '@crate/contract/admin-dashboard';
import type { Dashboard } from './admin-dashboard-service.ts';

export function presentDashboard({ attention, days, payoutsWaiting }: Dashboard): AdminDashboard {
  const rows = days.map((d) => d.row).filter((r) => r !== null);
  const latest = rows.reduce<(typeof rows)[number] | null>((a, r) => (a === null || r.updatedAt > a.updatedAt ? r : a), null);
  return {
    attention: {
      creator_applications: attention.creatorApplications,
      packs_awaiting_review: attention.packsAwaitingReview,
      packs_with_file_errors: attention.packsWithFileErrors,
      failed_processing_runs: attention.failedProcessingRuns,
      failed_jobs: attention.failedJobs,
      open_disputes: attention.openDisputes,
      payouts_awaiting_approval: payoutsWaiting.filter((m) => m.status === 'draft').length,
    },
    payouts_waiting: payoutsWaiting.map((m) => ({ id: m.id, month: m.month, status: m.status })),
    days: days.map(({ day, row }) => ({
      day,
      signups: row?.signups ?? 0,
      active_subscribers: row?.activeSubscribers ?? null,
      mrr: row?.mrr ?? null,
      credits_spent: row?.creditsSpent ?? 0,
      downloads: row?.downloads ?? 0,
      plays: row?.plays ?? 0,
    })),
    currency: [...rows].reverse().find((r) => r.mrrCurrency)?.mrrCurrency ?? null,
    updated_at: latest?.updatedAt.toISOString() ?? null,
  };
}
