import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { PackProcessing } from '@crate/contract/pack-review';
import { callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';


/** While a pack is approved or processing its report changes by the second: poll it until the run ends. */
const isMoving = (report: PackProcessing | undefined) => report !== undefined && (report.status === PACK_STATUS.approved || report.status === PACK_STATUS.processing);

/** GET /api/studio/packs/:id/processing — the latest run (status, progress, problems per file) and the latest review notes. */
export function usePackProcessing(packId: string, enabled = true) {
  return useQuery({
    queryKey: studioKeys.packProcessing(packId),
    queryFn: ({ signal }) => callApi(API.getPackProcessing, { params: { id: packId }, signal }),
    enabled,
    refetchInterval: (query) => (isMoving(query.state.data) ? 1000 : false),
  });
}
