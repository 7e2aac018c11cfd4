import { z } from 'zod';
import { PUBLIC, SIGNED_IN, claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import {
  acquireSchema,
  acquisitionQuoteQuerySchema,
  acquisitionQuoteSchema,
  acquisitionResultSchema,
  certificateNumberSchema,
  creditAdjustmentSchema,
  creditBalanceSchema,
  creditEntrySchema,
  downloadSchema,
  licenceVerificationSchema,
  ownedItemIdsSchema,
  ownedItemSchema,
  ownedItemsQuerySchema,
} from './commerce.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

const userParams = z.strictObject({ id: z.string().min(1).max(64) });

/** Credits, getting sounds and what a user owns. All personal: private to the signed-in user. */
export const COMMERCE_API = {
  quoteAcquisition: { method: 'GET', path: '/api/acquisitions/quote', access: SIGNED_IN, summary: 'What getting an item, pack or bundle would cost me now', tags: ['commerce'], query: acquisitionQuoteQuerySchema, response: acquisitionQuoteSchema },
  acquire: { method: 'POST', path: '/api/acquisitions', access: SIGNED_IN, verifiedEmail: true, summary: 'Get an item, a whole pack or a bundle with credits (idempotent per key)', tags: ['commerce'], body: acquireSchema, response: acquisitionResultSchema },
  listOwnedItemIds: { method: 'GET', path: '/api/library/owned-ids', access: SIGNED_IN, summary: 'The ids of every item I own', tags: ['commerce'], response: ownedItemIdsSchema },
  listOwnedItems: { method: 'GET', path: '/api/library/owned', access: SIGNED_IN, summary: 'Items I own, newest first, with search and a type filter', tags: ['commerce'], query: ownedItemsQuerySchema, response: pageSchema(ownedItemSchema) },
  listDownloads: { method: 'GET', path: '/api/library/downloads', access: SIGNED_IN, summary: 'What I downloaded, newest first', tags: ['commerce'], query: pageQuerySchema, response: pageSchema(downloadSchema) },
  verifyLicence: { method: 'GET', path: '/api/licences/:number', access: PUBLIC, summary: 'Check a licence certificate by its number (what it covers and whether it stands; never the holder’s e-mail)', tags: ['commerce'], params: z.strictObject({ number: certificateNumberSchema }), response: licenceVerificationSchema },
  getCredits: { method: 'GET', path: '/api/credits', access: SIGNED_IN, summary: 'My credit balance and when the soonest of them expire', tags: ['commerce'], response: creditBalanceSchema },
  listCreditHistory: { method: 'GET', path: '/api/credits/history', access: SIGNED_IN, summary: 'My credit ledger, newest first', tags: ['commerce'], query: pageQuerySchema, response: pageSchema(creditEntrySchema) },
  adjustCredits: { method: 'POST', path: '/api/admin/users/:id/credits', access: claims('admin'), summary: 'Add or take credits, with a reason (audited)', tags: ['admin'], params: userParams, body: creditAdjustmentSchema, response: creditBalanceSchema },
} as const satisfies Record<string, Endpoint>;
