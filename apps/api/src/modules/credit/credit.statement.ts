import {
  ACCOUNT_INVOICE_STATE_LABELS,
  type AccountInvoice,
  type CompanyCredit,
  CURRENCY_LABELS,
  formatAmount,
  toMinor,
} from '@shop/domain';
import { type PdfDoc, renderPdf } from '../../lib/pdf-document';
import { type SheetColumn, writeXlsx } from '../../lib/spreadsheet';

/** What a statement shows: the company, its credit and totals, and the invoices asked for. */
export interface StatementDocument {
  companyName: string;
  taxNo: string;
  /** The shop day it was drawn up on. */
  today: string;
  /** What was asked for, in words ('全部', '未结清'…). */
  filter: string;
  credit: CompanyCredit[];
  totals: { currency: 'AUD' | 'CNY'; owed: number; overdue: number }[];
  invoices: AccountInvoice[];
}

const money = (major: number, currency: string) => `${currency} ${formatAmount(toMinor(major))}`;

/** The statement as one sheet: a row per invoice, amounts as numbers. */
export function statementXlsx(statement: StatementDocument): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: '账单号', width: 24 },
    { header: '订单号', width: 22 },
    { header: '下单人', width: 14 },
    { header: '币种', width: 6 },
    { header: '金额', width: 12, numFmt: '0.00' },
    { header: '已付', width: 12, numFmt: '0.00' },
    { header: '未付', width: 12, numFmt: '0.00' },
    { header: '开票日', width: 12 },
    { header: '到期日', width: 12 },
    { header: '状态', width: 10 },
  ];
  const rows = statement.invoices.map((i) => [
    i.invoiceNo,
    i.orderNo,
    i.buyer,
    i.currency,
    i.amount,
    i.paid,
    i.owed,
    i.issuedOn,
    i.dueOn,
    ACCOUNT_INVOICE_STATE_LABELS[i.state],
  ]);
  return writeXlsx('对账单', columns, rows);
}

const COLUMNS = [50, 170, 270, 310, 375, 440, 500] as const;
const RIGHT = 545;

function invoiceRow(doc: PdfDoc, cells: string[], size: number, color: string) {
  doc.fontSize(size).fillColor(color);
  const top = doc.y;
  cells.forEach((cell, index) => {
    const x = COLUMNS[index] ?? 50;
    const next = COLUMNS[index + 1] ?? RIGHT;
    const numeric = index >= 3 && index <= 4;
    doc.text(cell, x, top, { width: next - x - 4, align: numeric ? 'right' : 'left', lineBreak: false });
  });
  doc.x = 50;
  doc.y = top + size + 6;
}

/** The statement as an A4 PDF: the company, its credit and what it owes, then the invoices. */
export function statementPdf(statement: StatementDocument, at: Date, fontPath?: string): Promise<Buffer> {
  return renderPdf(`对账单 ${statement.companyName} ${statement.today}`, at, fontPath, (doc) => {
    doc.fontSize(20).fillColor('#111').text('对账单 Statement', 50, 50);
    doc.fontSize(10).fillColor('#555').text(`${statement.companyName}  税号 ${statement.taxNo}`);
    doc.text(`日期 ${statement.today}  ·  ${statement.filter}`);
    doc.moveDown();
    doc.fontSize(10).fillColor('#111');
    for (const c of statement.credit)
      doc.text(
        `${CURRENCY_LABELS[c.currency]}额度 ${money(c.limit, c.currency)}，已用 ${money(c.used, c.currency)}，可用 ${money(c.available, c.currency)}，账期 ${c.termsDays} 天`,
      );
    for (const t of statement.totals)
      doc.text(
        `${CURRENCY_LABELS[t.currency]}未付合计 ${money(t.owed, t.currency)}${t.overdue > 0 ? `，其中逾期 ${money(t.overdue, t.currency)}` : ''}`,
      );
    doc.moveDown();
    invoiceRow(doc, ['账单号', '订单号', '币种', '金额', '未付', '到期日', '状态'], 9, '#555');
    doc
      .moveTo(50, doc.y - 2)
      .lineTo(RIGHT, doc.y - 2)
      .strokeColor('#ccc')
      .stroke();
    for (const i of statement.invoices) {
      if (doc.y > 780) doc.addPage();
      invoiceRow(
        doc,
        [
          i.invoiceNo,
          i.orderNo,
          i.currency,
          formatAmount(toMinor(i.amount)),
          formatAmount(toMinor(i.owed)),
          i.dueOn,
          ACCOUNT_INVOICE_STATE_LABELS[i.state],
        ],
        9,
        i.state === 'overdue' ? '#b00' : '#111',
      );
    }
    if (statement.invoices.length === 0) doc.fontSize(10).fillColor('#555').text('暂无账单');
  });
}
