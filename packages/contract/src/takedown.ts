import { z } from 'zod';
import { TAKEDOWN_REASONS } from './catalogue-enums.ts';

export const TAKEDOWN_NOTE_MAX = 2000;

/** Taking a sound down or archiving a pack: one of SPEC's reasons, and a note the creator reads in the e-mail (and the audit keeps). */
export const takedownSchema = z.strictObject({
  reason: z.enum(TAKEDOWN_REASONS, `Choose a reason: ${TAKEDOWN_REASONS.map((r) => `"${r}"`).join(' or ')}`),
  note: z.string().trim().max(TAKEDOWN_NOTE_MAX, `Keep the note under ${TAKEDOWN_NOTE_MAX} characters`).default(''),
});
export type Takedown = z.output<typeof takedownSchema>;

/** What a takedown or a restore left: the object, its pack's status, and whether its sounds are in the catalogue. */
export const takedownResultSchema = z.object({
  id: z.string(),
  target: z.enum(['pack', 'item']),
  /** The pack's status afterwards (an item's pack status for an item). */
  pack_status: z.number().int(),
  /** True when the sound(s) are in the catalogue (published pack, nothing taken down). */
  listed: z.boolean(),
});
export type TakedownResult = z.infer<typeof takedownResultSchema>;
