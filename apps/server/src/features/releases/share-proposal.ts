import { WHOLE_BPS } from '@crate/contract/payout-enums';
import { PRODUCER_MIN_BPS, soundShareBps, type Prominence, type ReleaseLicence } from '@crate/contract/releases';
import { shareCredits } from '../tracking/item-events-service.ts';

/** A sound a release uses, with whom its earnings go to: its pack's split now, or its creator alone. */
export interface ProposalSound {
  licenceType: ReleaseLicence;
  prominence: Prominence | null;
  creatorId: string;
  creatorUserId: string;
  /** The pack's revenue split (decision 0052), summing to 10,000; empty: the creator takes the whole. */
  payees: readonly { userId: string; bps: number }[];
}

export interface ProposedWriter {
  userId: string;
  role: 'producer' | 'creator' | 'collaborator';
  /** The creator profile whose sound makes them a writer (the first, for someone writing for several); null for the producer. */
  creatorId: string | null;
  bps: number;
}

/**
 * The publishing split Crate proposes (decision 0063): each sound earns its creator the table's share of the track;
 * together the sounds take at most 100 % − PRODUCER_MIN_BPS (scaled down alike, largest remainder, when they would
 * take more); each sound's share goes to the payees of its pack's split in their proportions; the producer writes
 * the rest. Answers each sound's share and every writer's, the producer first, then the largest share first; the
 * writers' shares add up to exactly 10,000.
 */
export function proposeShares(producerUserId: string, sounds: readonly ProposalSound[]): { soundBps: number[]; writers: ProposedWriter[] } {
  const table = sounds.map((sound) => soundShareBps(sound.licenceType, sound.prominence));
  const cap = WHOLE_BPS - PRODUCER_MIN_BPS;
  const tableTotal = table.reduce((sum, bps) => sum + bps, 0);
  const soundBps = tableTotal > cap ? shareCredits(cap, table) : table;

  const writers = new Map<string, ProposedWriter>();
  writers.set(producerUserId, { userId: producerUserId, role: 'producer', creatorId: null, bps: 0 });
  for (const [i, sound] of sounds.entries()) {
    const payees = sound.payees.length > 0 ? sound.payees : [{ userId: sound.creatorUserId, bps: WHOLE_BPS }];
    const parts = shareCredits(soundBps[i]!, payees.map((p) => p.bps));
    for (const [j, payee] of payees.entries()) {
      const writer = writers.get(payee.userId) ?? { userId: payee.userId, role: payee.userId === sound.creatorUserId ? 'creator' : 'collaborator', creatorId: sound.creatorId, bps: 0 };
      // Someone who owns one sound's creator profile is that sound's creator, even where they collaborate on another.
      if (writer.role === 'collaborator' && payee.userId === sound.creatorUserId) Object.assign(writer, { role: 'creator', creatorId: sound.creatorId });
      writer.bps += parts[j]!;
      writers.set(payee.userId, writer);
    }
  }
  const producer = writers.get(producerUserId)!;
  producer.role = 'producer';
  producer.creatorId = null;
  const others = [...writers.values()].filter((w) => w !== producer && w.bps > 0);
  producer.bps = WHOLE_BPS - others.reduce((sum, w) => sum + w.bps, 0);
  others.sort((a, b) => b.bps - a.bps || (a.userId < b.userId ? -1 : 1));
  return { soundBps, writers: [producer, ...others] };
}
