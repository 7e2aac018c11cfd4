import { checkSplitShares, type MyShares, type SetSplit, type Split } from '@crate/contract/splits';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { firstUnpaidMonth, lockPayouts } from '../payouts/payout-month-service.ts';
import { presentSplit } from './split-presenter.ts';
import {
  findSplitPack,
  findUserDisplayName,
  listSharesOfUser,
  listSplitVersions,
  listTeam,
  writeSplitVersion,
  type SplitOwner,
} from './split-repository.ts';

const THAT_PACK = 'That pack';
/** "Every month not yet paid": the effective month of a version set before any month was approved. */
const FIRST_MONTH = '2000-01-01';

/** The month a split change applies from: the one after the latest approved (or paying, or paid) month. */
async function nextUnpaidMonth(db: DbOrTx): Promise<string> {
  return (await firstUnpaidMonth(db)) ?? FIRST_MONTH;
}

interface SplitTarget extends SplitOwner {
  creatorUserId: string;
}

async function loadSplit(db: DbOrTx, target: SplitTarget): Promise<Split> {
  const [versions, team, creatorName, appliesFrom] = [
    await listSplitVersions(db, target),
    await listTeam(db, target.creatorId),
    await findUserDisplayName(db, target.creatorUserId),
    await nextUnpaidMonth(db),
  ];
  return presentSplit({ versions, team, creator: { userId: target.creatorUserId, name: creatorName }, appliesFrom });
}

/**
 * Checks the shares against the creator's team and writes them as the version applying from the next unpaid month
 * (replacing one already set for that month), with its audit row. The caller holds a transaction.
 */
async function saveSplit(tx: Tx, viewer: Viewer, target: SplitTarget, input: SetSplit, ipAddress: string | null): Promise<void> {
  await lockPayouts(tx);
  const team = await listTeam(tx, target.creatorId);
  const checked = checkSplitShares(input.shares, { creatorUserId: target.creatorUserId, collaboratorIds: team.map((m) => m.userId) });
  if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message, checked.field);
  const effectiveMonth = await nextUnpaidMonth(tx);
  const { replaced } = await writeSplitVersion(tx, target, { effectiveMonth, createdBy: viewer.userId, shares: checked.shares });
  await recordAudit(tx, {
    actorUserId: viewer.userId,
    action: target.packId ? 'split.pack_set' : 'split.default_set',
    targetType: target.packId ? 'pack' : 'creator',
    targetId: target.packId ?? target.creatorId,
    details: { effective_month: effectiveMonth, replaced, shares: checked.shares },
    ipAddress,
  });
}

async function packTarget(db: DbOrTx, viewer: Viewer, packId: string): Promise<SplitTarget> {
  const row = authorize(viewer, 'split', await findSplitPack(db, packId), asPack, THAT_PACK);
  return { creatorId: row.creatorId, packId: row.id, creatorUserId: row.creatorUserId };
}

function defaultTarget(viewer: Viewer): SplitTarget {
  if (!viewer.creatorId) throw new AppError('CONFLICT', 'You have no creator profile yet: it is made when your creator application is approved or you first invite a collaborator.');
  return { creatorId: viewer.creatorId, packId: null, creatorUserId: viewer.userId };
}

export async function getPackSplit(ctx: AppContext, viewer: Viewer, packId: string): Promise<Split> {
  return loadSplit(ctx.db, await packTarget(ctx.db, viewer, packId));
}

export async function setPackSplit(ctx: AppContext, viewer: Viewer, packId: string, input: SetSplit, ipAddress: string | null): Promise<Split> {
  return ctx.db.transaction(async (tx) => {
    const target = await packTarget(tx, viewer, packId);
    await saveSplit(tx, viewer, target, input, ipAddress);
    return loadSplit(tx, target);
  });
}

export async function getDefaultSplit(ctx: AppContext, viewer: Viewer): Promise<Split> {
  return loadSplit(ctx.db, defaultTarget(viewer));
}

export async function setDefaultSplit(ctx: AppContext, viewer: Viewer, input: SetSplit, ipAddress: string | null): Promise<Split> {
  const target = defaultTarget(viewer);
  return ctx.db.transaction(async (tx) => {
    await saveSplit(tx, viewer, target, input, ipAddress);
    return loadSplit(tx, target);
  });
}

/**
 * A new pack starts with the creator's default split (its latest version), as the pack's version applying from the
 * next unpaid month. A collaborator who has left the team since the default was set is not copied: their share
 * goes back to the creator. No default (or one that comes back to the creator alone) writes nothing — no version
 * means the creator takes the whole.
 */
export async function copyDefaultSplitToPack(tx: Tx, pack: { creatorId: string; creatorUserId: string; packId: string }, actorUserId: string, ipAddress: string | null): Promise<void> {
  const [current] = await listSplitVersions(tx, { creatorId: pack.creatorId, packId: null });
  if (!current) return;
  const team = new Set((await listTeam(tx, pack.creatorId)).map((m) => m.userId));
  const collaborators = current.shares.filter((s) => s.userId !== pack.creatorUserId && team.has(s.userId)).map((s) => ({ user_id: s.userId, bps: s.bps }));
  if (collaborators.length === 0) return;
  const checked = checkSplitShares(collaborators, { creatorUserId: pack.creatorUserId, collaboratorIds: team });
  if (!checked.ok) return;
  await lockPayouts(tx);
  const effectiveMonth = await nextUnpaidMonth(tx);
  await writeSplitVersion(tx, { creatorId: pack.creatorId, packId: pack.packId }, { effectiveMonth, createdBy: actorUserId, shares: checked.shares });
  await recordAudit(tx, {
    actorUserId,
    action: 'split.pack_set',
    targetType: 'pack',
    targetId: pack.packId,
    details: { effective_month: effectiveMonth, replaced: false, shares: checked.shares, from_default: current.effectiveMonth },
    ipAddress,
  });
}

/** The viewer's shares of other creators' packs (the latest version of each pack's split). */
export async function listMyShares(ctx: AppContext, viewer: Viewer): Promise<MyShares> {
  return { shares: await listSharesOfUser(ctx.db, viewer.userId) };
}
