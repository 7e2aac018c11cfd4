import PDFDocument from 'pdfkit';
import { MINIMUM_PAYOUT_CENTS, WHOLE_BPS, type PayoutCarryReason, type PayoutLineKind, type PayoutLineStatus, type ReceiptKind } from '@crate/contract/payout-enums';
import type { PayoutLineDetail } from '../../db/schema/index.ts';
import { csvLine } from '../../files/csv.ts';
import type { CountedCommissionRow, StatementLineRow } from './earnings-repository.ts';

/** One referred payment behind an affiliate's line: when, what for, how much, the rate and the commission. */
interface StatementCommission {
  paidAt: Date;
  kind: ReceiptKind;
  amount: number;
  currency: string;
  bps: number;
  amountCents: number;
}

/**
 * One payee's statement of an approved month (decisions 0055, 0056): the same figures in the PDF and the CSV. A
 * creator's line is made of packs, an affiliate's of commissions on referred payments.
 */
export interface EarningsStatement {
  kind: PayoutLineKind;
  /** `YYYY-MM`. */
  month: string;
  payeeName: string;
  currency: string;
  /** The month's pool shared by its credits: what one credit spent that month earned, in cents (unrounded). */
  poolRateCents: number | null;
  packs: PayoutLineDetail[];
  commissions: StatementCommission[];
  credits: number;
  poolCents: number;
  salesCents: number;
  commissionCents: number;
  adjustmentCents: number;
  carriedInCents: number;
  amountCents: number;
  status: PayoutLineStatus;
  carryReason: PayoutCarryReason | null;
  paidAt: Date | null;
}

export function statementOf(row: StatementLineRow, kind: PayoutLineKind, commissions: readonly CountedCommissionRow[]): EarningsStatement {
  const monthCredits = Number(row.monthCredits);
  return {
    kind,
    month: row.month.slice(0, 7),
    payeeName: row.payeeName,
    currency: row.currency,
    poolRateCents: monthCredits > 0 ? Number(row.monthPoolCents) / monthCredits : null,
    packs: [...row.details].sort((a, b) => a.creator_name.localeCompare(b.creator_name) || a.pack_title.localeCompare(b.pack_title) || a.pack_id.localeCompare(b.pack_id)),
    commissions: commissions.map((c) => ({ ...c })),
    credits: Number(row.credits),
    poolCents: Number(row.poolCents),
    salesCents: Number(row.salesCents),
    commissionCents: Number(row.commissionCents),
    adjustmentCents: Number(row.adjustmentCents),
    carriedInCents: Number(row.carriedInCents),
    amountCents: Number(row.amountCents),
    status: row.status,
    carryReason: row.carryReason,
    paidAt: row.paidAt,
  };
}

/** Cents as a plain decimal amount, "32.44" or "-5.00" (CSV: a spreadsheet reads it as a number). */
const decimalOf = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** Cents as money in the statement's words, "$32.44" or "-$5.00" (every payout is in US dollars: monthly_payouts.currency). */
const symbolOf = (currency: string): string => (currency.toLowerCase() === 'usd' ? '$' : `${currency.toUpperCase()} `);
const moneyOf = (cents: number, currency: string): string => `${cents < 0 ? '-' : ''}${symbolOf(currency)}${decimalOf(Math.abs(cents))}`;
/** The pool's rate per credit in money, to a hundredth of a cent: "$1.5449". */
const rateOf = (statement: EarningsStatement): string => (statement.poolRateCents === null ? 'no credits spent' : `${symbolOf(statement.currency)}${(statement.poolRateCents / 100).toFixed(4)}`);
const percentOf = (bps: number): string => `${(bps / (WHOLE_BPS / 100)).toFixed(2).replace(/\.?0+$/, '')}%`;

const CARRY_WORDS: Record<PayoutCarryReason, string> = {
  below_minimum: `carried into next month: under the ${moneyOf(MINIMUM_PAYOUT_CENTS, 'usd')} minimum payout`,
  no_account: 'carried into next month: kept until you connect a payout account',
  negative: 'carried into next month: refunds taken back are paid back from your next earnings first',
};

/** Where the line stands, in words: paid on a day, carried and why, to be paid, or failed and retried. */
function statusWords(statement: EarningsStatement): string {
  switch (statement.status) {
    case 'paid':
      return `paid${statement.paidAt ? ` on ${statement.paidAt.toISOString().slice(0, 10)}` : ''}`;
    case 'carried':
      return statement.carryReason ? CARRY_WORDS[statement.carryReason] : 'carried into next month';
    case 'pending':
      return 'approved, to be paid';
    case 'failed':
      return 'the transfer failed; it is retried';
  }
}

/**
 * The statement as CSV lines: a block of `field,value` rows, an empty line, then one row per pack: the payee's share
 * of it, the credits spent on its sounds and what they sold for outright in the month (the whole pack's, as the
 * line's details keep them; the payee's money from them is the summary's pool and sales).
 */
export function* statementCsvLines(statement: EarningsStatement): Generator<string> {
  const money = (cents: number) => decimalOf(cents);
  const creator = statement.kind === 'creator';
  yield csvLine(['field', 'value']);
  yield csvLine(['month', statement.month]);
  yield csvLine(['payee', statement.payeeName]);
  yield csvLine(['kind', statement.kind]);
  yield csvLine(['currency', statement.currency.toUpperCase()]);
  if (creator) {
    yield csvLine(['credits', statement.credits]);
    yield csvLine(['pool_rate_per_credit', statement.poolRateCents === null ? '' : (statement.poolRateCents / 100).toFixed(4)]);
    yield csvLine(['pool', money(statement.poolCents)]);
    yield csvLine(['sales', money(statement.salesCents)]);
  } else {
    yield csvLine(['commissions', money(statement.commissionCents)]);
  }
  yield csvLine(['adjustments', money(statement.adjustmentCents)]);
  yield csvLine(['carried_in', money(statement.carriedInCents)]);
  yield csvLine(['total', money(statement.amountCents)]);
  yield csvLine(['status', statement.status]);
  yield csvLine(['carry_reason', statement.carryReason ?? '']);
  yield csvLine(['paid_at', statement.paidAt?.toISOString() ?? '']);
  yield '\r\n';
  if (creator) {
    yield csvLine(['pack', 'creator', 'share_percent', 'credits', 'sold_for']);
    for (const pack of statement.packs) yield csvLine([pack.pack_title, pack.creator_name, percentOf(pack.share_bps).replace('%', ''), pack.credits, money(pack.sales_cents)]);
    return;
  }
  yield csvLine(['paid_on', 'payment', 'amount', 'currency', 'rate_percent', 'commission']);
  for (const c of statement.commissions) yield csvLine([c.paidAt.toISOString().slice(0, 10), PAYMENT_WORDS[c.kind], money(c.amount), c.currency.toUpperCase(), percentOf(c.bps).replace('%', ''), money(c.amountCents)]);
}

/** What a referred payment was for, in the statement's words. */
const PAYMENT_WORDS: Record<ReceiptKind, string> = { plan: 'Plan', refill: 'Refill', purchase: 'Purchase' };

/** The most rows (packs or payments) one PDF lists (about ten pages); a payee with more finds every one in the CSV. */
const MAX_PDF_ROWS = 400;

/**
 * The statement as a PDF (pdfkit, its built-in Helvetica, like a licence certificate): the month, the payee,
 * the figures and how the line stands, then a table of packs (or referred payments). Bounded (MAX_PDF_ROWS rows), so it renders in a few
 * milliseconds on the request's own turn; a stream to pipe to the reply.
 */
export function renderStatementPdf(statement: EarningsStatement): PDFKit.PDFDocument {
  const creator = statement.kind === 'creator';
  const title = creator ? 'Earnings statement' : 'Affiliate statement';
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Crate ${title.toLowerCase()} ${statement.month}`, Author: 'Crate' } });
  const money = (cents: number) => moneyOf(cents, statement.currency);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(10).fillColor('#777777').text('CRATE', { characterSpacing: 2 });
  doc.moveDown(0.5).fontSize(22).fillColor('#111111').text(title);
  doc.moveDown(0.2).fontSize(14).fillColor('#c2410c').text(`${statement.month} · ${statement.payeeName}`);
  doc.moveDown(1.2);
  const figure = (label: string, value: string, strong = false) => {
    const y = doc.y;
    doc.fontSize(10).fillColor('#555555').text(label, left, y, { width: width * 0.6 });
    doc.fontSize(strong ? 12 : 10).fillColor('#111111').text(value, left + width * 0.6, y, { width: width * 0.4, align: 'right' });
    doc.moveDown(0.4);
  };
  if (creator) {
    figure('Credits spent on your sounds', String(statement.credits));
    figure("Pool rate (the month's creator pool ÷ its credits)", `${rateOf(statement)} per credit`);
    figure('From the pool', money(statement.poolCents));
    figure('From sales (70 % of packs and bundles bought outright)', money(statement.salesCents));
  } else {
    figure(`Commissions on ${statement.commissions.length} referred ${statement.commissions.length === 1 ? 'payment' : 'payments'}`, money(statement.commissionCents));
  }
  figure('Adjustments (refunds of earlier months)', money(statement.adjustmentCents));
  figure('Carried in from last month', money(statement.carriedInCents));
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#cccccc').stroke();
  doc.moveDown(0.4);
  figure('Total', money(statement.amountCents), true);
  doc.moveDown(0.2).fontSize(10).fillColor('#555555').text('Status: ', left, doc.y, { continued: true }).fillColor('#111111').text(statusWords(statement), { width });

  doc.moveDown(1).fontSize(12).fillColor('#111111').text(creator ? 'Packs' : 'Referred payments', left, doc.y);
  doc.moveDown(0.3);
  const columns = creator
    ? [
        { label: 'Pack', x: 0, w: 0.34, align: 'left' as const },
        { label: 'Creator', x: 0.34, w: 0.26, align: 'left' as const },
        { label: 'Your share', x: 0.6, w: 0.13, align: 'right' as const },
        { label: 'Credits', x: 0.73, w: 0.12, align: 'right' as const },
        { label: 'Sold for', x: 0.85, w: 0.15, align: 'right' as const },
      ]
    : [
        { label: 'Paid on', x: 0, w: 0.22, align: 'left' as const },
        { label: 'Payment', x: 0.22, w: 0.26, align: 'left' as const },
        { label: 'Amount', x: 0.48, w: 0.18, align: 'right' as const },
        { label: 'Rate', x: 0.66, w: 0.14, align: 'right' as const },
        { label: 'Commission', x: 0.8, w: 0.2, align: 'right' as const },
      ];
  const row = (cells: string[], color: string) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.fontSize(9).fillColor(color).text(cell, left + width * column.x, y, { width: width * column.w - 6, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  row(
    columns.map((c) => c.label),
    '#777777',
  );
  const rows: string[][] = creator
    ? statement.packs.map((pack) => [pack.pack_title, pack.creator_name, percentOf(pack.share_bps), String(pack.credits), money(pack.sales_cents)])
    : statement.commissions.map((c) => [c.paidAt.toISOString().slice(0, 10), PAYMENT_WORDS[c.kind], moneyOf(c.amount, c.currency), percentOf(c.bps), money(c.amountCents)]);
  const shown = rows.slice(0, MAX_PDF_ROWS);
  for (const cells of shown) row(cells, '#111111');
  const things = creator ? 'packs' : 'payments';
  if (rows.length === 0) row([creator ? 'No pack earned this month (carried balance and adjustments only).' : 'No referred payment this month (carried balance and adjustments only).', '', '', '', ''], '#555555');
  if (rows.length > shown.length) row([`…and ${rows.length - shown.length} more ${things}: every one is in the CSV statement.`, '', '', '', ''], '#555555');
  doc.end();
  return doc;
}
