/** Query keys of the affiliate's own screen. */
export const affiliateKeys = {
  mine: ['affiliate', 'mine'] as const,
};
