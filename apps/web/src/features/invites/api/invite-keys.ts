/** Query keys of collaborator invites. */
export const inviteKeys = {
  invite: (token: string) => ['invite', token] as const,
};
