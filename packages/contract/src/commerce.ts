import { z } from 'zod';
import { isoInstant } from './dates.ts';
import { itemRowSchema } from './catalogue.ts';
import { LICENCE_TYPES } from './catalogue-enums.ts';
import { CREDIT_ENTRY_KINDS } from './commerce-enums.ts';

/** The licence terms every certificate issued now refers to; bumped when the terms text changes. */
export const LICENCE_TERMS_VERSION = '2026-11';

/** Most credits one admin adjustment may add or take. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;

/**
 * One client-made key per user action (a click), so a retried or doubled request spends once.
 * The server scopes it to the signed-in user.
 */
export const idempotencyKeySchema = z
  .string('idempotency_key is required')
  .trim()
  .min(8, 'idempotency_key must be at least 8 characters')
  .max(100, 'idempotency_key is at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'idempotency_key may hold only letters, digits, - and _');

export const ACQUISITION_TARGETS = ['item', 'pack', 'bundle'] as const;
export type AcquisitionTarget = (typeof ACQUISITION_TARGETS)[number];

/** POST /api/acquisitions: get a sound, a whole pack or a bundle with credits (free sounds for nothing). */
export const acquireSchema = z.strictObject({
  target: z.enum(ACQUISITION_TARGETS, 'target must be item, pack or bundle'),
  id: z.uuid('id must be an item, pack or bundle id'),
  idempotency_key: idempotencyKeySchema,
  /** The price the user was shown: a different price now answers 409 and charges nothing (decision 0033). */
  expected_cost: z.number('expected_cost must be a whole number of credits').int('expected_cost must be a whole number of credits').min(0, 'expected_cost must be a whole number of credits').max(1_000_000, 'expected_cost is at most 1000000').optional(),
});
export type Acquire = z.infer<typeof acquireSchema>;

/** What getting the target would cost the signed-in user now (only what they do not own yet is charged). */
export const acquisitionQuoteSchema = z.object({
  target: z.enum(ACQUISITION_TARGETS),
  id: z.string(),
  item_count: z.number().int(),
  owned_count: z.number().int(),
  cost: z.number().int(),
  credits: z.number().int(),
});
export type AcquisitionQuote = z.infer<typeof acquisitionQuoteSchema>;

export const acquisitionQuoteQuerySchema = z.strictObject({
  target: z.enum(ACQUISITION_TARGETS, 'target must be item, pack or bundle'),
  id: z.uuid('id must be an item, pack or bundle id'),
});

export const acquisitionResultSchema = z.object({
  /** Credits this request spent (0 for free sounds, for what was owned already, and for a replayed key). */
  charged: z.number().int(),
  /** Every item of the target the user now owns. */
  owned_item_ids: z.array(z.string()),
  credits: z.number().int(),
  credits_expire_at: z.string().nullable(),
});
export type AcquisitionResult = z.infer<typeof acquisitionResultSchema>;

export const ownedItemIdsSchema = z.object({ item_ids: z.array(z.string()) });

export const OWNED_ITEM_TYPES = ['sample', 'preset'] as const;

export const ownedItemsQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  q: z.string().trim().max(100, 'Search text is at most 100 characters').optional(),
  type: z.enum(OWNED_ITEM_TYPES, 'type must be sample or preset').optional(),
});

export const ownedItemSchema = itemRowSchema.extend({
  acquired_at: z.string(),
  certificate_number: z.string(),
});
export type OwnedItem = z.infer<typeof ownedItemSchema>;

export const creditEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  /** For credits added (a lot): when they expire, and how many of them are still unspent. */
  expires_at: z.string().nullable(),
  remaining: z.number().int().nullable(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const creditBalanceSchema = z.object({ credits: z.number().int(), credits_expire_at: z.string().nullable() });

export const creditAdjustmentSchema = z.strictObject({
  amount: z
    .number('amount must be a whole number of credits')
    .int('amount must be a whole number of credits')
    .min(-CREDIT_ADJUSTMENT_MAX, `amount is at least -${CREDIT_ADJUSTMENT_MAX}`)
    .max(CREDIT_ADJUSTMENT_MAX, `amount is at most ${CREDIT_ADJUSTMENT_MAX}`)
    .refine((n) => n !== 0, 'amount must not be 0'),
  reason: z.string().trim().min(3, 'Say why, in a few words').max(200, 'reason is at most 200 characters'),
  /** Added credits expire then (ISO date-time); none given → they do not expire. */
  expires_at: isoInstant('expires_at must be an ISO date-time').optional(),
  idempotency_key: idempotencyKeySchema,
});
export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;

export const licenceCertificateSchema = z.object({
  certificate_number: z.string(),
  licence_type: z.enum(LICENCE_TYPES),
  terms_version: z.string(),
  issued_at: z.string(),
  holder_name: z.string(),
  licensor_name: z.string(),
  item: z.object({ name: z.string(), slug: z.string(), pack_title: z.string() }),
});
export type LicenceCertificate = z.infer<typeof licenceCertificateSchema>;

/** The certificate number as printed (CRT- and three groups of four in Crockford's base32). */
export const certificateNumberSchema = z.string().trim().toUpperCase().regex(/^CRT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/, 'A certificate number looks like CRT-7K3M-Q9XD-2HPA');

/** What anyone may check of a certificate (a label, a distributor): never the holder's e-mail; `valid` while the sound is still owned under it. */
export const licenceVerificationSchema = licenceCertificateSchema.extend({ valid: z.boolean() });
export type LicenceVerification = z.infer<typeof licenceVerificationSchema>;

/** Where the holder downloads a certificate as a PDF (a file route, not JSON). */
export const licencePdfPath = (certificateNumber: string): string => `/api/licences/${encodeURIComponent(certificateNumber)}/pdf`;

/** One download in my history: what was downloaded and when (a whole pack's zip lists each of its sounds). */
export const downloadSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  item_slug: z.string(),
  item_name: z.string(),
  pack_title: z.string(),
  downloaded_at: z.string(),
});
export type Download = z.infer<typeof downloadSchema>;

/** Where an owned sound's original file and a pack's zip of my sounds are downloaded (raw file routes, not JSON). */
export const itemDownloadPath = (itemId: string): string => `/api/downloads/items/${encodeURIComponent(itemId)}`;
export const packDownloadPath = (packId: string): string => `/api/downloads/packs/${encodeURIComponent(packId)}`;
