import { describe, expect, it } from 'vitest';
import { PACK_STATUS, PACK_STATUS_TRANSITIONS, PACK_STATUS_VALUES, canTransitionPack } from './pack-status.ts';

describe('pack status transitions', () => {
  it('covers every pack status −2..4', () => {
    expect([...PACK_STATUS_VALUES].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3, 4]);
    for (const status of PACK_STATUS_VALUES) expect(PACK_STATUS_TRANSITIONS[status]).toBeDefined();
  });

  it('never publishes without review and processing', () => {
    expect(canTransitionPack(PACK_STATUS.draft, PACK_STATUS.published)).toBe(false);
    expect(canTransitionPack(PACK_STATUS.awaitingApproval, PACK_STATUS.published)).toBe(false);
    expect(canTransitionPack(PACK_STATUS.approved, PACK_STATUS.published)).toBe(false);
    expect(canTransitionPack(PACK_STATUS.processing, PACK_STATUS.published)).toBe(true);
  });

  it('lets processing end in file errors and a fixed pack go back to draft', () => {
    expect(canTransitionPack(PACK_STATUS.processing, PACK_STATUS.fileErrors)).toBe(true);
    expect(canTransitionPack(PACK_STATUS.fileErrors, PACK_STATUS.draft)).toBe(true);
  });

  it('allows no transition to the same status', () => {
    for (const status of PACK_STATUS_VALUES) expect(canTransitionPack(status, status)).toBe(false);
  });
});
