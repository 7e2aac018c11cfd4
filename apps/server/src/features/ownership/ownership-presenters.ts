import type { OwnedItem } from '@crate/contract/commerce';
import { presentItemRow } from '../catalogue/catalogue-presenters.ts';
import type { listOwnedItems } from './acquisition-service.ts';

type OwnedItemRow = Awaited<ReturnType<typeof listOwnedItems>>[number];

export function presentOwnedItem(row: OwnedItemRow): OwnedItem {
  return { ...presentItemRow(row), acquired_at: row.acquiredAt.toISOString(), certificate_number: row.certificateNumber };
}
