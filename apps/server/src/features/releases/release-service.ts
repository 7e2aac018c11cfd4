import { WHOLE_BPS } from '@crate/contract/payout-enums';
import {
  type RegisterRelease,
  type Release,
  type ReleaseAnswer,
  type ReleaseList,
  type ReleaseProposal,
  type ReleaseSoundInput,
  type SplitSheet,
} from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';
import type { AppContext } from '../../app-context.ts';
import { publicName } from '../../documents/public-name.ts';
import { newVerifiableNumber } from '../../documents/verifiable-number.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { authorize, type ActionOn } from '../../policies/can.ts';
import { asRelease, type ReleaseResource } from '../../policies/release-policy.ts';
import { presentRelease, presentSplitSheet, releaseFacts } from './release-presenter.ts';
import * as repo from './release-repository.ts';
import { releaseAgreedMail, releaseCounterAcceptedMail, releaseCounterMail, releaseRequestMail, releaseWithdrawnMail } from './release-mail.ts';
import { proposeShares, type ProposalSound, type ProposedWriter } from './share-proposal.ts';

const THAT_RELEASE = 'That release';
const DAY_MS = 86_400_000;
/** A party who has not answered after this many days is reminded once (decision 0064). */
const REMIND_AFTER_DAYS = 7;

const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, field);

/**
 * The sounds a release names, checked: each once, owned by the producer under Royalty A or Dynamic Splits (the
 * licence their certificate was issued with), a prominence for each Dynamic Splits sound and none for Royalty A.
 * Answers them with whom each one's earnings go to now, in the order sent.
 */
async function checkedSounds(db: DbOrTx, viewer: Viewer, input: readonly ReleaseSoundInput[]) {
  const owned = new Map((await repo.listOwnedSounds(db, viewer.userId, input.map((s) => s.item_id))).map((s) => [s.itemId, s]));
  const payees = await repo.listPackPayees(db, [...new Set([...owned.values()].map((s) => s.packId))]);
  const seen = new Set<string>();
  return input.map((sound, i): ProposalSound & { itemId: string; licenceId: string } => {
    const field = `sounds.${i}`;
    if (seen.has(sound.item_id)) throw invalid(`Sound ${i + 1} is named twice: name each sound once.`, `${field}.item_id`);
    seen.add(sound.item_id);
    const row = owned.get(sound.item_id);
    if (!row) throw invalid(`Sound ${i + 1} is not one you own: a release names sounds from your library.`, `${field}.item_id`);
    if (row.licenceType === 'Royalty-Free') throw invalid(`Sound ${i + 1} is Royalty-Free: it needs no split, leave it out.`, `${field}.item_id`);
    if (row.licenceType === 'Dynamic Splits' && sound.prominence === null) throw invalid(`Sound ${i + 1} is Dynamic Splits: say how it is used (lead, supporting or background).`, `${field}.prominence`);
    if (row.licenceType === 'Royalty A' && sound.prominence !== null) throw invalid(`Sound ${i + 1} is Royalty A, whose share does not depend on how it is used: leave its prominence empty.`, `${field}.prominence`);
    return { itemId: row.itemId, licenceId: row.licenceId, licenceType: row.licenceType, prominence: sound.prominence, creatorId: row.creatorId, creatorUserId: row.creatorUserId, payees: payees.get(row.packId) ?? [] };
  });
}

async function presentProposal(db: DbOrTx, writers: readonly ProposedWriter[]): Promise<ReleaseProposal> {
  const names = await repo.listDisplayNames(db, writers.map((w) => w.userId));
  const creatorNames = await repo.listCreatorNames(db, writers.flatMap((w) => (w.creatorId ? [w.creatorId] : [])));
  return { shares: writers.map((w) => ({ user_id: w.userId, name: publicName(names.get(w.userId)), role: w.role, for_creator: w.creatorId ? (creatorNames.get(w.creatorId) ?? null) : null, bps: w.bps })) };
}

export async function proposeReleaseSplit(ctx: AppContext, viewer: Viewer, sounds: readonly ReleaseSoundInput[]): Promise<ReleaseProposal> {
  const checked = await checkedSounds(ctx.db, viewer, sounds);
  return presentProposal(ctx.db, proposeShares(viewer.userId, checked).writers);
}

/**
 * The shares as the producer sends them must name exactly the writers the proposal names, each once, as whole basis
 * points (the producer's ≥ 0, everyone else's > 0), adding up to exactly 100 %. Answers each writer's share.
 */
function checkedShares(shares: RegisterRelease['shares'], writers: readonly ProposedWriter[]): Map<string, number> {
  const expected = new Set(writers.map((w) => w.userId));
  const producer = writers[0]!.userId;
  const bps = new Map<string, number>();
  for (const [i, share] of shares.entries()) {
    const field = `shares.${i}`;
    if (!expected.has(share.user_id)) throw invalid(`Share ${i + 1} names someone who did not write any of these sounds.`, `${field}.user_id`);
    if (bps.has(share.user_id)) throw invalid(`Share ${i + 1} names someone already named above: each writer has one share.`, `${field}.user_id`);
    if (!Number.isInteger(share.bps)) throw invalid(`Share ${i + 1} is not a whole number of basis points (0.01 %).`, `${field}.bps`);
    if (share.user_id === producer ? share.bps < 0 : share.bps <= 0) throw invalid(`Share ${i + 1} is ${bpsAsPercent(share.bps)}: every creator's share must be more than 0.`, `${field}.bps`);
    bps.set(share.user_id, share.bps);
  }
  if (bps.size !== expected.size) throw invalid('Give a share to every writer of these sounds, yours included.', 'shares');
  const total = [...bps.values()].reduce((sum, n) => sum + n, 0);
  if (total !== WHOLE_BPS) throw invalid(`The shares add up to ${bpsAsPercent(total)}: they must add up to exactly 100 %.`, 'shares');
  return bps;
}

const releaseLink = (ctx: AppContext, forProducer: boolean) => `${ctx.config.publicUrl}${forProducer ? '/library?tab=releases' : '/creator#releases'}`;

async function mailParties(ctx: AppContext, tx: Tx, userIds: readonly string[], build: (to: string, userId: string) => MailMessage): Promise<void> {
  for (const user of await repo.listUserEmails(tx, userIds)) await ctx.jobs.enqueue('mail', build(user.email, user.id), { tx });
}

export async function registerRelease(ctx: AppContext, viewer: Viewer, input: RegisterRelease): Promise<Release> {
  const id = await ctx.db.transaction(async (tx) => {
    const sounds = await checkedSounds(tx, viewer, input.sounds);
    const { soundBps, writers } = proposeShares(viewer.userId, sounds);
    const shares = checkedShares(input.shares, writers);
    const names = await repo.listDisplayNames(tx, writers.map((w) => w.userId));
    const now = ctx.clock.now();
    const release = await repo.insertRelease(
      tx,
      { producerUserId: viewer.userId, title: input.title, artists: input.artists, releaseDate: input.release_date, label: input.label, isrc: input.isrc, upc: input.upc, createdAt: now, updatedAt: now },
      sounds.map((s, position) => ({ position, itemId: s.itemId, licenceId: s.licenceId, licenceType: s.licenceType, prominence: s.prominence, proposedBps: soundBps[position]! })),
      writers.map((w) => {
        const producer = w.role === 'producer';
        return { userId: w.userId, role: w.role, creatorId: w.creatorId, name: publicName(names.get(w.userId)), bps: shares.get(w.userId)!, status: producer ? 'accepted' : 'pending', answeredAt: producer ? now : null };
      }),
    );
    await repo.recordReleaseEvent(tx, { releaseId: release.id, kind: 'registered', actorUserId: viewer.userId, at: now });
    const producerName = publicName(names.get(viewer.userId));
    await mailParties(ctx, tx, writers.slice(1).map((w) => w.userId), (to, userId) =>
      releaseRequestMail({ to, title: input.title, producerName, link: releaseLink(ctx, false), bps: shares.get(userId)!, reminder: false }),
    );
    const state = await repo.lockRelease(tx, release.id);
    await agreeWhenAllAccepted(ctx, tx, state!);
    return release.id;
  });
  return loadOne(ctx.db, viewer, id);
}

async function loadOne(db: DbOrTx, viewer: Viewer, id: string): Promise<Release> {
  const [loaded] = await repo.loadReleases(db, [id]);
  return presentRelease(loaded!, viewer);
}

export async function listMyReleases(ctx: AppContext, viewer: Viewer): Promise<ReleaseList> {
  return { releases: (await repo.loadReleases(ctx.db, await repo.listReleaseIdsOfProducer(ctx.db, viewer.userId))).map((r) => presentRelease(r, viewer)) };
}

export async function listReleaseRequests(ctx: AppContext, viewer: Viewer): Promise<ReleaseList> {
  return { releases: (await repo.loadReleases(ctx.db, await repo.listReleaseIdsOfParty(ctx.db, viewer.userId))).map((r) => presentRelease(r, viewer)) };
}

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockRelease>>>;

/** Locks the release (two answers at once queue here) and checks the viewer may do this to it while it is still open. */
async function lockOpen(tx: Tx, viewer: Viewer, releaseId: string, action: ActionOn<ReleaseResource>): Promise<Locked> {
  const state = authorize(viewer, action, await repo.lockRelease(tx, releaseId), (s) => asRelease(releaseFacts(s)), THAT_RELEASE);
  if (state.release.status !== 'proposed') throw new AppError('CONFLICT', `This release is already ${state.release.status}: nothing more can be answered or changed.`);
  return state;
}

/** Every party has accepted: the release is agreed, gets its split sheet's number, and every writer hears of it. */
async function agreeWhenAllAccepted(ctx: AppContext, tx: Tx, { release, parties }: Locked): Promise<void> {
  if (parties.some((p) => p.status !== 'accepted')) return;
  const number = newVerifiableNumber('SPL');
  const now = ctx.clock.now();
  await repo.updateRelease(tx, release.id, { status: 'agreed', splitSheetNumber: number, agreedAt: now, updatedAt: now });
  await repo.recordReleaseEvent(tx, { releaseId: release.id, kind: 'agreed', actorUserId: null, at: now });
  const producerName = parties.find((p) => p.role === 'producer')!.name;
  await mailParties(ctx, tx, parties.map((p) => p.userId), (to) => releaseAgreedMail({ to, title: release.title, producerName, link: `${ctx.config.publicUrl}/splitsheet/${number}`, number }));
}

export async function answerRelease(ctx: AppContext, viewer: Viewer, releaseId: string, answer: ReleaseAnswer): Promise<Release> {
  await ctx.db.transaction(async (tx) => {
    const state = await lockOpen(tx, viewer, releaseId, 'answer');
    const { release, parties } = state;
    const me = parties.find((p) => p.userId === viewer.userId)!;
    if (me.status !== 'pending') throw new AppError('CONFLICT', me.status === 'accepted' ? 'You already accepted your share of this release.' : 'You already counter-proposed: the producer accepts it or withdraws the release.');
    const now = ctx.clock.now();
    const producer = parties.find((p) => p.role === 'producer')!;
    if (answer.answer === 'accept') {
      await repo.updateParty(tx, releaseId, me.userId, { status: 'accepted', answeredAt: now });
      await repo.recordReleaseEvent(tx, { releaseId, kind: 'accepted', actorUserId: viewer.userId, bps: me.bps, at: now });
      me.status = 'accepted';
      await agreeWhenAllAccepted(ctx, tx, state);
      return;
    }
    // The schema gives a counter both its share and its note.
    const { bps, note } = answer as Required<ReleaseAnswer>;
    if (bps === me.bps) throw invalid(`${bpsAsPercent(me.bps)} is the share proposed to you: accept it instead.`, 'bps');
    const others = parties.filter((p) => p !== me && p !== producer).reduce((sum, p) => sum + p.bps, 0);
    if (others + bps > WHOLE_BPS) throw invalid(`The other writers hold ${bpsAsPercent(others)}: your share can be at most ${bpsAsPercent(WHOLE_BPS - others)}.`, 'bps');
    await repo.updateParty(tx, releaseId, me.userId, { status: 'countered', counterBps: bps, counterNote: note, answeredAt: now });
    await repo.recordReleaseEvent(tx, { releaseId, kind: 'countered', actorUserId: viewer.userId, bps, note, at: now });
    await mailParties(ctx, tx, [producer.userId], (to) =>
      releaseCounterMail({ to, title: release.title, producerName: producer.name, partyName: me.name, bps, note, link: releaseLink(ctx, true) }),
    );
  });
  return loadOne(ctx.db, viewer, releaseId);
}

/** The producer takes a party's counter-proposal: that party's share becomes it, the producer's what is left. */
export async function acceptReleaseCounter(ctx: AppContext, viewer: Viewer, releaseId: string, partyUserId: string): Promise<Release> {
  await ctx.db.transaction(async (tx) => {
    const state = await lockOpen(tx, viewer, releaseId, 'decide');
    const { release, parties } = state;
    const party = parties.find((p) => p.userId === partyUserId && p.role !== 'producer');
    if (!party) throw notFound('That writer of the release');
    if (party.status !== 'countered' || party.counterBps === null) throw new AppError('CONFLICT', `${party.name} has no counter-proposal waiting for you.`);
    const producer = parties.find((p) => p.role === 'producer')!;
    const producerBps = WHOLE_BPS - parties.filter((p) => p !== producer && p !== party).reduce((sum, p) => sum + p.bps, 0) - party.counterBps;
    if (producerBps < 0) throw new AppError('CONFLICT', `Accepting ${bpsAsPercent(party.counterBps)} would leave you less than nothing: withdraw the release and register it again.`);
    const now = ctx.clock.now();
    const agreedBps = party.counterBps;
    await repo.updateParty(tx, releaseId, party.userId, { status: 'accepted', bps: agreedBps, counterBps: null, counterNote: null, answeredAt: now });
    await repo.updateParty(tx, releaseId, producer.userId, { bps: producerBps });
    await repo.recordReleaseEvent(tx, { releaseId, kind: 'counter_accepted', actorUserId: viewer.userId, partyUserId: party.userId, bps: agreedBps, at: now });
    await mailParties(ctx, tx, [party.userId], (to) => releaseCounterAcceptedMail({ to, title: release.title, producerName: producer.name, bps: agreedBps, link: releaseLink(ctx, false) }));
    Object.assign(party, { status: 'accepted', bps: agreedBps });
    producer.bps = producerBps;
    await agreeWhenAllAccepted(ctx, tx, state);
  });
  return loadOne(ctx.db, viewer, releaseId);
}

export async function withdrawRelease(ctx: AppContext, viewer: Viewer, releaseId: string): Promise<Release> {
  await ctx.db.transaction(async (tx) => {
    const { release, parties } = await lockOpen(tx, viewer, releaseId, 'decide');
    const now = ctx.clock.now();
    await repo.updateRelease(tx, releaseId, { status: 'withdrawn', updatedAt: now });
    await repo.recordReleaseEvent(tx, { releaseId, kind: 'withdrawn', actorUserId: viewer.userId, at: now });
    const producerName = parties.find((p) => p.role === 'producer')!.name;
    await mailParties(ctx, tx, parties.filter((p) => p.role !== 'producer').map((p) => p.userId), (to) => releaseWithdrawnMail({ to, title: release.title, producerName, link: releaseLink(ctx, false) }));
  });
  return loadOne(ctx.db, viewer, releaseId);
}

async function loadAgreed(db: DbOrTx, number: string) {
  const id = await repo.findReleaseIdBySheet(db, number);
  const [loaded] = id ? await repo.loadReleases(db, [id]) : [];
  return loaded ?? null;
}

/** Anyone checks a split sheet by its number: the writers by name and share, never an e-mail. */
export async function verifySplitSheet(ctx: AppContext, number: string): Promise<SplitSheet> {
  const loaded = await loadAgreed(ctx.db, number);
  if (!loaded) throw notFound('That split sheet');
  return presentSplitSheet(loaded);
}

/** The split sheet to download: its producer's and its writers' only. */
export async function findPartysSplitSheet(ctx: AppContext, viewer: Viewer, number: string): Promise<SplitSheet> {
  const loaded = authorize(viewer, 'read', await loadAgreed(ctx.db, number), (l) => asRelease(releaseFacts(l)), 'That split sheet');
  return presentSplitSheet(loaded);
}

/**
 * Scheduled daily (decision 0064): a party still pending REMIND_AFTER_DAYS after the release was registered gets one
 * reminder, recorded as a step of the agreement. Nothing lapses by itself: the producer may withdraw at any time.
 */
export async function sendReleaseReminders(ctx: AppContext, now: Date): Promise<number> {
  const due = await repo.listPartiesToRemind(ctx.db, new Date(now.getTime() - REMIND_AFTER_DAYS * DAY_MS));
  let sent = 0;
  for (const party of due) {
    await ctx.db.transaction(async (tx) => {
      const state = await repo.lockRelease(tx, party.releaseId);
      const current = state?.parties.find((p) => p.userId === party.userId);
      if (!state || state.release.status !== 'proposed' || current?.status !== 'pending' || current.remindedAt) return;
      await repo.updateParty(tx, party.releaseId, party.userId, { remindedAt: now });
      await repo.recordReleaseEvent(tx, { releaseId: party.releaseId, kind: 'reminded', actorUserId: null, partyUserId: party.userId, at: now });
      const producerName = state.parties.find((p) => p.role === 'producer')!.name;
      await mailParties(ctx, tx, [party.userId], (to) => releaseRequestMail({ to, title: party.title, producerName, link: releaseLink(ctx, false), bps: current.bps, reminder: true }));
      sent += 1;
    });
  }
  return sent;
}
