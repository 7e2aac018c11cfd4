import { z } from 'zod';
import { PUBLIC, claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import {
  archivedSearchResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  similarQuerySchema,
  similarResponseSchema,
} from './search.ts';

const slugParams = z.strictObject({ slug: z.string().min(1).max(200) });

/**
 * Search: paid (subscribers; admins pass every claim check), free (everybody, free sounds only),
 * archived (admins), and similar sounds.
 */
export const SEARCH_API = {
  search: {
    method: 'GET',
    path: '/api/search',
    access: claims('subscriber'),
    summary: 'Search every listed sound: text, filters, facet counts, sorts (subscribers and admins)',
    tags: ['search'],
    query: searchQuerySchema,
    response: searchResponseSchema,
    rateLimit: 'search',
  },
  searchFree: {
    method: 'GET',
    path: '/api/search/free',
    access: PUBLIC,
    summary: 'Search the free sounds (everybody)',
    tags: ['search'],
    query: searchQuerySchema,
    response: searchResponseSchema,
    rateLimit: 'search',
  },
  searchArchived: {
    method: 'GET',
    path: '/api/search/archived',
    access: claims('admin'),
    summary: 'Search archived packs and taken-down sounds, with the reasons',
    tags: ['search', 'admin'],
    query: searchQuerySchema,
    response: archivedSearchResponseSchema,
    rateLimit: 'search',
  },
  similarItems: {
    method: 'GET',
    path: '/api/items/:slug/similar',
    access: PUBLIC,
    summary: 'Sounds that sound alike: nearest by audio features, same type, similar length',
    tags: ['search', 'catalogue'],
    params: slugParams,
    query: similarQuerySchema,
    response: similarResponseSchema,
    rateLimit: 'search',
  },
} as const satisfies Record<string, Endpoint>;
