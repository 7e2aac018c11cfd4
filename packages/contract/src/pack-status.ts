/** Pack status, the numeric enum of docs/product-overview.md §4. Transitions live here and nowhere else. */
export const PACK_STATUS = {
  fileErrors: -2,
  archived: -1,
  draft: 0,
  awaitingApproval: 1,
  approved: 2,
  processing: 3,
  published: 4,
} as const;
export type PackStatus = (typeof PACK_STATUS)[keyof typeof PACK_STATUS];
export const PACK_STATUS_VALUES = Object.values(PACK_STATUS) as PackStatus[];

export const PACK_STATUS_LABELS: Record<PackStatus, string> = {
  [-2]: 'File errors',
  [-1]: 'Archived',
  0: 'Draft',
  1: 'Awaiting approval',
  2: 'Approved',
  3: 'Files processing',
  4: 'Published',
};

/** A pack whose files and details its creator changes: a draft, or one processing sent back with file errors (decision 0025). */
export const takesFiles = (status: number): boolean => status === PACK_STATUS.draft || status === PACK_STATUS.fileErrors;

/** The label of a stored status, whatever number it holds ("Status 7" for one this build does not know). */
export const packStatusLabel = (status: number): string => PACK_STATUS_LABELS[status as PackStatus] ?? `Status ${status}`;

const S = PACK_STATUS;
/**
 * Which moves are allowed is decided in docs/decisions/0004-pack-status-transitions.md.
 * A draft is submitted for approval; an admin approves (or sends it back to draft); approval starts
 * processing; processing ends published or with file errors; file errors go back to draft once fixed;
 * any non-archived pack can be archived by an admin, and an archived pack is restored to draft.
 */
export const PACK_STATUS_TRANSITIONS: Record<PackStatus, readonly PackStatus[]> = {
  [S.draft]: [S.awaitingApproval, S.archived],
  [S.awaitingApproval]: [S.approved, S.draft, S.archived],
  [S.approved]: [S.processing, S.archived],
  [S.processing]: [S.published, S.fileErrors],
  [S.fileErrors]: [S.draft, S.processing, S.archived],
  [S.published]: [S.archived, S.processing],
  [S.archived]: [S.draft, S.published],
};

/**
 * Where an admin archives a pack from as a takedown, with a reason (docs/decisions/0004): a pack awaiting
 * approval is rejected through its review instead, and a pack being processed is archived once the run ends.
 */
export const TAKEDOWN_FROM: readonly PackStatus[] = [S.draft, S.approved, S.fileErrors, S.published];

export function canTransitionPack(from: PackStatus, to: PackStatus): boolean {
  return PACK_STATUS_TRANSITIONS[from].includes(to);
}
