/** Fixed vocabularies of creators (docs/product-overview.md §3, §6). Values are stored as-is in the database. */

/**
 * A creator application (docs/decisions/0024). One is open per user at a time: `submitted` waits for an
 * admin, `needs_changes` waits for the applicant; `approved` and `declined` are final (a declined
 * applicant may apply again).
 */
export const CREATOR_APPLICATION_STATUSES = ['submitted', 'needs_changes', 'approved', 'declined'] as const;
export type CreatorApplicationStatus = (typeof CREATOR_APPLICATION_STATUSES)[number];
export const OPEN_APPLICATION_STATUSES: readonly CreatorApplicationStatus[] = ['submitted', 'needs_changes'];
