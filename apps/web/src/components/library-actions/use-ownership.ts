import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { AcquisitionTarget } from '@crate/contract/commerce';
import { catalogueKeys } from '../../features/catalogue/api/catalogue-keys.ts';
import { callApi } from '../../lib/api-client.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { profileStore, useProfile } from '../../profile/profile-state.ts';
import { libraryKeys } from './library-query-keys.ts';

const EMPTY = new Set<string>();
const ownedSets = new WeakMap<{ item_ids: string[] }, ReadonlySet<string>>();
/** One Set per answer, shared by every Get button (a list mounts one per row; a library can hold thousands of ids). */
function ownedSet(data: { item_ids: string[] }): ReadonlySet<string> {
  let set = ownedSets.get(data);
  if (!set) ownedSets.set(data, (set = new Set(data.item_ids)));
  return set;
}

/** The ids of everything the signed-in user owns, one request for every Get button on the page. */
export function useOwnedItemIds(): { owned: ReadonlySet<string>; loading: boolean } {
  const { uid } = useProfile();
  const query = useQuery({
    queryKey: libraryKeys.ownedIds(uid),
    queryFn: ({ signal }) => callApi(API.listOwnedItemIds, { signal }),
    enabled: uid !== '',
    select: ownedSet,
    staleTime: 60_000,
  });
  return { owned: query.data ?? EMPTY, loading: uid !== '' && query.isPending };
}

/**
 * Get an item, pack or bundle. Each call makes its own idempotency key, so a retried request never
 * spends twice; the balance in the header and every Owned mark update from the server's answer, and the
 * packs' answers reload (what the rest of a pack costs changes with what is owned). `expected_cost`, the
 * price shown, makes the server refuse rather than charge another.
 */
export function useAcquire() {
  const { uid } = useProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { target: AcquisitionTarget; id: string; expected_cost?: number }) => callApi(API.acquire, { body: { ...input, idempotency_key: newIdempotencyKey() } }),
    onSuccess: (result) => {
      profileStore.setCredits(result.credits, result.credits_expire_at);
      queryClient.setQueryData<{ item_ids: string[] }>(libraryKeys.ownedIds(uid), (current) => ({
        item_ids: [...new Set([...(current?.item_ids ?? []), ...result.owned_item_ids])],
      }));
      void queryClient.invalidateQueries({ queryKey: libraryKeys.ownedItems });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.creditHistory });
      // A pack's own answer (not its sounds) carries what the rest of it costs.
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.packs, predicate: (query) => query.queryKey.length === catalogueKeys.pack('').length });
    },
  });
}
