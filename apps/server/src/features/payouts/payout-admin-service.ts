import { Readable } from 'node:stream';
import type { PayoutLinesQuery } from '@crate/contract/payout-admin';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { CURSOR_IDS, CURSOR_VALUES, decodeCursor, invalidCursor } from '../../http/page-cursor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asPayout, type PayoutAction } from '../../policies/payout-policy.ts';
import { csvLine } from '../../files/csv.ts';
import {
  findPayoutLineRow,
  findPayoutMonthRow,
  listPayoutLineBatch,
  listPayoutLineRows,
  listPayoutMonthRows,
  listPayoutMonthsWaiting,
  type PayoutLineRow,
  type PayoutMonthRow,
} from './payout-admin-repository.ts';
import { approveMonth, computeDraft, listLineSpends, monthName, type LineSpendPage } from './payout-month-service.ts';

export { monthEnded } from './payout-month-service.ts';
export type { PayoutLineRow, PayoutMonthRow } from './payout-admin-repository.ts';

const THAT_MONTH = 'That payout month';
const THAT_LINE = 'That payout line';
/** How deep a page of lines may start: past this, narrow the search (a month has one line per payee). */
const MAX_LINE_OFFSET = 1_000_000;
/** Lines read per statement while a CSV streams. */
const CSV_BATCH = 500;

/** The month, when the viewer may do this to it (404 when there is none). */
async function monthFor(db: DbOrTx, viewer: Viewer, action: PayoutAction, id: string): Promise<PayoutMonthRow> {
  return authorize(viewer, action, await findPayoutMonthRow(db, id), asPayout, THAT_MONTH);
}

/** The months, newest first; the cursor is the last month shown. */
export async function listPayoutMonths(db: DbOrTx, page: { limit: number; cursor?: string | undefined }): Promise<PayoutMonthRow[]> {
  const after = decodeCursor(page.cursor, CURSOR_VALUES.text);
  if (after && !/^\d{4}-\d{2}-01$/.test(after.value)) throw invalidCursor();
  return listPayoutMonthRows(db, { limit: page.limit, beforeMonth: after?.value ?? null });
}

export const getPayoutMonth = (db: DbOrTx, viewer: Viewer, id: string) => monthFor(db, viewer, 'read', id);

/** A month's lines, one page: the cursor carries the offset of the next page (sorts by money, name, credits or status have no single key). */
export async function listPayoutLines(db: DbOrTx, viewer: Viewer, id: string, query: PayoutLinesQuery): Promise<{ rows: PayoutLineRow[]; offset: number }> {
  await monthFor(db, viewer, 'read', id);
  const cursor = decodeCursor(query.cursor, CURSOR_VALUES.position);
  const offset = cursor?.value ?? 0;
  if (offset < 0 || offset > MAX_LINE_OFFSET || (cursor && cursor.id !== id)) throw invalidCursor();
  const dir = query.dir ?? (query.sort === 'payee' || query.sort === 'status' ? 'asc' : 'desc');
  const rows = await listPayoutLineRows(db, id, { q: query.q || undefined, status: query.status, sort: query.sort, dir, offset, limit: query.limit });
  return { rows, offset };
}

export interface LineSpendsAnswer {
  line: PayoutLineRow;
  spends: LineSpendPage;
  adjustments: Awaited<ReturnType<typeof listLineSpends>>['adjustments'];
}

/** The ledger rows behind a line, through the month computation's own reading of them, and the refunds taken back in it. */
export async function getLineSpends(db: DbOrTx, viewer: Viewer, id: string, lineId: string, page: { limit: number; cursor?: string | undefined }): Promise<LineSpendsAnswer> {
  await monthFor(db, viewer, 'read', id);
  const line = authorize(viewer, 'read', await findPayoutLineRow(db, id, lineId), asPayout, THAT_LINE);
  const after = decodeCursor(page.cursor, CURSOR_VALUES.time, CURSOR_IDS.uuid);
  const answer = await listLineSpends(db, line.id, { after: after ? { at: after.value, id: after.id } : null, limit: page.limit });
  return { line, spends: answer.page, adjustments: answer.adjustments };
}

/** Computes a draft month again now, on an admin's word (audited); an approved month is frozen (409, from the computation). */
export async function recomputePayoutMonth(ctx: AppContext, viewer: Viewer, id: string, ipAddress: string | null): Promise<PayoutMonthRow> {
  const month = await monthFor(ctx.db, viewer, 'compute', id);
  if (month.status !== 'draft') throw new AppError('CONFLICT', `The payout for ${monthName(month.month)} is ${month.status} already: it no longer changes.`);
  await computeDraft(ctx.db, month.month, ctx.clock.now());
  await recordAudit(ctx.db, { actorUserId: viewer.userId, action: 'payout.recompute', targetType: 'monthly_payout', targetId: id, details: { month: month.month }, ipAddress });
  return monthFor(ctx.db, viewer, 'read', id);
}

/** Approves a month: the computation checks it is over, the first unapproved one and not approved already, computes it a last time, freezes and audits it. */
export async function approvePayoutMonth(ctx: AppContext, viewer: Viewer, id: string): Promise<PayoutMonthRow> {
  await monthFor(ctx.db, viewer, 'approve', id);
  await approveMonth(ctx.db, id, viewer.userId, ctx.clock.now());
  return monthFor(ctx.db, viewer, 'read', id);
}

/** Months waiting for an admin, for /admin: ended drafts and approved months not yet paid. */
export const payoutMonthsWaiting = (db: DbOrTx, now: Date) => listPayoutMonthsWaiting(db, now, 12);

export interface CsvExport {
  fileName: string;
  body: Readable;
}

const CSV_HEADER = ['line_id', 'payee_id', 'payee_name', 'payee_email', 'kind', 'credits', 'pool_cents', 'sales_cents', 'commission_cents', 'adjustment_cents', 'carried_in_cents', 'amount_cents', 'status', 'carry_reason', 'failure_reason', 'paid_at', 'split'];

/** One pack of a line's split, readable in one cell: "Pack title (Creator) 30.00% · 12 credits · 2099¢ sales". */
const splitCell = (line: PayoutLineRow) =>
  line.details.map((d) => `${d.pack_title} (${d.creator_name}) ${(d.share_bps / 100).toFixed(2)}% · ${d.credits} credits · ${d.sales_cents}¢ sales`).join('; ');

/** Every line of a month as CSV, read CSV_BATCH lines a statement and streamed as each batch arrives (decision 0035's habit). */
export async function exportPayoutMonth(db: DbOrTx, viewer: Viewer, id: string): Promise<CsvExport> {
  const month = await monthFor(db, viewer, 'read', id);
  async function* lines() {
    yield csvLine(CSV_HEADER);
    let after: string | null = null;
    for (;;) {
      const batch = await listPayoutLineBatch(db, id, after, CSV_BATCH);
      for (const l of batch) {
        yield csvLine([
          l.id,
          l.payeeUserId,
          l.payeeName,
          l.payeeEmail,
          l.kind,
          l.credits,
          l.poolCents,
          l.salesCents,
          l.commissionCents,
          l.adjustmentCents,
          l.carriedInCents,
          l.amountCents,
          l.status,
          l.carryReason ?? '',
          l.failureReason ?? '',
          l.paidAt?.toISOString() ?? '',
          splitCell(l),
        ]);
      }
      if (batch.length < CSV_BATCH) return;
      after = batch.at(-1)!.id;
    }
  }
  return { fileName: `crate-payouts-${month.month.slice(0, 7)}.csv`, body: Readable.from(lines()) };
}
