import type { PayoutLineSpend } from '@crate/contract/payout-admin';
import type { listLineSpends } from './payout-month-service.ts';

type SpendPage = Awaited<ReturnType<typeof listLineSpends>>;

/** The month computation's reading of the ledger rows behind a line, as the drill-down shows them. */
export function presentLineSpendPage(page: SpendPage): { items: PayoutLineSpend[]; next_cursor: string | null } {
  return {
    items: page.rows.map((r) => ({
      entry_id: r.entryId,
      acquired_at: r.acquiredAt.toISOString(),
      item_id: r.itemId,
      item_name: r.itemName,
      pack_title: r.packTitle,
      credits: r.credits,
      price_cents: r.priceCents,
      share_bps: r.shareBps,
    })),
    next_cursor: page.nextCursor,
  };
}
