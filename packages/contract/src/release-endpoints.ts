import { z } from 'zod';
import { PUBLIC, SIGNED_IN, claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { registerReleaseSchema, releaseAnswerSchema, releaseListSchema, releaseProposalRequestSchema, releaseProposalSchema, releaseSchema, splitSheetNumberSchema, splitSheetSchema } from './releases.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid release id') });
const numberParams = z.strictObject({ number: splitSheetNumberSchema });

/**
 * Releases and split sheets (docs/decisions/0063, 0064): a producer registers a release of sounds they own under
 * Royalty A or Dynamic Splits; its parties answer; the agreed split sheet is public by its number, its PDF is the
 * parties' only.
 */
export const RELEASE_API = {
  proposeReleaseSplit: { method: 'POST', path: '/api/releases/proposal', access: SIGNED_IN, summary: 'The publishing shares Crate proposes for a track using these owned sounds', tags: ['releases'], body: releaseProposalRequestSchema, response: releaseProposalSchema },
  registerRelease: { method: 'POST', path: '/api/releases', access: SIGNED_IN, summary: 'Register a release and send its split to every creator involved', tags: ['releases'], body: registerReleaseSchema, response: releaseSchema, status: 201, rateLimit: 'create' },
  listMyReleases: { method: 'GET', path: '/api/releases', access: SIGNED_IN, summary: 'The releases I registered, newest first, with whom each waits for', tags: ['releases'], response: releaseListSchema },
  listReleaseRequests: { method: 'GET', path: '/api/creator/releases', access: claims('creator', 'collaborator'), summary: 'Releases using sounds I wrote: requests to answer and agreed split sheets', tags: ['releases'], response: releaseListSchema },
  answerRelease: { method: 'POST', path: '/api/releases/:id/answer', access: SIGNED_IN, summary: 'Accept my share of a release, or counter-propose one with a note', tags: ['releases'], params: idParams, body: releaseAnswerSchema, response: releaseSchema },
  acceptReleaseCounter: { method: 'POST', path: '/api/releases/:id/counters/:userId/accept', access: SIGNED_IN, summary: "Accept a party's counter-proposal on my release", tags: ['releases'], params: idParams.extend({ userId: z.string().min(1).max(100) }), response: releaseSchema },
  withdrawRelease: { method: 'POST', path: '/api/releases/:id/withdraw', access: SIGNED_IN, summary: 'Withdraw my release before it is agreed', tags: ['releases'], params: idParams, response: releaseSchema },
  verifySplitSheet: { method: 'GET', path: '/api/split-sheets/:number', access: PUBLIC, summary: 'Check an agreed split sheet by its number (writers by display name and share, never an e-mail)', tags: ['releases'], params: numberParams, response: splitSheetSchema },
} as const satisfies Record<string, Endpoint>;
