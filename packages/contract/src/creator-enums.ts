/** Fixed vocabularies of creators (docs/product-overview.md §3, §6). Values are stored as-is in the database. */

/** An application to become a creator waits for an admin, who approves or rejects it. */
export const CREATOR_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CreatorApplicationStatus = (typeof CREATOR_APPLICATION_STATUSES)[number];
