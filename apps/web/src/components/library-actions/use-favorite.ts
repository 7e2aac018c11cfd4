import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-messages.ts';
import { useProfile } from '../../profile/profile-state.ts';
import { getFavoriteOverride, setFavoriteOverride, useFavorited, type FavoriteKind } from './favorite-overrides.ts';
import { libraryKeys } from './library-query-keys.ts';

const ENDPOINTS = {
  item: { on: API.favoriteItem, off: API.unfavoriteItem, listKey: libraryKeys.favoriteItems },
  pack: { on: API.favoritePack, off: API.unfavoritePack, listKey: libraryKeys.favoritePacks },
} as const;

export interface FavoriteControl {
  signedIn: boolean;
  favorited: boolean;
  pending: boolean;
  toggle(): void;
}

/**
 * Heart or un-heart an item or a pack. The heart changes at once (optimistic) and goes back, with a
 * message, if the server refuses; the library's favorites lists refetch afterwards.
 */
export function useFavorite(kind: FavoriteKind, id: string, fromServer: boolean | null): FavoriteControl {
  const { uid } = useProfile();
  const queryClient = useQueryClient();
  const favorited = useFavorited(uid, kind, id, fromServer);
  const mutation = useMutation({
    mutationFn: async (next: boolean) => {
      const endpoint = next ? ENDPOINTS[kind].on : ENDPOINTS[kind].off;
      return callApi(endpoint, { params: { id } });
    },
    onMutate: (next) => {
      const previous = getFavoriteOverride(uid, kind, id) ?? fromServer ?? false;
      setFavoriteOverride(uid, kind, id, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context) setFavoriteOverride(uid, kind, id, context.previous);
      notifications.show({ color: 'red', title: 'The heart did not stick', message: apiErrorMessage(error) });
    },
    onSuccess: (state) => {
      setFavoriteOverride(uid, kind, id, state.favorited);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS[kind].listKey }),
  });
  return {
    signedIn: uid !== '',
    favorited,
    pending: mutation.isPending,
    toggle: () => mutation.mutate(!favorited),
  };
}
