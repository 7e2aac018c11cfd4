import type { LicenceType } from '@crate/contract/catalogue-enums';

/**
 * What each licence (docs/product-overview.md §1) means, in plain words. These
 * are Crate's terms (see the Dynamic splits page), shared by the pack and item pages, the FAQ and
 * the splits page so a producer reads the same thing everywhere.
 */
export interface LicenceTerms {
  type: LicenceType;
  /** One line, for a badge tooltip or under a pack's licence. */
  short: string;
  /** A few sentences for the splits page. */
  long: string[];
  royaltiesOnRelease: string;
  creatorCredit: string;
}

export const LICENCE_TERMS: Record<LicenceType, LicenceTerms> = {
  'Royalty-Free': {
    type: 'Royalty-Free',
    short: 'Use it in anything you release. No royalties, no paperwork.',
    long: [
      'Once a sound is yours, put it in any music you make and release: streams, sales, beats you lease, client work, film and game music.',
      'You never owe the creator anything more, and you do not have to credit them (they always appreciate it).',
      'What you may not do is pass the sound itself on: no reselling or sharing it as-is, in a sample pack, a kit or a library.',
    ],
    royaltiesOnRelease: 'None',
    creatorCredit: 'Optional',
  },
  'Royalty A': {
    type: 'Royalty A',
    short: 'Free to release on your own; on a label release or placement the creator co-writes and shares the publishing.',
    long: [
      'Use the sound like a royalty-free one in your beats, demos and independent releases.',
      'When a track built on it is released commercially by a label, placed with an artist or licensed for sync, the creator is credited as a co-writer and shares the publishing royalties with you, as on any split sheet.',
      'The master recording stays yours. Passing the sound itself on is not allowed.',
    ],
    royaltiesOnRelease: 'Creator shares publishing on label releases and placements',
    creatorCredit: 'Required on commercial releases',
  },
  'Dynamic Splits': {
    type: 'Dynamic Splits',
    short: 'The creator’s share follows how much of your track is their sound.',
    long: [
      'Instead of one fixed share, the split is set per track by how you used the sound.',
      'A sound that carries the track — the main melody loop, a full composition — earns the creator a bigger share than one in the background, like a single drum hit or an effect.',
      'When you release, register the track in your Library: Crate proposes the split, the creator accepts or counters, and you both get the agreed split sheet to register with your collecting society. Until you release, there is nothing to sign.',
    ],
    royaltiesOnRelease: 'A share set by how prominent the sound is in the track',
    creatorCredit: 'Required when you release',
  },
};
