import { describe, expect, it } from 'vitest';
import { bpsAsPercent, checkSplitShares } from './splits.ts';

const team = { creatorUserId: 'owner', collaboratorIds: ['a', 'b', 'c', 'd', 'e', 'f'] };

describe('checkSplitShares', () => {
  it("gives the creator what is left, first, and the collaborators' shares in the order sent", () => {
    expect(checkSplitShares([{ user_id: 'a', bps: 3000 }, { user_id: 'b', bps: 1250 }], team)).toEqual({
      ok: true,
      shares: [
        { user_id: 'owner', bps: 5750 },
        { user_id: 'a', bps: 3000 },
        { user_id: 'b', bps: 1250 },
      ],
    });
  });

  it('no collaborators: the creator takes the whole', () => {
    expect(checkSplitShares([], team)).toEqual({ ok: true, shares: [{ user_id: 'owner', bps: 10_000 }] });
  });

  it('collaborators taking the whole leave the creator out (no 0 bps row is stored)', () => {
    expect(checkSplitShares([{ user_id: 'a', bps: 10_000 }], team)).toEqual({ ok: true, shares: [{ user_id: 'a', bps: 10_000 }] });
  });

  it("accepts the creator's own row when every share adds up to exactly 100 %", () => {
    expect(checkSplitShares([{ user_id: 'a', bps: 4000 }, { user_id: 'owner', bps: 6000 }], team)).toEqual({
      ok: true,
      shares: [
        { user_id: 'owner', bps: 6000 },
        { user_id: 'a', bps: 4000 },
      ],
    });
  });

  it.each([
    ['a sum under 100 % with the creator named', [{ user_id: 'owner', bps: 5000 }, { user_id: 'a', bps: 4000 }], 'shares', /add up to 90\.00 %: they must add up to exactly 100 %/],
    ['a sum over 100 % with the creator named', [{ user_id: 'owner', bps: 7000 }, { user_id: 'a', bps: 4000 }], 'shares', /add up to 110\.00 %/],
    ["collaborators' shares over 100 %", [{ user_id: 'a', bps: 6000 }, { user_id: 'b', bps: 5000 }], 'shares', /add up to 110\.00 %: more than 100 %/],
    ['six collaborators', ['a', 'b', 'c', 'd', 'e', 'f'].map((user_id) => ({ user_id, bps: 100 })), 'shares', /at most 5 collaborators; this one names 6/],
    ['a negative share', [{ user_id: 'a', bps: -100 }], 'shares.0.bps', /-1\.00 %: a collaborator's share must be more than 0/],
    ['a zero share', [{ user_id: 'a', bps: 100 }, { user_id: 'b', bps: 0 }], 'shares.1.bps', /Share 2 is 0\.00 %/],
    ['a fractional share', [{ user_id: 'a', bps: 33.5 }], 'shares.0.bps', /whole number of basis points/],
    ['a share that is not a number', [{ user_id: 'a', bps: Number.NaN }], 'shares.0.bps', /not a number/],
    ['someone not on the team', [{ user_id: 'stranger', bps: 1000 }], 'shares.0.user_id', /not one of your collaborators/],
    ['the same collaborator twice', [{ user_id: 'a', bps: 1000 }, { user_id: 'a', bps: 2000 }], 'shares.1.user_id', /already named/],
    ["a negative creator's share", [{ user_id: 'owner', bps: -1000 }, { user_id: 'a', bps: 11_000 }], 'shares.0.bps', /cannot be negative/],
  ])('refuses %s, naming the field', (_what, shares, field, message) => {
    const result = checkSplitShares(shares, team);
    expect(result).toMatchObject({ ok: false, field });
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('shows basis points as a percent with two decimals', () => {
    expect(bpsAsPercent(3000)).toBe('30.00 %');
    expect(bpsAsPercent(1)).toBe('0.01 %');
  });
});
