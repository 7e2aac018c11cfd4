import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { editableItemSchema, replaceItemFileQuerySchema, updateItemSchema } from './item-editing.ts';

const slugParams = z.strictObject({ slug: z.string().min(1).max(200) });

/**
 * Editing samples and presets (docs/decisions/0029). Creators edit their own items, admins any;
 * collaborators read them. Another creator's item answers like the item page does (404 unpublished, 403 published).
 */
export const ITEM_EDITING_API = {
  getEditableItem: { method: 'GET', path: '/api/studio/items/:slug', access: claims('creator', 'collaborator'), summary: 'A sample or preset with everything its editor changes', tags: ['studio'], params: slugParams, response: editableItemSchema },
  updateItem: { method: 'PATCH', path: '/api/studio/items/:slug', access: claims('creator'), summary: 'Change the metadata of a sample or preset (audited; search follows in the same transaction)', tags: ['studio'], params: slugParams, body: updateItemSchema, response: editableItemSchema },
  replaceItemFile: {
    method: 'POST',
    path: '/api/studio/items/:slug/files',
    access: claims('creator'),
    summary: "Replace the item's sound, preset file or preview audio (the request body is the file); the sound is processed again",
    tags: ['studio'],
    params: slugParams,
    query: replaceItemFileQuerySchema,
    rawBody: true,
    response: editableItemSchema,
    rateLimit: 'upload',
  },
} as const satisfies Record<string, Endpoint>;
