import { z } from 'zod';
import { LICENCE_TYPES } from './catalogue-enums.ts';
import { isoDay } from './dates.ts';
import { WHOLE_BPS } from './payout-enums.ts';
import { splitShareInputSchema } from './splits.ts';

/**
 * Releases and split sheets (issue 30, docs/decisions/0063 and 0064): a producer tells Crate about a track that uses
 * sounds they own under Royalty A or Dynamic Splits; Crate proposes each writer's publishing share from the table
 * below; every creator (and collaborator sharing the pack) accepts or counters; once all have accepted the release is
 * agreed and gets a split sheet anyone can verify by its number.
 */

/** How a Dynamic Splits sound is used in the track: the prominence the /splits page describes. */
export const PROMINENCES = ['lead', 'supporting', 'background'] as const;
export type Prominence = (typeof PROMINENCES)[number];
export const PROMINENCE_LABELS: Record<Prominence, string> = { lead: 'Lead / main element', supporting: 'Supporting', background: 'Background' };

/** The licences a release is registered for: Royalty-Free needs no split. */
export const RELEASE_LICENCES = ['Royalty A', 'Dynamic Splits'] as const satisfies readonly (typeof LICENCE_TYPES)[number][];
export type ReleaseLicence = (typeof RELEASE_LICENCES)[number];

/**
 * The publishing share one sound gives its creator, in basis points of the whole track (decision 0063). Royalty A
 * makes the creator an equal co-writer; Dynamic Splits follows the sound's prominence.
 */
export const SOUND_SHARE_BPS = {
  'Royalty A': 5000,
  'Dynamic Splits': { lead: 5000, supporting: 2500, background: 1000 },
} as const satisfies { 'Royalty A': number; 'Dynamic Splits': Record<Prominence, number> };

/** However many sounds a track uses, the producer keeps at least this much as its writer: the sounds share the rest. */
export const PRODUCER_MIN_BPS = 2500;
export const MAX_RELEASE_SOUNDS = 20;
const MAX_ARTISTS = 10;
const TEXT_MAX = 200;
export const COUNTER_NOTE_MAX = 1000;

/** A sound's share before the cap: what the table gives it. */
export function soundShareBps(licence: ReleaseLicence, prominence: Prominence | null): number {
  return licence === 'Royalty A' ? SOUND_SHARE_BPS['Royalty A'] : SOUND_SHARE_BPS['Dynamic Splits'][prominence ?? 'background'];
}

/** ISRC: CC-XXX-YY-NNNNN (country, registrant, year, designation), hyphens optional; kept as its 12 characters. */
const ISRC_PATTERN = /^[A-Z]{2}-?[A-Z0-9]{3}-?[0-9]{2}-?[0-9]{5}$/;
export const normaliseIsrc = (isrc: string): string => isrc.trim().toUpperCase().replaceAll('-', '');
export const formatIsrc = (isrc: string): string => `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`;
export const isrcSchema = z
  .string('The ISRC is text like GB-XYZ-25-00012')
  .max(20, 'An ISRC looks like GB-XYZ-25-00012')
  .transform((text) => text.trim().toUpperCase())
  .refine((text) => ISRC_PATTERN.test(text), 'An ISRC looks like GB-XYZ-25-00012: a 2-letter country, 3 letters or digits, a 2-digit year and 5 digits')
  .transform((text) => text.replaceAll('-', ''));

/** A UPC-A (12 digits) or EAN-13 whose last digit is the GS1 check digit of the others. */
export function validBarcode(digits: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(digits)) return false;
  const body = [...digits.slice(0, -1)].reverse().map(Number);
  // From the right of the body, weights alternate 3, 1, 3, …
  const sum = body.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}
export const upcSchema = z
  .string('The UPC/EAN is its 12 or 13 digits')
  .max(20, 'A UPC has 12 digits, an EAN 13')
  .transform((text) => text.replace(/[\s-]/g, ''))
  .refine((text) => /^(\d{12}|\d{13})$/.test(text), 'A UPC has 12 digits, an EAN 13')
  .refine(validBarcode, 'That UPC/EAN’s last digit is not its check digit: check it for a typo');

const text = (what: string, max = TEXT_MAX) =>
  z
    .string(`${what} is text`)
    .trim()
    .min(1, `Give the ${what.toLowerCase()}`)
    .max(max, `${what} is at most ${max} characters`);

export const releaseSoundInputSchema = z.strictObject({
  item_id: z.uuid('Not a valid sound id'),
  /** Dynamic Splits sounds only: how the sound is used. */
  prominence: z.enum(PROMINENCES, 'Prominence is lead, supporting or background').nullable().default(null),
});
export type ReleaseSoundInput = z.infer<typeof releaseSoundInputSchema>;

const soundsSchema = z
  .array(releaseSoundInputSchema, 'sounds is a list of {item_id, prominence}')
  .min(1, 'Pick at least one sound you used')
  .max(MAX_RELEASE_SOUNDS, `A release names at most ${MAX_RELEASE_SOUNDS} sounds`);

/** Ask for the shares Crate proposes for these sounds. */
export const releaseProposalRequestSchema = z.strictObject({ sounds: soundsSchema });

export const registerReleaseSchema = z.strictObject({
  title: text('Track title'),
  artists: z.array(text('Artist name'), 'artists is a list of names').min(1, 'Name at least one artist').max(MAX_ARTISTS, `At most ${MAX_ARTISTS} artists`),
  release_date: isoDay,
  /** null: self-released. */
  label: text('Label').nullable(),
  isrc: isrcSchema,
  /** null until the distributor gives one. */
  upc: upcSchema.nullable(),
  sounds: soundsSchema,
  /** Every writer's share, the producer's included, summing to exactly 100 %: the proposal as the producer sends it. */
  shares: z.array(splitShareInputSchema, 'shares is a list of {user_id, bps}').min(1).max(200),
});
export type RegisterRelease = z.infer<typeof registerReleaseSchema>;

/** Accept one's share, or counter-propose another with a note (both needed for a counter, neither for an accept). */
export const releaseAnswerSchema = z
  .strictObject({
    answer: z.enum(['accept', 'counter'], 'answer is accept or counter'),
    bps: z.number('bps is your share in basis points (100 = 1 %)').int('A share is a whole number of basis points (0.01 %)').min(1, 'Your share must be more than 0').max(WHOLE_BPS, 'A share is at most 100 %').optional(),
    note: text('Note', COUNTER_NOTE_MAX).optional(),
  })
  .superRefine((value, ctx) => {
    const counter = value.answer === 'counter';
    for (const field of ['bps', 'note'] as const) {
      if (counter && value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: field === 'bps' ? 'Say which share you propose' : 'Say why, in a note to the producer' });
      if (!counter && value[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `An accept takes no ${field}` });
    }
  });
export type ReleaseAnswer = z.infer<typeof releaseAnswerSchema>;

export const RELEASE_STATUSES = ['proposed', 'agreed', 'withdrawn'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const PARTY_ROLES = ['producer', 'creator', 'collaborator'] as const;
export const PARTY_STATUSES = ['pending', 'accepted', 'countered'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];
export const RELEASE_EVENT_KINDS = ['registered', 'accepted', 'countered', 'counter_accepted', 'reminded', 'withdrawn', 'agreed'] as const;
export type ReleaseEventKind = (typeof RELEASE_EVENT_KINDS)[number];

/** A split sheet's number, e.g. SPL-7K3M-Q9XD-2HPA (Crockford base32, as licence certificates). */
export const splitSheetNumberSchema = z.string().trim().toUpperCase().regex(/^SPL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/, 'A split sheet number looks like SPL-7K3M-Q9XD-2HPA');
export const splitSheetPdfPath = (number: string): string => `/api/split-sheets/${encodeURIComponent(number)}/pdf`;

/** A writer as anybody may see them: a display name, never an e-mail. */
const writerSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  role: z.enum(PARTY_ROLES),
  /** The creator profile the sound came from, for a creator or collaborator. */
  for_creator: z.string().nullable(),
  bps: z.number().int(),
});

const partySchema = writerSchema.extend({
  status: z.enum(PARTY_STATUSES),
  counter_bps: z.number().int().nullable(),
  counter_note: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type ReleaseParty = z.infer<typeof partySchema>;

const releaseSoundSchema = z.object({
  item_id: z.string(),
  item_name: z.string(),
  item_slug: z.string(),
  pack_title: z.string(),
  creator_name: z.string(),
  licence_type: z.enum(RELEASE_LICENCES),
  prominence: z.enum(PROMINENCES).nullable(),
  certificate_number: z.string(),
});

const releaseEventSchema = z.object({
  at: z.string(),
  kind: z.enum(RELEASE_EVENT_KINDS),
  /** Who acted (null: Crate itself, a reminder). */
  actor_name: z.string().nullable(),
  /** Whom it concerns, when not the actor (the party whose counter was accepted, who was reminded). */
  party_name: z.string().nullable(),
  bps: z.number().int().nullable(),
  note: z.string().nullable(),
});

const releaseFactsSchema = z.object({
  title: z.string(),
  artists: z.array(z.string()),
  release_date: z.string(),
  label: z.string().nullable(),
  isrc: z.string(),
  upc: z.string().nullable(),
});

export const releaseSchema = releaseFactsSchema.extend({
  id: z.string(),
  status: z.enum(RELEASE_STATUSES),
  producer_name: z.string(),
  registered_at: z.string(),
  agreed_at: z.string().nullable(),
  split_sheet_number: z.string().nullable(),
  sounds: z.array(releaseSoundSchema),
  parties: z.array(partySchema),
  events: z.array(releaseEventSchema),
  /** The viewer's own line among the parties (their user id), or null. */
  viewer_party: z.string().nullable(),
  /** What the viewer may do now. */
  abilities: z.object({ answer: z.boolean(), decide: z.boolean() }),
});
export type Release = z.infer<typeof releaseSchema>;
export const releaseListSchema = z.object({ releases: z.array(releaseSchema) });
export type ReleaseList = z.infer<typeof releaseListSchema>;

export const releaseProposalSchema = z.object({ shares: z.array(writerSchema) });
export type ReleaseProposal = z.infer<typeof releaseProposalSchema>;

/** An agreed split sheet as anyone may verify it by its number: names and shares, never an e-mail. */
export const splitSheetSchema = releaseFactsSchema.extend({
  number: z.string(),
  agreed_at: z.string(),
  writers: z.array(writerSchema.omit({ user_id: true }).extend({ accepted_at: z.string() })),
  sounds: z.array(releaseSoundSchema.omit({ item_id: true, item_slug: true })),
});
export type SplitSheet = z.infer<typeof splitSheetSchema>;
