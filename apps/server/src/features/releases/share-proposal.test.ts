import { describe, expect, it } from 'vitest';
import { PRODUCER_MIN_BPS, SOUND_SHARE_BPS } from '@crate/contract/releases';
import { proposeShares, type ProposalSound } from './share-proposal.ts';

const sound = (overrides: Partial<ProposalSound>): ProposalSound => ({ licenceType: 'Dynamic Splits', prominence: 'lead', creatorId: 'c1', creatorUserId: 'alice', payees: [], ...overrides });
const shares = (writers: { userId: string; bps: number }[]) => writers.map((w) => [w.userId, w.bps]);

describe('the publishing split Crate proposes (decision 0063)', () => {
  it('one sound gives its creator the table share of its licence and prominence; the producer writes the rest', () => {
    const cases = [
      [sound({ licenceType: 'Royalty A', prominence: null }), SOUND_SHARE_BPS['Royalty A']],
      [sound({ prominence: 'lead' }), SOUND_SHARE_BPS['Dynamic Splits'].lead],
      [sound({ prominence: 'supporting' }), SOUND_SHARE_BPS['Dynamic Splits'].supporting],
      [sound({ prominence: 'background' }), SOUND_SHARE_BPS['Dynamic Splits'].background],
    ] as const;
    for (const [s, bps] of cases) {
      const { writers } = proposeShares('paul', [s]);
      expect(shares(writers)).toEqual([
        ['paul', 10_000 - bps],
        ['alice', bps],
      ]);
      expect(writers.map((w) => w.role)).toEqual(['producer', 'creator']);
    }
    expect(SOUND_SHARE_BPS).toEqual({ 'Royalty A': 5000, 'Dynamic Splits': { lead: 5000, supporting: 2500, background: 1000 } });
  });

  it('the worked example of decision 0063: a supporting loop and a background hit of one creator, a supporting sound of another', () => {
    const { soundBps, writers } = proposeShares('paul', [sound({ prominence: 'supporting' }), sound({ prominence: 'background' }), sound({ prominence: 'supporting', creatorId: 'c2', creatorUserId: 'bea' })]);
    expect(soundBps).toEqual([2500, 1000, 2500]);
    expect(shares(writers)).toEqual([
      ['paul', 4000],
      ['alice', 3500],
      ['bea', 2500],
    ]);
  });

  it('sounds that would take more than the producer’s minimum leaves are scaled down alike, to the cent of a basis point', () => {
    const { soundBps, writers } = proposeShares('paul', [sound({}), sound({ licenceType: 'Royalty A', prominence: null, creatorId: 'c2', creatorUserId: 'bea' }), sound({ prominence: 'background', creatorId: 'c3', creatorUserId: 'cat' })]);
    // 5000 + 5000 + 1000 = 11,000 of the 7,500 the sounds may take.
    expect(soundBps.reduce((a, b) => a + b, 0)).toBe(10_000 - PRODUCER_MIN_BPS);
    expect(soundBps).toEqual([3409, 3409, 682]);
    expect(writers[0]).toMatchObject({ userId: 'paul', bps: PRODUCER_MIN_BPS });
    expect(writers.reduce((sum, w) => sum + w.bps, 0)).toBe(10_000);
  });

  it("collaborators share the creator's part by the pack's revenue split", () => {
    const { writers } = proposeShares('paul', [sound({ payees: [{ userId: 'alice', bps: 7000 }, { userId: 'carl', bps: 3000 }] })]);
    expect(shares(writers)).toEqual([
      ['paul', 5000],
      ['alice', 3500],
      ['carl', 1500],
    ]);
    expect(writers.map((w) => [w.role, w.creatorId])).toEqual([
      ['producer', null],
      ['creator', 'c1'],
      ['collaborator', 'c1'],
    ]);
  });

  it('a producer who is a payee of the sound themselves is one writer, the producer', () => {
    const { writers } = proposeShares('paul', [sound({ payees: [{ userId: 'alice', bps: 5000 }, { userId: 'paul', bps: 5000 }] })]);
    expect(shares(writers)).toEqual([
      ['paul', 7500],
      ['alice', 2500],
    ]);
  });
});
