import type { AdminAttribution } from '@crate/contract/attribution';
import type { getAttributionStatus } from './attribution-admin-service.ts';

export function presentAttributionStatus(status: Awaited<ReturnType<typeof getAttributionStatus>>): AdminAttribution {
  return {
    forwarding: status.forwarding,
    waiting: status.waiting,
    forwarded_last_24h: status.forwarded,
    failed: status.failed,
    last_error: status.lastError,
    last_failed_at: status.lastFailedAt?.toISOString() ?? null,
  };
}
