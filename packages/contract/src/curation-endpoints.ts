import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { okSchema } from './auth.ts';
import { creatorCardSchema, packCardSchema } from './catalogue.ts';
import {
  addFeaturedCreatorSchema,
  addPlaylistItemSchema,
  addStaffPickSchema,
  adminBundleSchema,
  adminBundleSummarySchema,
  adminStaffPlaylistSchema,
  bundleInputSchema,
  bundlePatchSchema,
  curationLookupQuerySchema,
  featuredCreatorsSchema,
  reorderSchema,
  staffPicksSchema,
  staffPlaylistInputSchema,
  staffPlaylistPatchSchema,
  staffPlaylistSummarySchema,
} from './curation.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

const playlistParams = z.strictObject({ id: z.uuid('Not a valid playlist id') });
const playlistItemParams = z.strictObject({ id: z.uuid('Not a valid playlist id'), itemId: z.uuid('Not a valid sound id') });
const bundleParams = z.strictObject({ id: z.uuid('Not a valid bundle id') });
const packParams = z.strictObject({ packId: z.uuid('Not a valid pack id') });
const creatorParams = z.strictObject({ creatorId: z.uuid('Not a valid creator id') });

const ADMIN = claims('admin');
const TAGS = ['admin', 'curation'] as const;

/**
 * What admins curate: staff playlists, bundles, staff picks and featured creators (docs/decisions/0046).
 * Every write is audited; a reorder carries the list's version and answers 409 when the list changed since.
 */
export const CURATION_API = {
  listAdminStaffPlaylists: { method: 'GET', path: '/api/admin/staff-playlists', access: ADMIN, summary: 'Every staff playlist, published or not, last changed first', tags: TAGS, query: pageQuerySchema, response: pageSchema(staffPlaylistSummarySchema) },
  getAdminStaffPlaylist: { method: 'GET', path: '/api/admin/staff-playlists/:id', access: ADMIN, summary: 'A staff playlist with every sound in it, in order, and its version', tags: TAGS, params: playlistParams, response: adminStaffPlaylistSchema },
  createStaffPlaylist: { method: 'POST', path: '/api/admin/staff-playlists', access: ADMIN, summary: 'Create a staff playlist (409 when its slug is taken)', tags: TAGS, body: staffPlaylistInputSchema, response: adminStaffPlaylistSchema, status: 201, rateLimit: 'create' },
  updateStaffPlaylist: { method: 'PATCH', path: '/api/admin/staff-playlists/:id', access: ADMIN, summary: "Change a staff playlist's title, slug, description or published flag", tags: TAGS, params: playlistParams, body: staffPlaylistPatchSchema, response: adminStaffPlaylistSchema },
  deleteStaffPlaylist: { method: 'DELETE', path: '/api/admin/staff-playlists/:id', access: ADMIN, summary: 'Delete a staff playlist', tags: TAGS, params: playlistParams, response: okSchema },
  addStaffPlaylistItem: { method: 'POST', path: '/api/admin/staff-playlists/:id/items', access: ADMIN, summary: 'Add a listed sound at the end of a staff playlist', tags: TAGS, params: playlistParams, body: addPlaylistItemSchema, response: adminStaffPlaylistSchema },
  removeStaffPlaylistItem: { method: 'DELETE', path: '/api/admin/staff-playlists/:id/items/:itemId', access: ADMIN, summary: 'Take a sound out of a staff playlist', tags: TAGS, params: playlistItemParams, response: adminStaffPlaylistSchema },
  reorderStaffPlaylist: { method: 'PUT', path: '/api/admin/staff-playlists/:id/order', access: ADMIN, summary: "Put a staff playlist's sounds in a new order (409 when it changed since the version sent)", tags: TAGS, params: playlistParams, body: reorderSchema, response: adminStaffPlaylistSchema },

  listAdminBundles: { method: 'GET', path: '/api/admin/bundles', access: ADMIN, summary: 'Every bundle, active or not, last changed first', tags: TAGS, query: pageQuerySchema, response: pageSchema(adminBundleSummarySchema) },
  getAdminBundle: { method: 'GET', path: '/api/admin/bundles/:id', access: ADMIN, summary: 'A bundle with its packs, for an admin to edit', tags: TAGS, params: bundleParams, response: adminBundleSchema },
  createBundle: { method: 'POST', path: '/api/admin/bundles', access: ADMIN, summary: 'Create a bundle of published packs (409 when its slug is taken)', tags: TAGS, body: bundleInputSchema, response: adminBundleSchema, status: 201, rateLimit: 'create' },
  updateBundle: { method: 'PATCH', path: '/api/admin/bundles/:id', access: ADMIN, summary: "Change a bundle's details, packs, prices or active flag", tags: TAGS, params: bundleParams, body: bundlePatchSchema, response: adminBundleSchema },
  deleteBundle: { method: 'DELETE', path: '/api/admin/bundles/:id', access: ADMIN, summary: 'Delete a bundle (what buyers got from it stays theirs)', tags: TAGS, params: bundleParams, response: okSchema },

  listAdminStaffPicks: { method: 'GET', path: '/api/admin/staff-picks', access: ADMIN, summary: 'The staff picks in order, with their version', tags: TAGS, response: staffPicksSchema },
  addStaffPick: { method: 'POST', path: '/api/admin/staff-picks', access: ADMIN, summary: 'Pick a published pack (last in the order)', tags: TAGS, body: addStaffPickSchema, response: staffPicksSchema },
  removeStaffPick: { method: 'DELETE', path: '/api/admin/staff-picks/:packId', access: ADMIN, summary: 'Take a pack out of the staff picks', tags: TAGS, params: packParams, response: staffPicksSchema },
  reorderStaffPicks: { method: 'PUT', path: '/api/admin/staff-picks/order', access: ADMIN, summary: 'Put the staff picks in a new order (409 when they changed since the version sent)', tags: TAGS, body: reorderSchema, response: staffPicksSchema },

  listFeaturedCreators: { method: 'GET', path: '/api/admin/featured-creators', access: ADMIN, summary: 'The featured creators in order, with their version', tags: TAGS, response: featuredCreatorsSchema },
  addFeaturedCreator: { method: 'POST', path: '/api/admin/featured-creators', access: ADMIN, summary: 'Feature a creator with published packs (last in the order)', tags: TAGS, body: addFeaturedCreatorSchema, response: featuredCreatorsSchema },
  removeFeaturedCreator: { method: 'DELETE', path: '/api/admin/featured-creators/:creatorId', access: ADMIN, summary: 'Stop featuring a creator', tags: TAGS, params: creatorParams, response: featuredCreatorsSchema },
  reorderFeaturedCreators: { method: 'PUT', path: '/api/admin/featured-creators/order', access: ADMIN, summary: 'Put the featured creators in a new order (409 when they changed since the version sent)', tags: TAGS, body: reorderSchema, response: featuredCreatorsSchema },

  lookUpPublishedPacks: { method: 'GET', path: '/api/admin/curation/packs', access: ADMIN, summary: 'Published packs whose title or creator matches, to add to a bundle or the staff picks', tags: TAGS, query: curationLookupQuerySchema, response: z.array(packCardSchema) },
  lookUpCreators: { method: 'GET', path: '/api/admin/curation/creators', access: ADMIN, summary: 'Creators with published packs whose name matches, to feature', tags: TAGS, query: curationLookupQuerySchema, response: z.array(creatorCardSchema) },
} as const satisfies Record<string, Endpoint>;
