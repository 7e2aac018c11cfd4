import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { AnalyticsGranularity } from '@crate/contract/analytics';
import { buildPath, callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';

export interface AnalyticsRangeQuery {
  from: string;
  to: string;
  granularity: AnalyticsGranularity;
}

/** GET /api/analytics/items/:slug for a range; the previous range stays on screen while the next loads. */
export function useItemAnalytics(slug: string, range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: studioKeys.itemAnalytics(slug, range),
    queryFn: ({ signal }) => callApi(API.getItemAnalytics, { params: { slug }, query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/analytics/packs/:id for a range, with the pack's top items. */
export function usePackAnalytics(id: string, range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: studioKeys.packAnalytics(id, range),
    queryFn: ({ signal }) => callApi(API.getPackAnalytics, { params: { id }, query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where the browser downloads the same figures as CSV (the session cookie authorizes it). */
export const itemAnalyticsCsvUrl = (slug: string, range: AnalyticsRangeQuery) => buildPath(API.exportItemAnalytics.path, { slug }, { ...range });
export const packAnalyticsCsvUrl = (id: string, range: AnalyticsRangeQuery) => buildPath(API.exportPackAnalytics.path, { id }, { ...range });
