import { formatAmount } from '@shop/domain';
import { type PdfDoc, renderPdf } from '../../lib/pdf-document';
import type { InvoiceLine, InvoiceParty } from './invoice.schema';

/**
 * The PDFs of tax invoices and adjustment notes (ATO tax invoice requirements; ADR 039), in the shop's font
 * (lib/pdf-document.ts), so a Chinese buyer name renders and a one-page invoice stays around 10-20 kB.
 */

export interface TaxInvoiceDocument {
  invoiceNo: string;
  orderNo: string;
  issuedAt: Date;
  seller: InvoiceParty;
  /** Printed when the name or ABN is known (required from A$1,000). */
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  shipping: number;
  discount: number;
  total: number;
  gst: number;
  pricesIncludeGst: boolean;
}

export interface AdjustmentNoteDocument {
  noteNo: string;
  invoiceNo: string;
  invoiceIssuedAt: Date;
  orderNo: string;
  issuedAt: Date;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  amount: number;
  gst: number;
}

const aud = (minor: number) => `A$${formatAmount(minor)}`;

/** The issue date as printed: the day in Sydney, dd/mm/yyyy. */
export function invoiceDate(at: Date): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Sydney',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);
}

const formatAbnText = (abn: string) =>
  abn.length === 11 ? `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}` : abn;

type Doc = PdfDoc;
const render = renderPdf;

function heading(doc: Doc, english: string, chinese: string) {
  doc.fontSize(22).fillColor('#111').text(english, 50, 50);
  doc.fontSize(11).fillColor('#555').text(chinese);
  doc.moveDown(0.8);
}

function pairs(doc: Doc, rows: [string, string][]) {
  doc.fontSize(10).fillColor('#111');
  for (const [label, value] of rows) doc.text(`${label}: ${value}`);
  doc.moveDown(0.6);
}

function parties(doc: Doc, seller: InvoiceParty, buyer: InvoiceParty) {
  const top = doc.y;
  doc.fontSize(9).fillColor('#555').text('Seller 卖方', 50, top);
  doc.fontSize(10).fillColor('#111').text(seller.name, 50, doc.y, { width: 240 });
  doc.text(`ABN ${formatAbnText(seller.abn)}`, { width: 240 });
  if (seller.address) doc.text(seller.address, { width: 240 });
  const sellerBottom = doc.y;
  let buyerBottom = top;
  if (buyer.name || buyer.abn) {
    doc.fontSize(9).fillColor('#555').text('Buyer 买方', 310, top);
    doc.fontSize(10).fillColor('#111');
    if (buyer.name) doc.text(buyer.name, 310, doc.y, { width: 235 });
    if (buyer.abn) doc.text(`ABN ${formatAbnText(buyer.abn)}`, 310, doc.y, { width: 235 });
    if (buyer.address) doc.text(buyer.address, 310, doc.y, { width: 235 });
    buyerBottom = doc.y;
  }
  doc.x = 50;
  doc.y = Math.max(sellerBottom, buyerBottom) + 14;
}

const COLUMNS = { description: 50, qty: 330, unit: 380, amount: 465, right: 545 } as const;

function row(doc: Doc, cells: [string, string, string, string], size = 10, color = '#111') {
  doc.fontSize(size).fillColor(color);
  const y = doc.y;
  const width = COLUMNS.qty - COLUMNS.description - 10;
  const height = doc.heightOfString(cells[0], { width });
  if (y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  doc.text(cells[0], COLUMNS.description, top, { width });
  doc.text(cells[1], COLUMNS.qty, top, { width: COLUMNS.unit - COLUMNS.qty - 5, align: 'right' });
  doc.text(cells[2], COLUMNS.unit, top, { width: COLUMNS.amount - COLUMNS.unit - 5, align: 'right' });
  doc.text(cells[3], COLUMNS.amount, top, { width: COLUMNS.right - COLUMNS.amount, align: 'right' });
  doc.x = COLUMNS.description;
  doc.y = top + Math.max(height, doc.currentLineHeight()) + 4;
}

function rule(doc: Doc) {
  doc
    .moveTo(COLUMNS.description, doc.y)
    .lineTo(COLUMNS.right, doc.y)
    .strokeColor('#bbb')
    .lineWidth(0.5)
    .stroke();
  doc.y += 5;
}

function total(doc: Doc, label: string, value: string, size = 10) {
  doc.fontSize(size).fillColor('#111');
  const top = doc.y;
  doc.text(label, 250, top, { width: COLUMNS.amount - 255, align: 'right' });
  doc.text(value, COLUMNS.amount, top, { width: COLUMNS.right - COLUMNS.amount, align: 'right' });
  doc.x = COLUMNS.description;
  doc.y = top + doc.currentLineHeight() + 4;
}

/** A tax invoice as the ATO asks: its words, seller and ABN, date, items, GST, total and, from A$1,000, the buyer. */
export function taxInvoicePdf(invoice: TaxInvoiceDocument, fontPath?: string): Promise<Buffer> {
  return render(`Tax invoice ${invoice.invoiceNo}`, invoice.issuedAt, fontPath, (doc) => {
    heading(doc, 'Tax invoice', '税务发票');
    pairs(doc, [
      ['Invoice number 发票号', invoice.invoiceNo],
      ['Issue date 开具日期', invoiceDate(invoice.issuedAt)],
      ['Order 订单号', invoice.orderNo],
    ]);
    parties(doc, invoice.seller, invoice.buyer);
    row(doc, ['Description 商品', 'Qty', 'Unit price', 'Amount'], 9, '#555');
    rule(doc);
    for (const line of invoice.lines)
      row(doc, [line.description, String(line.qty), aud(line.unitPrice), aud(line.amount)]);
    if (invoice.shipping > 0) row(doc, ['Freight 运费', '1', aud(invoice.shipping), aud(invoice.shipping)]);
    if (invoice.discount > 0) row(doc, ['Discount 优惠', '', '', `-${aud(invoice.discount)}`]);
    rule(doc);
    if (invoice.pricesIncludeGst) {
      total(doc, 'Total (AUD) 合计', aud(invoice.total), 12);
      total(doc, 'Total price includes GST 含GST', aud(invoice.gst));
    } else {
      total(doc, 'Subtotal excl. GST 不含税', aud(invoice.total - invoice.gst));
      total(doc, 'GST 10%', aud(invoice.gst));
      total(doc, 'Total incl. GST (AUD) 合计', aud(invoice.total), 12);
    }
    doc.moveDown(2);
    doc.fontSize(8).fillColor('#777').text('All amounts in Australian dollars. 金额单位：澳元。', 50);
  });
}

/** An adjustment note for refunds of an invoiced sale: which invoice, what was refunded, the GST reversed. */
export function adjustmentNotePdf(note: AdjustmentNoteDocument, fontPath?: string): Promise<Buffer> {
  return render(`Adjustment note ${note.noteNo}`, note.issuedAt, fontPath, (doc) => {
    heading(doc, 'Adjustment note', '调整单');
    pairs(doc, [
      ['Adjustment note number 调整单号', note.noteNo],
      ['Issue date 开具日期', invoiceDate(note.issuedAt)],
      ['Tax invoice 原税务发票', `${note.invoiceNo} (${invoiceDate(note.invoiceIssuedAt)})`],
      ['Order 订单号', note.orderNo],
    ]);
    parties(doc, note.seller, note.buyer);
    row(doc, ['Adjustment 调整', '', '', 'Amount'], 9, '#555');
    rule(doc);
    row(doc, [`Refund of order ${note.orderNo} 订单退款`, '', '', `-${aud(note.amount)}`]);
    rule(doc);
    total(doc, 'Total adjustment incl. GST 调整合计', `-${aud(note.amount)}`, 12);
    total(doc, 'GST reversed 冲减GST', `-${aud(note.gst)}`);
    doc.moveDown(2);
    doc.fontSize(8).fillColor('#777').text('All amounts in Australian dollars. 金额单位：澳元。', 50);
  });
}
