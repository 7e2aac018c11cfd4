import { useMutation } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { UploadAdminImageQuery } from '@crate/contract/admin-images';
import { callApi } from '../../../lib/api-client.ts';

/** Uploads a picture for a banner or a cover with its crop; the answer carries the derived sizes' URLs. */
export function useUploadAdminImage() {
  return useMutation({ mutationFn: ({ file, query }: { file: Blob; query: UploadAdminImageQuery }) => callApi(API.uploadAdminImage, { query, file }) });
}
