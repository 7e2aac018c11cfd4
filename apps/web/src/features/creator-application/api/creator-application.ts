import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { CreatorApplicationInput } from '@crate/contract/creator-application';
import { callApi } from '../../../lib/api-client.ts';
import { creatorApplicationKeys } from './creator-application-keys.ts';


/** GET /api/creator-application: my latest application and whether the content agreement is accepted. */
export function useMyCreatorApplication() {
  return useQuery({
    queryKey: creatorApplicationKeys.mine,
    queryFn: ({ signal }) => callApi(API.getMyCreatorApplication, { signal }),
  });
}

/** POST /api/creator-application/demos: one demo sound, checked by the server by decoding it. */
export function useUploadDemo() {
  return useMutation({
    mutationFn: (file: File) => callApi(API.uploadApplicationDemo, { query: { name: file.name }, file }),
  });
}

/** Sends a new application (POST) or the changed open one (PUT, after an admin asked for changes). */
export function useSendApplication(mode: 'new' | 'changes') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatorApplicationInput) => callApi(mode === 'new' ? API.submitCreatorApplication : API.resubmitCreatorApplication, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorApplicationKeys.mine }),
  });
}
