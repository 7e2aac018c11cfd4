import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createBundle, deleteBundle, getBundle, listBundles, updateBundle } from './bundle-curation-service.ts';
import {
  addFeaturedCreator,
  addStaffPick,
  listFeaturedCreators,
  listStaffPicks,
  lookUpCreators,
  lookUpPublishedPacks,
  removeFeaturedCreator,
  removeStaffPick,
  reorderFeaturedCreators,
  reorderStaffPicks,
} from './shelf-service.ts';
import {
  addStaffPlaylistItem,
  createStaffPlaylist,
  deleteStaffPlaylist,
  getStaffPlaylist,
  listStaffPlaylists,
  removeStaffPlaylistItem,
  reorderStaffPlaylist,
  updateStaffPlaylist,
} from './staff-playlist-service.ts';

/** What admins curate: staff playlists, bundles, staff picks and featured creators (docs/decisions/0046). */
export function registerCurationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.listAdminStaffPlaylists, async ({ query }) => listStaffPlaylists(ctx.db, query));
  registerEndpoint(app, API.getAdminStaffPlaylist, async ({ viewer, params }) => getStaffPlaylist(ctx.db, viewer!, params.id));
  registerEndpoint(app, API.createStaffPlaylist, async ({ viewer, body, request }) => createStaffPlaylist(ctx, viewer!, body, request.ip));
  registerEndpoint(app, API.updateStaffPlaylist, async ({ viewer, params, body, request }) => updateStaffPlaylist(ctx, viewer!, params.id, body, request.ip));
  registerEndpoint(app, API.deleteStaffPlaylist, async ({ viewer, params, request }) => deleteStaffPlaylist(ctx, viewer!, params.id, request.ip));
  registerEndpoint(app, API.addStaffPlaylistItem, async ({ viewer, params, body, request }) => addStaffPlaylistItem(ctx, viewer!, params.id, body.item_id, request.ip));
  registerEndpoint(app, API.removeStaffPlaylistItem, async ({ viewer, params, request }) => removeStaffPlaylistItem(ctx, viewer!, params.id, params.itemId, request.ip));
  registerEndpoint(app, API.reorderStaffPlaylist, async ({ viewer, params, body, request }) => reorderStaffPlaylist(ctx, viewer!, params.id, body, request.ip));

  registerEndpoint(app, API.listAdminBundles, async ({ query }) => listBundles(ctx.db, query));
  registerEndpoint(app, API.getAdminBundle, async ({ viewer, params }) => getBundle(ctx.db, viewer!, params.id));
  registerEndpoint(app, API.createBundle, async ({ viewer, body, request }) => createBundle(ctx, viewer!, body, request.ip));
  registerEndpoint(app, API.updateBundle, async ({ viewer, params, body, request }) => updateBundle(ctx, viewer!, params.id, body, request.ip));
  registerEndpoint(app, API.deleteBundle, async ({ viewer, params, request }) => deleteBundle(ctx, viewer!, params.id, request.ip));

  registerEndpoint(app, API.listAdminStaffPicks, async () => listStaffPicks(ctx.db));
  registerEndpoint(app, API.addStaffPick, async ({ viewer, body, request }) => addStaffPick(ctx, viewer!, body.pack_id, request.ip));
  registerEndpoint(app, API.removeStaffPick, async ({ viewer, params, request }) => removeStaffPick(ctx, viewer!, params.packId, request.ip));
  registerEndpoint(app, API.reorderStaffPicks, async ({ viewer, body, request }) => reorderStaffPicks(ctx, viewer!, body, request.ip));

  registerEndpoint(app, API.listFeaturedCreators, async () => listFeaturedCreators(ctx.db));
  registerEndpoint(app, API.addFeaturedCreator, async ({ viewer, body, request }) => addFeaturedCreator(ctx, viewer!, body.creator_id, request.ip));
  registerEndpoint(app, API.removeFeaturedCreator, async ({ viewer, params, request }) => removeFeaturedCreator(ctx, viewer!, params.creatorId, request.ip));
  registerEndpoint(app, API.reorderFeaturedCreators, async ({ viewer, body, request }) => reorderFeaturedCreators(ctx, viewer!, body, request.ip));

  registerEndpoint(app, API.lookUpPublishedPacks, async ({ query }) => lookUpPublishedPacks(ctx.db, query.q));
  registerEndpoint(app, API.lookUpCreators, async ({ query }) => lookUpCreators(ctx.db, query.q));
}
