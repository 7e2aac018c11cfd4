/** Query keys of the creator application. */
export const creatorApplicationKeys = {
  mine: ['creator-application', 'mine'] as const,
};
