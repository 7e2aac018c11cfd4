import { z } from 'zod';
import { PUBLIC } from './access.ts';
import {
  bundleCardSchema,
  bundleDetailSchema,
  creatorCardSchema,
  creatorDetailSchema,
  discoverSchema,
  genreCountSchema,
  itemDetailSchema,
  itemRowSchema,
  packCardSchema,
  packDetailSchema,
  productSchema,
  staffPlaylistCardSchema,
} from './catalogue.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import type { Endpoint } from './api-endpoints.ts';

/** `ref` is an id (uuid) or a slug: /pack/{id} and /products/{slug} reach the same pack. */
const refParams = z.strictObject({ ref: z.string().min(1).max(200) });
const slugParams = z.strictObject({ slug: z.string().min(1).max(200) });

export const CATALOGUE_API = {
  discover: { method: 'GET', path: '/api/discover', access: PUBLIC, summary: 'Everything the Discover screen shows', tags: ['catalogue'], response: discoverSchema },
  listPacks: {
    method: 'GET',
    path: '/api/packs',
    access: PUBLIC,
    summary: 'Published packs, newest first',
    tags: ['catalogue'],
    query: pageQuerySchema.extend({ genre: z.string().max(80).optional() }),
    response: pageSchema(packCardSchema),
  },
  listStaffPicks: { method: 'GET', path: '/api/staff-picks', access: PUBLIC, summary: 'Staff-picked packs in curated order', tags: ['catalogue'], query: pageQuerySchema, response: pageSchema(packCardSchema) },
  getPack: { method: 'GET', path: '/api/packs/:ref', access: PUBLIC, summary: 'A pack by id or slug', tags: ['catalogue'], params: refParams, response: packDetailSchema },
  listPackItems: { method: 'GET', path: '/api/packs/:ref/items', access: PUBLIC, summary: 'The items of a pack, in pack order', tags: ['catalogue'], params: refParams, query: pageQuerySchema, response: pageSchema(itemRowSchema) },
  getItem: { method: 'GET', path: '/api/items/:slug', access: PUBLIC, summary: 'A sample or preset by slug', tags: ['catalogue'], params: slugParams, response: itemDetailSchema },
  listBundles: { method: 'GET', path: '/api/bundles', access: PUBLIC, summary: 'Active bundles, newest first', tags: ['catalogue'], query: pageQuerySchema, response: pageSchema(bundleCardSchema) },
  getBundle: { method: 'GET', path: '/api/bundles/:ref', access: PUBLIC, summary: 'A bundle by id or slug, with its packs', tags: ['catalogue'], params: refParams, response: bundleDetailSchema },
  listGenres: { method: 'GET', path: '/api/genres', access: PUBLIC, summary: 'Every genre with its published pack count', tags: ['catalogue'], response: z.array(genreCountSchema) },
  listCreators: { method: 'GET', path: '/api/creators', access: PUBLIC, summary: 'Creators with published packs, by name', tags: ['catalogue'], query: pageQuerySchema, response: pageSchema(creatorCardSchema) },
  getCreator: { method: 'GET', path: '/api/creators/:ref', access: PUBLIC, summary: 'A creator by id or slug', tags: ['catalogue'], params: refParams, response: creatorDetailSchema },
  listCreatorPacks: { method: 'GET', path: '/api/creators/:ref/packs', access: PUBLIC, summary: "A creator's packs (unpublished ones too for the creator, collaborators and admins)", tags: ['catalogue'], params: refParams, query: pageQuerySchema, response: pageSchema(packCardSchema) },
  getStaffPlaylist: { method: 'GET', path: '/api/staff-playlists/:ref', access: PUBLIC, summary: 'A published staff playlist', tags: ['catalogue'], params: refParams, response: staffPlaylistCardSchema },
  listStaffPlaylistItems: { method: 'GET', path: '/api/staff-playlists/:ref/items', access: PUBLIC, summary: 'The items of a staff playlist', tags: ['catalogue'], params: refParams, query: pageQuerySchema, response: pageSchema(itemRowSchema) },
  listProducts: { method: 'GET', path: '/api/pricing/products', access: PUBLIC, summary: 'Active plans and credit packs with their active prices', tags: ['catalogue'], response: z.array(productSchema) },
} as const satisfies Record<string, Endpoint>;
