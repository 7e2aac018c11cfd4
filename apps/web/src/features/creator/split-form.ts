import { checkSplitShares, type Split, type SplitCheck, type SplitShareInput } from '@crate/contract/splits';
import { WHOLE_BPS } from '@crate/contract/payout-enums';
import { monthLabel } from '../../components/month-label.ts';

/** One collaborator row of the split editor as typed: who (null until picked) and a percent with up to two decimals. */
export interface SplitRow {
  key: string;
  userId: string | null;
  percent: string;
}

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** The editor's rows for a split: its collaborators' shares, each as a percent with two decimals. */
export function rowsOf(split: Split): SplitRow[] {
  return split.shares.filter((s) => s.role === 'collaborator').map((s, i) => ({ key: `${s.user_id}-${i}`, userId: s.user_id, percent: (s.bps / 100).toFixed(2) }));
}

/** A typed percent as basis points ("30" → 3000, "12.5" → 1250), or null when it is not a percent with at most two decimals. */
export function percentToBps(percent: string): number | null {
  const text = percent.trim().replace(',', '.');
  if (!PERCENT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

interface RowError {
  input: 'user_id' | 'bps';
  message: string;
}

export interface SplitFormState {
  /** What the editor would send, when every row is filled in. */
  shares: SplitShareInput[];
  /** The creator's share: what is left (negative when the collaborators take more than the whole). */
  creatorBps: number;
  /** The live total the editor shows: the creator's share (never below 0) plus the collaborators'. */
  totalBps: number;
  /** Each row's own problem, by row index: which input it is about, and what it is. */
  rowErrors: Map<number, RowError>;
  /** The first problem of the whole split, if any (the contract's check). */
  problem: string | null;
}

/** The rows as the editor reads them: what to send, the live total, and what stops a save (the server's own check). */
export function readSplitForm(rows: readonly SplitRow[], creatorUserId: string, collaboratorIds: readonly string[]): SplitFormState {
  const rowErrors = new Map<number, RowError>();
  const shares: SplitShareInput[] = [];
  rows.forEach((row, i) => {
    const bps = percentToBps(row.percent);
    if (!row.userId) rowErrors.set(i, { input: 'user_id', message: 'Pick a collaborator' });
    else if (bps === null) rowErrors.set(i, { input: 'bps', message: 'A percent with at most two decimals, like 30 or 12.5' });
    else shares.push({ user_id: row.userId, bps });
  });
  const collaboratorBps = shares.reduce((sum, s) => sum + s.bps, 0);
  const creatorBps = WHOLE_BPS - collaboratorBps;
  let problem: string | null = null;
  if (rowErrors.size === 0) {
    const checked: SplitCheck = checkSplitShares(shares, { creatorUserId, collaboratorIds });
    if (!checked.ok) {
      const row = /^shares\.(\d+)\.(user_id|bps)$/.exec(checked.field);
      if (row) rowErrors.set(Number(row[1]), { input: row[2] as RowError['input'], message: checked.message });
      else problem = checked.message;
    }
  }
  return { shares, creatorBps, totalBps: Math.max(creatorBps, 0) + collaboratorBps, rowErrors, problem };
}


/** When a split applies: "from June 2026", or, before any month was approved, "to every month not paid yet". */
export function appliesSentence(month: string): string {
  return month <= '2000-01-01' ? 'to every month not paid yet' : `from ${monthLabel(month)}`;
}
