import type { PayoutLineSpend } from '@crate/contract/payout-admin';
import { encodeCursor } from '../../http/page-cursor.ts';
import type { LineSpendPage } from './payout-month-service.ts';

/** The month computation's reading of the ledger rows behind a line, as the drill-down shows them: a spend has credits, a sale a price share. */
export function presentLineSpendPage(page: LineSpendPage): { items: PayoutLineSpend[]; next_cursor: string | null } {
  return {
    items: page.rows.map((r) => ({
      entry_id: r.ownedItemId,
      acquired_at: r.acquiredAt.toISOString(),
      item_id: r.itemId,
      item_name: r.itemName,
      pack_title: r.packTitle,
      credits: r.credits > 0 ? r.credits : null,
      price_cents: r.priceCents > 0 ? r.priceCents : null,
      share_bps: r.shareBps,
    })),
    next_cursor: page.next ? encodeCursor(page.next.at, page.next.id) : null,
  };
}
