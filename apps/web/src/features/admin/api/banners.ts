import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { AdminBanner, BannerInput, BannerList, ReorderBanners, UpdateBanner } from '@crate/contract/banners';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';
import { adminKeys } from './admin-keys.ts';

/** Every banner in Discover's order, with the version of that order a reorder names. */
export function useBanners() {
  return useQuery({ queryKey: adminKeys.banners, queryFn: ({ signal }) => callApi(API.listBanners, { signal }) });
}

export function useBanner(id: string) {
  return useQuery({ queryKey: adminKeys.banner(id), queryFn: ({ signal }) => callApi(API.getBanner, { params: { id }, signal }) });
}

/** A banner write changes the list and what Discover shows. */
function useBannerChanged() {
  const queryClient = useQueryClient();
  return {
    banner: (banner: AdminBanner) => {
      queryClient.setQueryData(adminKeys.banner(banner.id), banner);
      void queryClient.invalidateQueries({ queryKey: adminKeys.banners, exact: true });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.discover });
    },
    list: (list: BannerList) => {
      queryClient.setQueryData(adminKeys.banners, list);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.discover });
    },
  };
}

export function useCreateBanner() {
  const changed = useBannerChanged();
  return useMutation({ mutationFn: (body: BannerInput) => callApi(API.createBanner, { body }), onSuccess: changed.banner });
}

export function useUpdateBanner(id: string) {
  const changed = useBannerChanged();
  return useMutation({ mutationFn: (body: UpdateBanner) => callApi(API.updateBanner, { params: { id }, body }), onSuccess: changed.banner });
}

export function useDeleteBanner() {
  const changed = useBannerChanged();
  return useMutation({ mutationFn: (id: string) => callApi(API.deleteBanner, { params: { id } }), onSuccess: changed.list });
}

/** A new order; the list shows it at once and goes back if the server refuses it (a 409 from another tab's order reloads it). */
export function useReorderBanners() {
  const queryClient = useQueryClient();
  const changed = useBannerChanged();
  return useMutation({
    mutationFn: (body: ReorderBanners) => callApi(API.reorderBanners, { body }),
    onMutate: (body) => {
      const before = queryClient.getQueryData<BannerList>(adminKeys.banners);
      if (before) {
        const byId = new Map(before.banners.map((banner) => [banner.id, banner]));
        queryClient.setQueryData<BannerList>(adminKeys.banners, { ...before, banners: body.ids.flatMap((id) => byId.get(id) ?? []) });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(adminKeys.banners, context.before);
      void queryClient.invalidateQueries({ queryKey: adminKeys.banners, exact: true });
    },
    onSuccess: changed.list,
  });
}
