import { PACK_STATUS } from '@crate/contract/pack-status';
import type { ArchivedItemRow } from '@crate/contract/search';
import { presentItemRow } from '../catalogue/catalogue-presenters.ts';
import type { SearchRowData } from './search-repository.ts';

export function presentArchivedItemRow(row: SearchRowData): ArchivedItemRow {
  return {
    ...presentItemRow(row),
    pack_status: row.packStatus,
    pack_archived: row.packStatus === PACK_STATUS.archived,
    pack_takedown_reason: row.packTakedownReason,
    taken_down_at: row.takenDownAt ? row.takenDownAt.toISOString() : null,
  };
}
