import type { Release, SplitSheet } from '@crate/contract/releases';
import type { PolicyViewer } from '../../policies/policy-viewer.ts';
import { abilitiesOn } from '../../policies/can.ts';
import { asRelease } from '../../policies/release-policy.ts';
import type { LoadedRelease } from './release-repository.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The track as the release, its list entry and its split sheet all name it. */
function presentTrack(release: LoadedRelease['release']) {
  return { title: release.title, artists: release.artists, release_date: release.releaseDate, label: release.label, isrc: release.isrc, upc: release.upc };
}

/** What a party looks like to anyone who may see them: their name as registered, the creator they write for, their share. */
function presentWriter(party: LoadedRelease['parties'][number]) {
  return { user_id: party.userId, name: party.name, role: party.role, for_creator: party.creatorName, bps: party.bps };
}

export function releaseFacts({ release, parties }: { release: { producerUserId: string }; parties: readonly { userId: string }[] }) {
  return { producerUserId: release.producerUserId, partyUserIds: parties.map((p) => p.userId) };
}

/** A release as its producer and its parties see it, with what this viewer may do to it now. */
export function presentRelease(loaded: LoadedRelease, viewer: PolicyViewer): Release {
  const { release, sounds, parties, events } = loaded;
  const names = new Map(parties.map((p) => [p.userId, p.name]));
  const open = release.status === 'proposed';
  const abilities = abilitiesOn(viewer, asRelease(releaseFacts(loaded)), ['answer', 'decide'] as const);
  const mine = parties.find((p) => p.userId === viewer?.userId);
  return {
    id: release.id,
    ...presentTrack(release),
    status: release.status,
    producer_name: parties.find((p) => p.role === 'producer')?.name ?? '',
    registered_at: release.createdAt.toISOString(),
    agreed_at: iso(release.agreedAt),
    split_sheet_number: release.splitSheetNumber,
    sounds: sounds.map((s) => ({
      item_id: s.itemId,
      item_name: s.itemName,
      item_slug: s.itemSlug,
      pack_title: s.packTitle,
      creator_name: s.creatorName,
      licence_type: s.licenceType,
      prominence: s.prominence,
      certificate_number: s.certificateNumber,
    })),
    parties: parties.map((p) => ({ ...presentWriter(p), status: p.status, counter_bps: p.counterBps, counter_note: p.counterNote, answered_at: iso(p.answeredAt) })),
    events: events.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      actor_name: e.actorUserId ? (names.get(e.actorUserId) ?? null) : null,
      party_name: e.partyUserId && e.partyUserId !== e.actorUserId ? (names.get(e.partyUserId) ?? null) : null,
      bps: e.bps,
      note: e.note,
    })),
    viewer_party: mine?.userId ?? null,
    abilities: { answer: open && abilities.answer && mine?.status === 'pending', decide: open && abilities.decide },
  };
}

/** An agreed release as its split sheet: who wrote what share, which sounds, when each writer accepted. No e-mails, no user ids. */
export function presentSplitSheet(loaded: LoadedRelease): SplitSheet {
  const { release, sounds, parties } = loaded;
  return {
    number: release.splitSheetNumber!,
    ...presentTrack(release),
    agreed_at: release.agreedAt!.toISOString(),
    writers: parties.map((p) => ({ name: p.name, role: p.role, for_creator: p.creatorName, bps: p.bps, accepted_at: (p.answeredAt ?? release.createdAt).toISOString() })),
    sounds: sounds.map((s) => ({ item_name: s.itemName, pack_title: s.packTitle, creator_name: s.creatorName, licence_type: s.licenceType, prominence: s.prominence, certificate_number: s.certificateNumber })),
  };
}
