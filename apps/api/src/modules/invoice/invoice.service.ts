import {
  type AdminFapiao,
  type AdminFapiaoList,
  type AdminFapiaoListRequest,
  FAPIAO_KIND_LABELS,
  FAPIAO_STATUS_LABELS,
  type Fapiao,
  type FapiaoKind,
  type FapiaoRequestFields,
  type FapiaoStatus,
  invoiceNeedsBuyer,
  pendingAdjustment,
  ResultCode,
  TaxDocumentSeries,
  type TaxDocuments,
  taxDocumentNo,
  toMajor,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import { operatorName } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { PdfFile } from '../../lib/pdf-reply';
import type { AuthContext } from '../../plugins/auth';
import { adjustmentNotePdf, taxInvoicePdf } from './invoice.pdf';
import * as repo from './invoice.repository';
import type { InvoiceLine, InvoiceParty } from './invoice.schema';

export const InvoiceMessages = {
  orderNotFound: '订单不存在',
  cnyOrder: '人民币订单不开具澳大利亚税务发票，请在订单页申请增值税发票',
  audOrderFapiao: '澳币订单开具澳大利亚税务发票（Tax invoice），不能申请增值税发票',
  notPaid: '订单尚未付款，付款后才能下载税务发票',
  fapiaoNotPaid: '订单尚未付款，付款后才能申请发票',
  notRegistered: '商城尚未登记GST（或未填写法定名称与ABN），暂不能开具税务发票',
  buyerNeeded:
    '订单金额满 A$1,000，税务发票须注明买方名称或ABN：请先在账户设置中填写公司名称或ABN，或联系客服',
  noRefund: '该订单没有退款，没有调整单',
  noteNotFound: '调整单不存在',
  fapiaoIssued: '发票已开具，不能修改申请',
  fapiaoNotFound: '发票申请不存在',
  fapiaoNotIssued: '发票尚未开具',
  fapiaoAlreadyIssued: '该申请已开票，未重复上传',
  notPdf: '请上传 PDF 格式的发票文件',
  pdfTooLarge: '发票文件不能超过 5 MB',
  requested: '发票申请已提交',
  issued: '已上传发票，会员可以下载',
} as const;

export const FAPIAO_FOLDER = 'private/fapiao';
export const FAPIAO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * An order as its tax documents need it, asked of the order module (its taxSource): amounts in minor units of
 * `currency`, refunds in the currency paid, the GST of ADR 038.
 */
export interface OrderTaxSource {
  id: number;
  orderNo: string;
  memberId: number;
  currency: 'AUD' | 'CNY';
  paidAt: Date | null;
  paidAmount: number | null;
  refundedAmount: number;
  shippingAmount: number;
  taxAmount: number;
  promotionsAmount: number;
  totalAmount: number;
  gstAmount: number;
  gstIncluded: boolean;
  refundedGst: number;
  receiverName: string;
  items: { name: string; skuName: string; qty: number; unitPrice: number; isGift: boolean }[];
}

/** The member as the buyer of an invoice (their /member/settings). */
type BuyerDetails = { name: string; company: string; abn: string };

/** The seller as the tax invoice names it (the seller settings, modules/seller). */
export interface InvoiceSeller {
  legalName: string;
  abn: string;
  address: string;
  gstRegistered: boolean;
}

export interface InvoiceDeps {
  db: Database;
  clock: Clock;
  orders: {
    taxSource(
      filter: { id: number; memberId?: number | undefined } | { orderNo: string },
      executor?: Database,
    ): Promise<OrderTaxSource | null>;
  };
  members: {
    businessDetails(
      memberId: number,
    ): Promise<{ name: string; company: string; abn: string; username: string }>;
    usernamesByIds(ids: readonly number[]): Promise<Map<number, string>>;
  };
  seller: { details(executor?: Database): Promise<InvoiceSeller> };
  /** Private file storage (the media module), as recharge slips use it. */
  files: {
    storeFile(bytes: Buffer, folder: string, contentType: string, ext: string): Promise<string>;
    readPrivate(path: string): Promise<{ bytes: Buffer; contentType: string } | null>;
    deleteFiles(paths: readonly string[]): Promise<void>;
  };
  audit?: AuditRecorder;
  /** INVOICE_FONT_PATH; undefined: the bundled font. */
  fontPath?: string | undefined;
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isPaid = (order: OrderTaxSource) => order.paidAt !== null;

function toFapiaoDto(row: repo.FapiaoRow): Fapiao {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNo: row.orderNo,
    kind: row.kind as FapiaoKind,
    kindLabel: FAPIAO_KIND_LABELS[row.kind as FapiaoKind],
    title: row.title,
    taxNo: row.taxNo,
    bank: row.bank,
    account: row.account,
    address: row.address,
    phone: row.phone,
    status: row.status as FapiaoStatus,
    statusLabel: FAPIAO_STATUS_LABELS[row.status as FapiaoStatus],
    fapiaoNo: row.fapiaoNo,
    amount: toMajor(row.amount),
    createdAt: row.createdAt.toISOString(),
    issuedAt: iso(row.issuedAt),
  };
}

/**
 * Tax documents (docs/invoices.md, ADR 039): the tax invoice of a paid AUD order, issued once at its first
 * download under the counter's lock (one gap-free series), adjustment notes for its refunds (their own series),
 * and the fapiao requests of CNY orders with the issued fapiao staff attach.
 */
export function createInvoiceService(deps: InvoiceDeps) {
  const { db, clock, orders, members, seller, files, fontPath } = deps;
  const record = deps.audit ?? (async () => {});

  async function invoiceOrder(filter: { id: number; memberId?: number } | { orderNo: string }) {
    const order = await orders.taxSource(filter);
    if (!order) throw notFoundError(InvoiceMessages.orderNotFound);
    if (order.currency !== 'AUD') throw paramsError(InvoiceMessages.cnyOrder);
    if (!isPaid(order)) throw paramsError(InvoiceMessages.notPaid);
    return order;
  }

  /** What the invoice prints, fixed when it is issued so the same order always downloads the same invoice. */
  async function invoiceContent(tx: Database, order: OrderTaxSource, member: BuyerDetails) {
    const shop = await seller.details(tx);
    if (!shop.gstRegistered || shop.legalName === '' || shop.abn === '')
      throw paramsError(InvoiceMessages.notRegistered);
    const buyer: InvoiceParty = {
      name: member.company || member.name || order.receiverName,
      abn: member.abn,
      address: '',
    };
    if (invoiceNeedsBuyer(order.totalAmount) && buyer.name === '' && buyer.abn === '')
      throw paramsError(InvoiceMessages.buyerNeeded);
    const lines: InvoiceLine[] = order.items.map((item) => ({
      description: `${item.name}${item.skuName && item.skuName !== item.name ? ` ${item.skuName}` : ''}${item.isGift ? '（赠品 gift）' : ''}`,
      qty: item.qty,
      unitPrice: item.isGift ? 0 : item.unitPrice,
      amount: item.isGift ? 0 : item.unitPrice * item.qty,
    }));
    return {
      seller: { name: shop.legalName, abn: shop.abn, address: shop.address },
      buyer,
      lines,
      // Other taxes than GST (none on AUD orders today) are printed with the freight so the lines add up.
      shipping: order.shippingAmount + order.taxAmount,
      discount: order.promotionsAmount,
      total: order.totalAmount,
      gst: order.gstAmount,
      pricesIncludeGst: order.gstIncluded,
    };
  }

  /**
   * The order's invoice, issuing it when it has none: under the series lock the order is looked up again, so
   * two first downloads of one order give one invoice, and a number is taken only by an invoice that commits.
   */
  async function ensureInvoice(
    tx: Database,
    order: OrderTaxSource,
    member: BuyerDetails,
  ): Promise<repo.TaxInvoiceRow> {
    await repo.lockSeries(tx, TaxDocumentSeries.taxInvoice);
    const existing = await repo.findInvoiceByOrder(tx, order.id);
    if (existing) return existing;
    const content = await invoiceContent(tx, order, member);
    const seq = await repo.nextNumber(tx, TaxDocumentSeries.taxInvoice);
    return repo.insertInvoice(tx, {
      orderId: order.id,
      memberId: order.memberId,
      seq,
      invoiceNo: taxDocumentNo(TaxDocumentSeries.taxInvoice, seq),
      orderNo: order.orderNo,
      currency: order.currency,
      issuedAt: clock(),
      ...content,
    });
  }

  async function invoiceOf(order: OrderTaxSource): Promise<repo.TaxInvoiceRow> {
    const issued = await repo.findInvoiceByOrder(db, order.id);
    if (issued) return issued;
    // Read before the transaction: PGlite has one connection, so no other module's query runs inside it.
    const member = await members.businessDetails(order.memberId);
    return db.transaction((tx) => ensureInvoice(tx, order, member));
  }

  async function invoiceFile(order: OrderTaxSource): Promise<PdfFile> {
    const invoice = await invoiceOf(order);
    return {
      fileName: `TaxInvoice_${invoice.invoiceNo}.pdf`,
      content: await taxInvoicePdf(invoice, fontPath),
    };
  }

  /**
   * The note asked for, or (no number) the newest after issuing one for refunds no note covers yet: under the
   * adjustment series' lock the refunds are read again, so parallel downloads issue one note for one refund.
   */
  async function noteFile(order: OrderTaxSource, noteNo: string | undefined): Promise<PdfFile> {
    if (order.refundedAmount <= 0) throw paramsError(InvoiceMessages.noRefund);
    const member = await members.businessDetails(order.memberId);
    const { invoice, note } = await db.transaction(async (tx) => {
      const invoice = await ensureInvoice(tx, order, member);
      if (noteNo === undefined) {
        await repo.lockSeries(tx, TaxDocumentSeries.adjustmentNote);
        const fresh = (await orders.taxSource({ id: order.id }, tx)) ?? order;
        const notes = await repo.notesOf(tx, invoice.id);
        const pending = pendingAdjustment({
          invoiceTotal: invoice.total,
          invoiceGst: invoice.gst,
          paidAmount: fresh.paidAmount ?? 0,
          refundedAmount: fresh.refundedAmount,
          refundedGst: fresh.refundedGst,
          alreadyAdjusted: notes.reduce((sum, n) => sum + n.amount, 0),
          alreadyAdjustedGst: notes.reduce((sum, n) => sum + n.gst, 0),
        });
        if (!pending) {
          const newest = notes.at(-1);
          if (!newest) throw paramsError(InvoiceMessages.noRefund);
          return { invoice, note: newest };
        }
        const seq = await repo.nextNumber(tx, TaxDocumentSeries.adjustmentNote);
        const note = await repo.insertNote(tx, {
          invoiceId: invoice.id,
          orderId: order.id,
          seq,
          noteNo: taxDocumentNo(TaxDocumentSeries.adjustmentNote, seq),
          amount: pending.amount,
          gst: pending.gst,
          refundedThrough: fresh.refundedAmount,
          issuedAt: clock(),
        });
        return { invoice, note };
      }
      const note = (await repo.notesOf(tx, invoice.id)).find((n) => n.noteNo === noteNo);
      if (!note) throw notFoundError(InvoiceMessages.noteNotFound);
      return { invoice, note };
    });
    return {
      fileName: `AdjustmentNote_${note.noteNo}.pdf`,
      content: await adjustmentNotePdf(
        {
          noteNo: note.noteNo,
          invoiceNo: invoice.invoiceNo,
          invoiceIssuedAt: invoice.issuedAt,
          orderNo: invoice.orderNo,
          issuedAt: note.issuedAt,
          seller: invoice.seller,
          buyer: invoice.buyer,
          amount: note.amount,
          gst: note.gst,
        },
        fontPath,
      ),
    };
  }

  async function ownOrder(auth: AuthContext, orderId: number) {
    const order = await orders.taxSource({ id: orderId, memberId: auth.memberId });
    if (!order) throw notFoundError(InvoiceMessages.orderNotFound);
    return order;
  }

  async function fapiaoPdf(row: repo.FapiaoRow): Promise<PdfFile> {
    if (row.status !== 'issued' || row.filePath === '') throw paramsError(InvoiceMessages.fapiaoNotIssued);
    const file = await files.readPrivate(row.filePath);
    if (!file) throw notFoundError(InvoiceMessages.fapiaoNotIssued);
    return { fileName: `Fapiao_${row.fapiaoNo}.pdf`, content: file.bytes };
  }

  return {
    /** The member's tax invoice of their own paid AUD order (spec §7 'Orders and tickets': a blob download). */
    async taxInvoice(auth: AuthContext, orderId: number): Promise<PdfFile> {
      return invoiceFile(await invoiceOrder({ id: orderId, memberId: auth.memberId }));
    },

    /** The same invoice for staff (console order page). */
    async staffTaxInvoice(orderNo: string): Promise<PdfFile> {
      return invoiceFile(await invoiceOrder({ orderNo }));
    },

    /** An adjustment note of the member's refunded AUD order. */
    async adjustmentNote(auth: AuthContext, orderId: number, noteNo?: string): Promise<PdfFile> {
      return noteFile(await invoiceOrder({ id: orderId, memberId: auth.memberId }), noteNo);
    },

    async staffAdjustmentNote(orderNo: string, noteNo?: string): Promise<PdfFile> {
      return noteFile(await invoiceOrder({ orderNo }), noteNo);
    },

    /** The order page's tax documents: what may be downloaded or asked for. */
    async documents(auth: AuthContext, orderId: number): Promise<TaxDocuments> {
      const order = await ownOrder(auth, orderId);
      const [invoice, notes, fapiao] = await Promise.all([
        repo.findInvoiceByOrder(db, order.id),
        repo.notesOfOrder(db, order.id),
        repo.findFapiaoByOrder(db, order.id),
      ]);
      const adjusted = notes.reduce((sum, n) => sum + n.amount, 0);
      const pending =
        order.currency === 'AUD' && order.refundedAmount > 0
          ? pendingAdjustment({
              invoiceTotal: invoice?.total ?? order.totalAmount,
              invoiceGst: invoice?.gst ?? order.gstAmount,
              paidAmount: order.paidAmount ?? 0,
              refundedAmount: order.refundedAmount,
              refundedGst: order.refundedGst,
              alreadyAdjusted: adjusted,
              alreadyAdjustedGst: notes.reduce((sum, n) => sum + n.gst, 0),
            })
          : null;
      return {
        orderId: order.id,
        currency: order.currency,
        taxInvoiceAvailable: order.currency === 'AUD' && isPaid(order),
        invoiceNo: invoice?.invoiceNo ?? null,
        adjustmentNotes: notes.map((n) => ({
          noteNo: n.noteNo,
          amount: toMajor(n.amount),
          gst: toMajor(n.gst),
          issuedAt: n.issuedAt.toISOString(),
        })),
        refundToAdjust: pending !== null,
        fapiaoAvailable: order.currency === 'CNY' && isPaid(order),
        fapiao: fapiao ? toFapiaoDto(fapiao) : null,
      };
    },

    /** Asks for a 发票 of the member's paid CNY order, or changes the request while it is 待开票. */
    async requestFapiao(auth: AuthContext, input: FapiaoRequestFields): Promise<Fapiao> {
      const order = await ownOrder(auth, input.orderId);
      if (order.currency !== 'CNY') throw paramsError(InvoiceMessages.audOrderFapiao);
      if (!isPaid(order)) throw paramsError(InvoiceMessages.fapiaoNotPaid);
      const special = input.kind === 'special';
      const row = await repo.saveFapiaoRequest(
        db,
        {
          orderId: order.id,
          orderNo: order.orderNo,
          amount: order.totalAmount,
          memberId: auth.memberId,
          kind: input.kind,
          title: input.title,
          taxNo: input.taxNo,
          bank: special ? input.bank : '',
          account: special ? input.account : '',
          address: special ? input.address : '',
          phone: special ? input.phone : '',
        },
        clock(),
      );
      if (!row) throw paramsError(InvoiceMessages.fapiaoIssued);
      return toFapiaoDto(row);
    },

    /** The issued fapiao of the member's own order. */
    async fapiaoFile(auth: AuthContext, orderId: number): Promise<PdfFile> {
      const order = await ownOrder(auth, orderId);
      const row = await repo.findFapiaoByOrder(db, order.id);
      if (!row) throw notFoundError(InvoiceMessages.fapiaoNotFound);
      return fapiaoPdf(row);
    },

    /** The console's fapiao requests: pending first (oldest first), then issued; by status and keyword. */
    async staffFapiaoList(query: AdminFapiaoListRequest): Promise<AdminFapiaoList> {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const filter = { status: query.status, keyword: query.keyword };
      const [totalCount, rows] = await Promise.all([
        repo.countFapiao(db, filter),
        repo.listFapiao(db, filter, { limit: pageSize, offset: (pageNo - 1) * pageSize }),
      ]);
      return { items: await staffRows(rows), pageNo, pageSize, totalCount };
    },

    /**
     * Attaches the fapiao staff issued outside the shop (its number and PDF): stored privately first, then the
     * request becomes 已开票 with an audit row in one transaction; a request issued meanwhile keeps its file.
     */
    async issueFapiao(actor: AuditActor, input: { id: number; fapiaoNo: string }, pdf: Buffer) {
      if (pdf.length > FAPIAO_MAX_BYTES)
        throw new AppError(ResultCode.PayloadTooLarge, InvoiceMessages.pdfTooLarge);
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new AppError(ResultCode.UnsupportedMediaType, InvoiceMessages.notPdf);
      const current = await repo.findFapiao(db, input.id);
      if (!current) throw notFoundError(InvoiceMessages.fapiaoNotFound);
      if (current.status !== 'pending') throw paramsError(InvoiceMessages.fapiaoAlreadyIssued);
      const path = await files.storeFile(pdf, FAPIAO_FOLDER, 'application/pdf', 'pdf');
      const saved = await db
        .transaction(async (tx) => {
          const row = await repo.markFapiaoIssued(tx, input.id, {
            fapiaoNo: input.fapiaoNo,
            filePath: path,
            issuedBy: operatorName(actor),
            at: clock(),
          });
          if (!row) return null;
          await record(tx, {
            by: actor,
            action: 'fapiao.issue',
            objectType: 'fapiao',
            objectId: row.orderNo,
            before: { status: 'pending' },
            after: { status: 'issued', fapiaoNo: row.fapiaoNo, kind: row.kind },
          });
          return row;
        })
        .catch(async (error: unknown) => {
          await files.deleteFiles([path]);
          throw error;
        });
      if (!saved) {
        await files.deleteFiles([path]);
        throw paramsError(InvoiceMessages.fapiaoAlreadyIssued);
      }
      const [item] = await staffRows([saved]);
      if (!item) throw notFoundError(InvoiceMessages.fapiaoNotFound);
      return item;
    },

    async staffFapiaoFile(id: number): Promise<PdfFile> {
      const row = await repo.findFapiao(db, id);
      if (!row) throw notFoundError(InvoiceMessages.fapiaoNotFound);
      return fapiaoPdf(row);
    },
  };

  async function staffRows(rows: repo.FapiaoRow[]): Promise<AdminFapiao[]> {
    const names = await members.usernamesByIds([...new Set(rows.map((r) => r.memberId))]);
    return rows.map((row) => ({
      ...toFapiaoDto(row),
      memberId: row.memberId,
      username: names.get(row.memberId) ?? '',
      issuedBy: row.issuedBy,
    }));
  }
}
