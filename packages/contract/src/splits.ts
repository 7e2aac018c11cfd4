import { z } from 'zod';
import { MAX_SPLIT_COLLABORATORS, WHOLE_BPS } from './payout-enums.ts';

/**
 * Collaborator revenue splits (docs/decisions/0051 "Who is paid: splits", 0052): per pack, and a creator's
 * default for new packs. A creator names up to MAX_SPLIT_COLLABORATORS collaborators, each with a share in basis
 * points (1 bps = 0.01 %); the creator's own share is what is left. Stored shares include the creator's row and
 * sum to exactly WHOLE_BPS. A change applies from the next month not yet approved.
 */

/** One share as a client sends it: whose, and how many basis points. */
export const splitShareInputSchema = z.strictObject({
  user_id: z.string('user_id is the collaborator\'s user id').min(1, 'Pick a collaborator').max(100, 'user_id is at most 100 characters'),
  bps: z.number('bps is a number of basis points (100 = 1 %)'),
});
export type SplitShareInput = z.infer<typeof splitShareInputSchema>;

/**
 * A new split: the collaborators' shares (the creator's is what is left). The creator's own row may be sent too,
 * and then every share, the creator's among them, must add up to exactly 100 %. Everything beyond the shape is
 * checked by checkSplitShares, which the server and the editor both run.
 */
export const setSplitSchema = z.strictObject({
  shares: z.array(splitShareInputSchema, 'shares is a list of {user_id, bps}').max(50, 'shares has at most 50 entries'),
});
export type SetSplit = z.infer<typeof setSplitSchema>;

export const SPLIT_ROLES = ['creator', 'collaborator'] as const;
export type SplitRole = (typeof SPLIT_ROLES)[number];

export const splitShareSchema = z.object({ user_id: z.string(), name: z.string(), role: z.enum(SPLIT_ROLES), bps: z.number().int() });
export type SplitShare = z.infer<typeof splitShareSchema>;

export const splitVersionSchema = z.object({
  /** The first month (YYYY-MM-01) this version applies to; 2000-01-01 means every month not yet paid when it was set. */
  effective_month: z.string(),
  created_at: z.string(),
  shares: splitShareSchema.array(),
});
export type SplitVersion = z.infer<typeof splitVersionSchema>;

/** A pack's split (or the creator's default) as its editor shows it. */
export const splitSchema = z.object({
  /** The month the shown shares apply from; null when none was ever set (the creator takes 100 %). */
  effective_month: z.string().nullable(),
  /** The month a change saved now applies from: the month after the last approved one. */
  applies_from: z.string(),
  /** The current shares, the creator's first (always there: 0 when they gave everything away). */
  shares: splitShareSchema.array(),
  /** The creator's collaborators: who can be named. */
  collaborators: z.array(z.object({ user_id: z.string(), name: z.string() })),
  /** Every version, newest first. */
  history: splitVersionSchema.array(),
});
export type Split = z.infer<typeof splitSchema>;

/** A collaborator's share of one pack, as they see it on /creator. */
export const myShareSchema = z.object({
  pack_id: z.string(),
  pack_title: z.string(),
  creator_name: z.string(),
  bps: z.number().int(),
  effective_month: z.string(),
});
export const mySharesSchema = z.object({ shares: myShareSchema.array() });
export type MyShares = z.infer<typeof mySharesSchema>;

/** Basis points as a percent with two decimals: 3000 → "30.00 %". */
export const bpsAsPercent = (bps: number): string => `${(bps / 100).toFixed(2)} %`;

export interface SplitProblem {
  message: string;
  /** The field at fault: `shares`, or `shares.<i>.bps` / `shares.<i>.user_id`. */
  field: string;
}

export type SplitCheck = { ok: true; shares: { user_id: string; bps: number }[] } | ({ ok: false } & SplitProblem);

/**
 * Checks a split as a creator sends it and, when it is good, gives the shares to store: the creator's first
 * (what is left, left out when it is 0), then the collaborators' in the order sent. `creatorUserId` is the
 * owner of the creator profile; `collaboratorIds` the users who may be named beside them. The first problem
 * found is answered, naming its field.
 */
export function checkSplitShares(shares: readonly SplitShareInput[], team: { creatorUserId: string; collaboratorIds: Iterable<string> }): SplitCheck {
  const allowed = new Set(team.collaboratorIds);
  const seen = new Set<string>();
  let creatorBps: number | null = null;
  let collaboratorBps = 0;
  const collaborators: { user_id: string; bps: number }[] = [];
  for (const [i, share] of shares.entries()) {
    const n = i + 1;
    const bpsField = `shares.${i}.bps`;
    if (typeof share.bps !== 'number' || !Number.isFinite(share.bps)) return problem(`Share ${n} is not a number.`, bpsField);
    if (!Number.isInteger(share.bps)) return problem(`Share ${n} is ${share.bps} basis points: a share is a whole number of basis points (0.01 %).`, bpsField);
    if (seen.has(share.user_id)) return problem(`Share ${n} names someone already named above: each person has one share.`, `shares.${i}.user_id`);
    seen.add(share.user_id);
    if (share.user_id === team.creatorUserId) {
      if (share.bps < 0) return problem(`Your own share cannot be negative (${bpsAsPercent(share.bps)}).`, bpsField);
      creatorBps = share.bps;
      continue;
    }
    if (!allowed.has(share.user_id)) return problem(`Share ${n} names someone who is not one of your collaborators: invite them first.`, `shares.${i}.user_id`);
    if (share.bps <= 0) return problem(`Share ${n} is ${bpsAsPercent(share.bps)}: a collaborator's share must be more than 0 (remove the row instead).`, bpsField);
    collaboratorBps += share.bps;
    collaborators.push({ user_id: share.user_id, bps: share.bps });
  }
  if (collaborators.length > MAX_SPLIT_COLLABORATORS) {
    return problem(`A split names at most ${MAX_SPLIT_COLLABORATORS} collaborators; this one names ${collaborators.length}.`, 'shares');
  }
  if (creatorBps === null && collaboratorBps > WHOLE_BPS) {
    return problem(`The collaborators' shares add up to ${bpsAsPercent(collaboratorBps)}: more than 100 %, which would leave you less than nothing.`, 'shares');
  }
  const ownBps = creatorBps ?? WHOLE_BPS - collaboratorBps;
  if (ownBps + collaboratorBps !== WHOLE_BPS) {
    return problem(`The shares add up to ${bpsAsPercent(ownBps + collaboratorBps)}: they must add up to exactly 100 %.`, 'shares');
  }
  return { ok: true, shares: [...(ownBps > 0 ? [{ user_id: team.creatorUserId, bps: ownBps }] : []), ...collaborators] };
}

const problem = (message: string, field: string): SplitCheck => ({ ok: false, message, field });
