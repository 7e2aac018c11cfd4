import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { EditableItem, ItemFileRole, UpdateItem } from '@crate/contract/item-editing';
import { callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';
import { searchKeys } from '../../search/api/search-items.ts';


/** How often the editor looks again while a replaced sound is being processed. */
const PROCESSING_POLL_MS = 3000;

/** GET /api/studio/items/:slug: the item as its editor sees it; polled while its sound is processed. */
export function useEditableItem(slug: string) {
  return useQuery({
    queryKey: studioKeys.item(slug),
    queryFn: ({ signal }) => callApi(API.getEditableItem, { params: { slug }, signal }),
    refetchInterval: (query) => (query.state.data?.processing ? PROCESSING_POLL_MS : false),
  });
}

/** After a change, the editor shows the answer and the public pages and search ask again. */
function useApplyEditedItem(slug: string) {
  const queryClient = useQueryClient();
  return (item: EditableItem) => {
    queryClient.setQueryData(studioKeys.item(slug), item);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all });
  };
}

/** PATCH /api/studio/items/:slug with the form's fields. */
export function useUpdateItem(slug: string) {
  const apply = useApplyEditedItem(slug);
  return useMutation({
    mutationFn: (body: UpdateItem) => callApi(API.updateItem, { params: { slug }, body }),
    onSuccess: apply,
  });
}

/** POST /api/studio/items/:slug/files: the file replaces the item's sound, preset file or preview. */
export function useReplaceItemFile(slug: string) {
  const apply = useApplyEditedItem(slug);
  return useMutation({
    mutationFn: ({ role, file }: { role: ItemFileRole; file: File }) => callApi(API.replaceItemFile, { params: { slug }, query: { role, name: file.name }, file }),
    onSuccess: apply,
  });
}
