import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { bulkItemChangesSchema, packDetailsSchema, studioPackSchema, studioPackSummarySchema, updatePackSchema } from './studio-packs.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid pack id') });
const fileParams = z.strictObject({ id: z.uuid('Not a valid pack id'), fileId: z.uuid('Not a valid file id') });

/**
 * The creator's packs in the studio. Creators change their own; collaborators read those of the creators
 * they work with; another creator's pack answers 404. Files arrive through the resumable upload route
 * (`/api/studio/uploads`, the tus protocol), not through this table.
 */
export const STUDIO_PACK_API = {
  listStudioPacks: { method: 'GET', path: '/api/studio/packs', access: claims('creator', 'collaborator'), summary: 'My packs (and those of the creators I collaborate with), newest change first', tags: ['studio'], query: pageQuerySchema, response: pageSchema(studioPackSummarySchema) },
  createStudioPack: { method: 'POST', path: '/api/studio/packs', access: claims('creator'), summary: 'Start a new pack as a draft', tags: ['studio'], body: packDetailsSchema, response: studioPackSchema, status: 201, rateLimit: 'create' },
  getStudioPack: { method: 'GET', path: '/api/studio/packs/:id', access: claims('creator', 'collaborator', 'admin'), summary: 'A pack with its files, items and what stands between it and review', tags: ['studio'], params: idParams, response: studioPackSchema },
  updateStudioPack: { method: 'PATCH', path: '/api/studio/packs/:id', access: claims('creator', 'admin'), summary: "Change a draft pack's details, or a published pack's title, description, genres and cover (decision 0072)", tags: ['studio'], params: idParams, body: updatePackSchema, response: studioPackSchema },
  updateStudioPackItems: { method: 'PATCH', path: '/api/studio/packs/:id/items', access: claims('creator', 'admin'), summary: 'Save the sounds table: the metadata of many items of a draft pack at once', tags: ['studio'], params: idParams, body: bulkItemChangesSchema, response: studioPackSchema },
  deleteStudioPackFile: { method: 'DELETE', path: '/api/studio/packs/:id/files/:fileId', access: claims('creator', 'admin'), summary: 'Remove an uploaded file (and the item made from it) from a draft pack', tags: ['studio'], params: fileParams, response: studioPackSchema },
  withdrawStudioPack: { method: 'POST', path: '/api/studio/packs/:id/withdraw', access: claims('creator'), summary: 'Take my published pack off sale (4 → −1); owners keep what they got (decision 0072)', tags: ['studio'], params: idParams, response: studioPackSchema },
  republishStudioPack: { method: 'POST', path: '/api/studio/packs/:id/republish', access: claims('creator'), summary: 'Put a pack I withdrew back on sale (−1 → 4)', tags: ['studio'], params: idParams, response: studioPackSchema },
  submitStudioPack: { method: 'POST', path: '/api/studio/packs/:id/submit', access: claims('creator', 'admin'), summary: 'Send a draft pack for review (0 → 1)', tags: ['studio'], params: idParams, response: studioPackSchema },
} as const satisfies Record<string, Endpoint>;
