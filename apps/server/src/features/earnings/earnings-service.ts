import { Readable } from 'node:stream';
import { MINIMUM_PAYOUT_CENTS, type PayoutCarryReason, type PayoutLineKind } from '@crate/contract/payout-enums';
import type { CreatorEarnings, EarningsLineStatus, EarningsMonth } from '@crate/contract/earnings';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize, can } from '../../policies/can.ts';
import { asPayoutLine } from '../../policies/payout-line-policy.ts';
import { findLineOfMonth, listCountedCommissions, listLinesOfPayee, type PayeeLineRow } from './earnings-repository.ts';
import { renderStatementPdf, statementCsvLines, statementOf, type EarningsStatement } from './earnings-statement.ts';

const THAT_STATEMENT = 'That statement';

/** `YYYY-MM-01` of a moment's calendar month (UTC, as months are computed: decision 0051). */
const monthOf = (at: Date): string => `${at.toISOString().slice(0, 7)}-01`;

/** How a line of a month that ended reads to its payee: estimated until the month is approved, then the line's own status. */
function statusOf(row: PayeeLineRow): EarningsLineStatus {
  return row.monthStatus === 'draft' ? 'estimated' : row.status;
}

function figuresOf(row: PayeeLineRow) {
  return {
    credits: Number(row.credits),
    pool_cents: Number(row.poolCents),
    sales_cents: Number(row.salesCents),
    adjustment_cents: Number(row.adjustmentCents),
    carried_in_cents: Number(row.carriedInCents),
    amount_cents: Number(row.amountCents),
  };
}

function presentMonth(row: PayeeLineRow): EarningsMonth {
  return {
    month: row.month.slice(0, 7),
    ...figuresOf(row),
    status: statusOf(row),
    carry_reason: row.monthStatus === 'draft' ? null : (row.carryReason as PayoutCarryReason | null),
    paid_at: row.paidAt?.toISOString() ?? null,
    has_statement: row.monthStatus !== 'draft',
  };
}

/**
 * The viewer's own earnings (decision 0055): the current month so far from the hourly draft (zeros before it ran),
 * what the latest approved month carried, and every month that ended — estimated until approved. Only the
 * viewer's own lines are read; each passes the payout-line policy all the same.
 */
export async function getCreatorEarnings(db: DbOrTx, viewer: Viewer, now: Date): Promise<CreatorEarnings> {
  const current = monthOf(now);
  const rows = (await listLinesOfPayee(db, viewer.userId, 'creator')).filter((row) => can(viewer, 'read', asPayoutLine(row)));
  const thisMonth = rows.find((row) => row.month === current && row.monthStatus === 'draft');
  const ended = rows.filter((row) => row.month < current);
  const latestApproved = ended.find((row) => row.monthStatus !== 'draft');
  const carried = latestApproved?.status === 'carried';
  return {
    currency: rows[0]?.currency ?? 'usd',
    minimum_payout_cents: MINIMUM_PAYOUT_CENTS,
    this_month: {
      month: current.slice(0, 7),
      computed_at: thisMonth?.computedAt?.toISOString() ?? null,
      ...(thisMonth ? figuresOf(thisMonth) : { credits: 0, pool_cents: 0, sales_cents: 0, adjustment_cents: 0, carried_in_cents: 0, amount_cents: 0 }),
    },
    balance_carried: {
      amount_cents: carried ? Number(latestApproved.amountCents) : 0,
      reason: carried ? (latestApproved.carryReason as PayoutCarryReason | null) : null,
      from_month: carried ? latestApproved.month.slice(0, 7) : null,
    },
    months: ended.map(presentMonth),
  };
}

/** The viewer's statement of an approved (or paying, or paid) month; a draft month, or one without the viewer's line of that kind, does not exist (404). */
async function findStatement(db: DbOrTx, viewer: Viewer, month: string, kind: PayoutLineKind): Promise<EarningsStatement> {
  const row = authorize(viewer, 'read', await findLineOfMonth(db, viewer.userId, `${month}-01`, kind), asPayoutLine, THAT_STATEMENT);
  if (row.monthStatus === 'draft') throw notFound(THAT_STATEMENT);
  const commissions = kind === 'affiliate' ? await listCountedCommissions(db, viewer.userId, row.month, row.approvedAt) : [];
  return statementOf(row, kind, commissions);
}

export interface StatementFile {
  fileName: string;
  body: Readable | PDFKit.PDFDocument;
}

const statementName = (statement: EarningsStatement, extension: string) => `crate-${statement.kind === 'affiliate' ? 'affiliate-' : ''}statement-${statement.month}.${extension}`;

/** The statement as CSV: the same figures as the PDF, one summary block then one row per pack (or referred payment). */
export async function statementCsv(db: DbOrTx, viewer: Viewer, month: string, kind: PayoutLineKind): Promise<StatementFile> {
  const statement = await findStatement(db, viewer, month, kind);
  return { fileName: statementName(statement, 'csv'), body: Readable.from(statementCsvLines(statement)) };
}

/** The statement as a PDF (pdfkit, a stream; its table is bounded: see earnings-statement.ts). */
export async function statementPdf(db: DbOrTx, viewer: Viewer, month: string, kind: PayoutLineKind): Promise<StatementFile> {
  const statement = await findStatement(db, viewer, month, kind);
  return { fileName: statementName(statement, 'pdf'), body: renderStatementPdf(statement) };
}
