import { WHOLE_BPS } from '@crate/contract/payout-enums';
import type { Split, SplitShare } from '@crate/contract/splits';
import type { SplitVersionRow } from './split-repository.ts';

/** The shares of a version, the creator's first (with 0 when they gave everything away), each with its role. */
function presentShares(shares: SplitVersionRow['shares'], creator: { userId: string; name: string }): SplitShare[] {
  const own = shares.find((s) => s.userId === creator.userId);
  return [
    { user_id: creator.userId, name: own?.name ?? creator.name, role: 'creator' as const, bps: own?.bps ?? 0 },
    ...shares.filter((s) => s.userId !== creator.userId).map((s) => ({ user_id: s.userId, name: s.name, role: 'collaborator' as const, bps: s.bps })),
  ];
}

/**
 * A split as its editor shows it: the latest version's shares (no version: the creator takes the whole), when a
 * change would apply from, who may be named, and every version.
 */
export function presentSplit(input: {
  versions: readonly SplitVersionRow[];
  creator: { userId: string; name: string };
  team: readonly { userId: string; name: string }[];
  appliesFrom: string;
}): Split {
  const [latest] = input.versions;
  return {
    effective_month: latest?.effectiveMonth ?? null,
    applies_from: input.appliesFrom,
    shares: latest ? presentShares(latest.shares, input.creator) : [{ user_id: input.creator.userId, name: input.creator.name, role: 'creator', bps: WHOLE_BPS }],
    collaborators: input.team.map((m) => ({ user_id: m.userId, name: m.name })),
    history: input.versions.map((v) => ({ effective_month: v.effectiveMonth, created_at: v.createdAt.toISOString(), shares: presentShares(v.shares, input.creator) })),
  };
}
