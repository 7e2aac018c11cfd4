import type { ReleaseSoundInput } from '@crate/contract/releases';

/**
 * Query keys of releases, shared by the producer's Library tab and the writers' side of /creator: an answer or a
 * decision on either side invalidates `all`, so both lists follow.
 */
export const releaseKeys = {
  all: ['releases'] as const,
  mine: ['releases', 'mine'] as const,
  requests: ['releases', 'requests'] as const,
  proposal: (sounds: readonly ReleaseSoundInput[]) => ['releases', 'proposal', sounds] as const,
  /** A split sheet as anybody verifies it: public, so outside the signed-in root. */
  splitSheet: (number: string) => ['split-sheet', number.toUpperCase()] as const,
};
