import { z } from 'zod';
import { SIGNED_IN, claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { mySharesSchema, setSplitSchema, splitSchema } from './splits.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid pack id') });
const CREATOR = claims('creator');

/**
 * Collaborator revenue splits (docs/decisions/0052): only the owner of the creator profile reads and sets a
 * pack's split and the default for new packs; collaborators read their own shares. Every change is audited and
 * applies from the next month not yet approved.
 */
export const SPLIT_API = {
  getPackSplit: { method: 'GET', path: '/api/studio/packs/:id/split', access: CREATOR, summary: "A pack's revenue split: the shares now, who can be named, when a change would apply, every version", tags: ['studio'], params: idParams, response: splitSchema },
  setPackSplit: { method: 'PUT', path: '/api/studio/packs/:id/split', access: CREATOR, summary: "Set a pack's collaborators' shares (the creator's is what is left), from the next month not yet approved", tags: ['studio'], params: idParams, body: setSplitSchema, response: splitSchema },
  getDefaultSplit: { method: 'GET', path: '/api/studio/split-default', access: CREATOR, summary: 'The split new packs start with', tags: ['studio'], response: splitSchema },
  setDefaultSplit: { method: 'PUT', path: '/api/studio/split-default', access: CREATOR, summary: 'Set the split new packs start with (packs already made keep theirs)', tags: ['studio'], body: setSplitSchema, response: splitSchema },
  listMyShares: { method: 'GET', path: '/api/collaborator/splits', access: SIGNED_IN, summary: "The packs whose earnings I share as a collaborator: each pack's current share of mine", tags: ['studio'], response: mySharesSchema },
} as const satisfies Record<string, Endpoint>;
