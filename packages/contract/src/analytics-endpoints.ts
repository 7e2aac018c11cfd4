import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { analyticsQuerySchema, itemAnalyticsSchema, packAnalyticsSchema } from './analytics.ts';

const slugParams = z.strictObject({ slug: z.string().min(1).max(200) });
const idParams = z.strictObject({ id: z.uuid('Not a valid id') });
const CREATOR_PEOPLE = claims('creator', 'collaborator');

/**
 * Item and pack analytics: the item's or pack's creator, their collaborators (read) and admins. For
 * anybody else the analytics do not exist (404, docs/decisions/0013). CSV answers are streamed and draw on
 * the `export` budget: so many an hour and two at once per user (docs/decisions/0035).
 */
export const ANALYTICS_API = {
  getItemAnalytics: { method: 'GET', path: '/api/analytics/items/:slug', access: CREATOR_PEOPLE, summary: 'Plays, downloads, gets, favorites, playlist adds and credits of one item over time', tags: ['analytics'], params: slugParams, query: analyticsQuerySchema, response: itemAnalyticsSchema },
  exportItemAnalytics: { method: 'GET', path: '/api/analytics/items/:slug/export.csv', access: CREATOR_PEOPLE, summary: 'The same series as CSV (one row per period)', tags: ['analytics'], params: slugParams, query: analyticsQuerySchema, reply: { kind: 'file', contentTypes: ['text/csv'] }, rateLimit: 'export' },
  getPackAnalytics: { method: 'GET', path: '/api/analytics/packs/:id', access: CREATOR_PEOPLE, summary: "A pack's counters over time, its totals and its top items", tags: ['analytics'], params: idParams, query: analyticsQuerySchema, response: packAnalyticsSchema },
  exportPackAnalytics: { method: 'GET', path: '/api/analytics/packs/:id/export.csv', access: CREATOR_PEOPLE, summary: "A pack's counters as CSV, one row per item per period", tags: ['analytics'], params: idParams, query: analyticsQuerySchema, reply: { kind: 'file', contentTypes: ['text/csv'] }, rateLimit: 'export' },
} as const satisfies Record<string, Endpoint>;
