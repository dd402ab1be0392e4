import {
  AdminInvoicePaths,
  InvoicePaths,
  MemberPaths,
  OrderStatus,
  ResultCode,
  type TaxDocuments,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentNotes, orders, skus, taxInvoices } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { invoiceDate } from '../src/modules/invoice/invoice.pdf';
import { insertOrder, newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

// Tax invoices of paid AUD orders (ATO requirements; ADR 039): the PDF read back for every required field, one
// gap-free number per order even under parallel first downloads, only for the order's owner, the buyer named
// from A$1,000, and adjustment notes for refunds with the GST reversed.

let t: TestApp;
let skuId: number;
let finance: StaffLogin;
let warehouse: StaffLogin;

const SELLER = {
  legalName: '澳中批发 Pty Ltd',
  abn: '51824753556',
  address: '1 George St, Sydney NSW 2000',
  gstRegistered: true,
  pricesIncludeGst: true,
};

beforeAll(async () => {
  t = await createTestApp();
  const [sku] = await t.database.db.select({ id: skus.id }).from(skus).limit(1);
  skuId = sku?.id ?? 0;
  await t.app.services.seller.save({ ...SELLER, abn: '51 824 753 556' }, cliActor());
  finance = await staffToken(t, 'finance');
  warehouse = await staffToken(t, 'warehouse');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A paid AUD order of the member: prices include GST, GST one eleventh of the total. */
async function paidAudOrder(
  memberId: number,
  unitPrice = 4_400,
  qty = 2,
  name = '澳洲奶粉 900g',
): Promise<{ id: number; orderNo: string; total: number; gst: number }> {
  const order = await insertOrder(t.database.db, {
    memberId,
    currency: 'AUD',
    status: OrderStatus.Paid,
    shipping: 1_100,
    items: [{ skuId, qty, unitPrice, name, skuName: '罐装' }],
  });
  const total = unitPrice * qty + 1_100;
  const gst = Math.round(total / 11);
  await t.database.db
    .update(orders)
    .set({
      paidAt: new Date('2026-11-20T03:00:00Z'),
      payChannel: 'DepositPay',
      paidCurrency: 'AUD',
      paidAmount: total,
      gstAmount: gst,
      gstIncluded: true,
    })
    .where(eq(orders.id, order.id));
  return { id: order.id, orderNo: order.orderNo, total, gst };
}

const download = (token: string, orderId: number) => post(t.app, InvoicePaths.taxInvoice, { orderId }, token);

async function pdfText(payload: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const money = (minor: number) => `A$${(minor / 100).toFixed(2)}`;

describe('tax invoice', () => {
  it('is a small PDF with every field the ATO asks for, and downloads the same the second time', async () => {
    const m = await newMember(t.app, 'inv');
    const order = await paidAudOrder(m.id);
    const res = await download(m.token, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="TaxInvoice_INV-\d{6}\.pdf"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A subset of the CJK font, not the 10 MB font.
    expect(res.rawPayload.length).toBeLessThan(60_000);

    const text = await pdfText(res.rawPayload);
    const [invoice] = await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id));
    expect(invoice).toBeDefined();
    for (const field of [
      'Tax invoice',
      SELLER.legalName,
      'ABN 51 824 753 556',
      invoice?.invoiceNo ?? 'missing',
      invoiceDate(invoice?.issuedAt ?? new Date(0)),
      '澳洲奶粉 900g 罐装',
      money(4_400),
      money(8_800),
      'Total price includes GST',
      money(order.gst),
      money(order.total),
      order.orderNo,
    ])
      expect(text, field).toContain(field);

    const again = await download(m.token, order.id);
    expect(again.headers['content-disposition']).toBe(res.headers['content-disposition']);
    expect(await pdfText(again.rawPayload)).toBe(text);
    const rows = await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it('numbers invoices in one series without gaps under 10 parallel first downloads, one number per order', async () => {
    const m = await newMember(t.app, 'invpar');
    const batch = await Promise.all(Array.from({ length: 10 }, () => paidAudOrder(m.id, 1_000, 1)));
    const twice = batch[0];
    if (!twice) throw new Error('no order');
    const answers = await Promise.all([
      ...batch.map((o) => download(m.token, o.id)),
      download(m.token, twice.id),
    ]);
    for (const res of answers) expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const names = answers.map((r) => String(r.headers['content-disposition']));
    expect(names[10]).toBe(names[0]);
    expect(new Set(names.slice(0, 10)).size).toBe(10);

    const all = await t.database.db.select({ seq: taxInvoices.seq }).from(taxInvoices);
    const seqs = all.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const mine = await t.database.db
      .select({ orderId: taxInvoices.orderId })
      .from(taxInvoices)
      .where(eq(taxInvoices.memberId, m.id));
    expect(mine).toHaveLength(10);
  });

  it("is the owner's only: another member gets 404, a visitor must log in", async () => {
    const owner = await newMember(t.app, 'invown');
    const other = await newMember(t.app, 'invother');
    const order = await paidAudOrder(owner.id);
    const res = await download(other.token, order.id);
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ success: false, message: '订单不存在' });
    const visitor = await post(t.app, InvoicePaths.taxInvoice, { orderId: order.id });
    expect(visitor.statusCode).toBe(401);
    expect(envelope(visitor).resultCode).toBe(ResultCode.InvalidToken);
    const issued = await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id));
    expect(issued).toHaveLength(0);
  });

  it('refuses unpaid and CNY orders in Chinese, taking no number', async () => {
    const m = await newMember(t.app, 'invno');
    const unpaid = await insertOrder(t.database.db, {
      memberId: m.id,
      currency: 'AUD',
      items: [{ skuId, qty: 1, unitPrice: 500 }],
    });
    const cny = await insertOrder(t.database.db, {
      memberId: m.id,
      currency: 'CNY',
      status: OrderStatus.Paid,
      items: [{ skuId, qty: 1, unitPrice: 500 }],
    });
    await t.database.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, cny.id));
    const before = await t.database.db.select().from(taxInvoices);
    const a = await download(m.token, unpaid.id);
    expect(a.statusCode).toBe(400);
    expect(envelope(a)).toMatchObject({
      success: false,
      resultCode: ResultCode.ParamsError,
      message: '订单尚未付款，付款后才能下载税务发票',
    });
    const b = await download(m.token, cny.id);
    expect(envelope(b).message).toBe('人民币订单不开具澳大利亚税务发票，请在订单页申请增值税发票');
    expect(await t.database.db.select().from(taxInvoices)).toHaveLength(before.length);
    const bad = await post(t.app, InvoicePaths.taxInvoice, { orderId: 'x' }, m.token);
    expect(envelope(bad).success).toBe(false);
    expect(envelope(bad).message).toMatch(/订单编号/);
  });

  it('names the buyer from A$1,000 (a Chinese company name renders), and refuses when nobody is known', async () => {
    const m = await newMember(t.app, 'invbig');
    const saved = envelope(
      await post(t.app, MemberPaths.update, { company: '悉尼贸易有限公司', abn: '53 004 085 616' }, m.token),
    );
    expect(saved.success, saved.message).toBe(true);
    const big = await paidAudOrder(m.id, 60_000, 2);
    const text = await pdfText((await download(m.token, big.id)).rawPayload);
    expect(text).toContain('Buyer');
    expect(text).toContain('悉尼贸易有限公司');
    expect(text).toContain('ABN 53 004 085 616');
    expect(text).toContain(money(big.total));

    const nobody = await newMember(t.app, 'invanon');
    const anon = await insertOrder(t.database.db, {
      memberId: nobody.id,
      currency: 'AUD',
      status: OrderStatus.Paid,
      receiver: null,
      items: [{ skuId, qty: 1, unitPrice: 150_000 }],
    });
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date(), paidAmount: 151_500, paidCurrency: 'AUD', payChannel: 'DepositPay' })
      .where(eq(orders.id, anon.id));
    const refused = await download(nobody.token, anon.id);
    expect(envelope(refused).message).toMatch(/满 A\$1,000，税务发票须注明买方名称或ABN/);
  });

  it('staff with order.read download the same invoice; the order page lists it', async () => {
    const m = await newMember(t.app, 'invstaff');
    const order = await paidAudOrder(m.id);
    const staffCopy = await post(
      t.app,
      AdminInvoicePaths.taxInvoice,
      { orderNo: order.orderNo },
      warehouse.token,
    );
    expect(staffCopy.statusCode).toBe(200);
    const own = await download(m.token, order.id);
    expect(own.headers['content-disposition']).toBe(staffCopy.headers['content-disposition']);
    const docs = envelope<TaxDocuments>(
      await post(t.app, InvoicePaths.documents, { orderId: order.id }, m.token),
    );
    expect(docs.data).toMatchObject({
      taxInvoiceAvailable: true,
      fapiaoAvailable: false,
      refundToAdjust: false,
      adjustmentNotes: [],
    });
    expect(docs.data.invoiceNo).toMatch(/^INV-\d{6}$/);
    const noRole = await post(t.app, AdminInvoicePaths.fapiaoList, {}, warehouse.token);
    expect(noRole.statusCode).toBe(403);
  });

  it('a refund gives an adjustment note referencing the invoice with the GST reversed, once per refund', async () => {
    const m = await newMember(t.app, 'invrefund');
    const order = await paidAudOrder(m.id, 5_500, 2);
    const first = await download(m.token, order.id);
    const invoiceNo = /INV-\d{6}/.exec(String(first.headers['content-disposition']))?.[0];
    const none = await post(t.app, InvoicePaths.adjustmentNote, { orderId: order.id }, m.token);
    expect(envelope(none).message).toBe('该订单没有退款，没有调整单');

    await t.app.services.refundOrder.refund(cliActor(), order.orderNo, { amount: 3_300 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const docs = envelope<TaxDocuments>(
      await post(t.app, InvoicePaths.documents, { orderId: order.id }, m.token),
    );
    expect(docs.data.refundToAdjust).toBe(true);

    const [a, b] = await Promise.all([
      post(t.app, InvoicePaths.adjustmentNote, { orderId: order.id }, m.token),
      post(t.app, InvoicePaths.adjustmentNote, { orderId: order.id }, m.token),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-disposition']).toBe(b.headers['content-disposition']);
    const notes = await t.database.db
      .select()
      .from(adjustmentNotes)
      .where(eq(adjustmentNotes.orderId, order.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.amount).toBe(3_300);
    expect(notes[0]?.gst).toBe(row?.refundedGst);
    expect(notes[0]?.gst).toBe(300);
    const text = await pdfText(a.rawPayload);
    for (const field of [
      'Adjustment note',
      notes[0]?.noteNo ?? '?',
      invoiceNo ?? '?',
      SELLER.legalName,
      'ABN 51 824 753 556',
      'GST reversed',
      `-${money(300)}`,
      `-${money(3_300)}`,
    ])
      expect(text, field).toContain(field);

    // A second refund: the next download issues a second note for it alone.
    await t.app.services.refundOrder.refund(cliActor(), order.orderNo, { amount: 1_100 });
    const second = await post(t.app, InvoicePaths.adjustmentNote, { orderId: order.id }, m.token);
    expect(second.headers['content-disposition']).not.toBe(a.headers['content-disposition']);
    const after = await t.database.db
      .select()
      .from(adjustmentNotes)
      .where(eq(adjustmentNotes.orderId, order.id));
    expect(after.map((n) => n.amount)).toEqual([3_300, 1_100]);
    const seqs = (await t.database.db.select({ seq: adjustmentNotes.seq }).from(adjustmentNotes))
      .map((r) => r.seq)
      .sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));

    // The first note still downloads by its number, for the member and for staff.
    const byNo = await post(
      t.app,
      InvoicePaths.adjustmentNote,
      { orderId: order.id, noteNo: notes[0]?.noteNo },
      m.token,
    );
    expect(byNo.headers['content-disposition']).toBe(a.headers['content-disposition']);
    const staffNote = await post(
      t.app,
      AdminInvoicePaths.adjustmentNote,
      { orderNo: order.orderNo, noteNo: notes[0]?.noteNo },
      finance.token,
    );
    expect(staffNote.statusCode).toBe(200);
  });
});
