import { queryOptions, useQuery } from '@tanstack/react-query';
import { BANNER_POSITIONS, BANNER_SIZES, LICENCE_TYPES } from '@crate/contract/catalogue-enums';
import type { Discover } from '@crate/contract/catalogue';
import { invalidResponse, requestJson } from '../../../lib/api-client.ts';
import { arrayOf, isBoolean, isInteger, isString, nullable, objectOf, oneOf } from '../../../lib/json-shape.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** The contract's API.discover path (a unit test keeps the two equal). */
export const DISCOVER_PATH = '/api/discover';

const imageSet = nullable(objectOf({ '75x75': isString, '250x250': isString, '500x500': isString }));
const creatorRef = objectOf({ id: isString, slug: isString, name: isString });
const audioPreview = nullable(objectOf({ url: isString, peaks_url: isString, duration_ms: isInteger }));
const packCard = objectOf({
  id: isString,
  slug: isString,
  title: isString,
  creator: creatorRef,
  cover: imageSet,
  licence_type: oneOf(LICENCE_TYPES),
  genres: arrayOf(isString),
  item_count: isInteger,
  is_free: isBoolean,
  published_at: nullable(isString),
  status: isInteger,
  published: isBoolean,
  preview: audioPreview,
});

/**
 * The contract's discoverSchema, checked by hand (see lib/json-shape.ts): Discover is the first
 * screen of most visits, and zod with the contract schemas would weigh more than the screen itself.
 */
export const isDiscover = objectOf({
  banners: arrayOf(
    objectOf({
      id: isString,
      title: isString,
      subtitle: isString,
      image_url: nullable(isString),
      size: oneOf(BANNER_SIZES),
      position: oneOf(BANNER_POSITIONS),
      link_url: nullable(isString),
    }),
  ),
  staff_picks: arrayOf(packCard),
  new_packs: arrayOf(packCard),
  trending_packs: arrayOf(packCard),
  genres: arrayOf(objectOf({ slug: isString, label: isString, pack_count: isInteger })),
  featured_creators: arrayOf(
    objectOf({ id: isString, slug: isString, name: isString, bio: isString, location: isString, avatar: imageSet, pack_count: isInteger, featured: isBoolean }),
  ),
  staff_playlists: arrayOf(objectOf({ id: isString, slug: isString, title: isString, description: isString, cover: imageSet, item_count: isInteger })),
}) as (value: unknown) => value is Discover;

/**
 * The lead banner is the landing page's largest paint. Asked for as soon as its address is known,
 * in parallel with the screen's code, instead of when the screen first renders.
 */
function preloadLeadBanner(discover: Discover): void {
  const url = discover.banners[0]?.image_url;
  if (!url || typeof document === 'undefined' || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** GET /api/discover: the whole landing page in one request (banners, shelves, genres, creators, playlists). */
export const discoverQuery = queryOptions({
  queryKey: catalogueKeys.discover,
  queryFn: async ({ signal }): Promise<Discover> => {
    const answer = await requestJson(DISCOVER_PATH, { signal });
    if (!isDiscover(answer)) throw invalidResponse();
    preloadLeadBanner(answer);
    return answer;
  },
  staleTime: 60_000,
});

export function useDiscover() {
  return useQuery(discoverQuery);
}
