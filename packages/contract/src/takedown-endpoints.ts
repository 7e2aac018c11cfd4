import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { takedownResultSchema, takedownSchema } from './takedown.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid id') });

/**
 * Moderation (admins): take a sound down or archive a pack, with SPEC's reason and a note the creator is
 * e-mailed; restore either from the archive. Owners keep what they got either way.
 */
export const TAKEDOWN_API = {
  takeDownItem: {
    method: 'POST',
    path: '/api/admin/items/:id/takedown',
    access: claims('admin'),
    summary: 'Take a sound down (out of the catalogue and search; its owners keep it), telling its creator why',
    tags: ['admin'],
    params: idParams,
    body: takedownSchema,
    response: takedownResultSchema,
  },
  archivePack: {
    method: 'POST',
    path: '/api/admin/packs/:id/archive',
    access: claims('admin'),
    summary: 'Archive a pack (a draft, approved, file-errors or published pack), telling its creator why',
    tags: ['admin'],
    params: idParams,
    body: takedownSchema,
    response: takedownResultSchema,
  },
  restoreArchivedPack: {
    method: 'POST',
    path: '/api/admin/archive/packs/:id/restore',
    access: claims('admin'),
    summary: 'Restore an archived pack (published again if it was published before, else to draft)',
    tags: ['admin'],
    params: idParams,
    response: takedownResultSchema,
  },
  restoreTakenDownItem: {
    method: 'POST',
    path: '/api/admin/archive/items/:id/restore',
    access: claims('admin'),
    summary: 'Restore a taken-down sound',
    tags: ['admin'],
    params: idParams,
    response: takedownResultSchema,
  },
} as const satisfies Record<string, Endpoint>;
