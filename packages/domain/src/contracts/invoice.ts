import { z } from 'zod';
import '../zod-locale';
import { FapiaoKind, FapiaoStatus, TaxNoMessages, taxNoProblem } from '../invoice';
import { consolePageNo, consolePageSize } from './paging';
import { text } from './text';

/**
 * Tax documents of an order (docs/invoices.md): the member's tax invoice and adjustment notes of an AUD order,
 * and the 发票 requests of a CNY order; the console's side of both. The PDF calls answer a blob download like
 * the spec's exports (§7 exportGoodsPrice/); their errors answer the envelope.
 */
export const InvoicePaths = {
  /** The tax invoice PDF of the member's own paid AUD order (issued and numbered at the first download). */
  taxInvoice: '/api/orderService/ordermain/taxInvoice/',
  /** An adjustment note PDF of the member's refunded AUD order (issued for new refunds at download). */
  adjustmentNote: '/api/orderService/ordermain/adjustmentNote/',
  /** What the order page shows: the invoice, its adjustment notes, the fapiao request. */
  documents: '/api/orderService/ordermain/taxDocuments/',
  /** Ask for (or change, while 待开票) a 发票 of a paid CNY order. */
  fapiaoRequest: '/api/orderService/ordermain/fapiaoRequest/',
  /** The issued fapiao PDF staff attached. */
  fapiaoFile: '/api/orderService/ordermain/fapiaoFile/',
} as const;

export const AdminInvoicePaths = {
  /** order.read: the tax invoice and adjustment notes of an order, as the member downloads them. */
  taxInvoice: '/api/adminService/invoice/taxInvoice/',
  adjustmentNote: '/api/adminService/invoice/adjustmentNote/',
  /** invoice.issue: fapiao requests, filtered by status or keyword. */
  fapiaoList: '/api/adminService/invoice/fapiao/list/',
  /** invoice.issue: multipart, fields id and fapiaoNo, the PDF in field `file`. */
  fapiaoIssue: '/api/adminService/invoice/fapiao/issue/',
  fapiaoFile: '/api/adminService/invoice/fapiao/file/',
} as const;

export const PDF_CONTENT_TYPE = 'application/pdf';

const orderId = z
  .number({ error: '订单编号须为数字' })
  .int('订单编号须为整数')
  .positive('订单编号须为正整数');
const orderNo = text({ error: '请提供订单号', trim: true })
  .min(1, '请提供订单号')
  .max(40, '订单号格式不正确');
const noteNo = text({ trim: true }).regex(/^ADJ-\d{6,}$/, '调整单号格式不正确');

export const taxInvoiceRequestSchema = z.strictObject({ orderId });
export type TaxInvoiceRequest = z.input<typeof taxInvoiceRequestSchema>;
/** Without noteNo: the newest note, first issuing one for refunds no note covers yet. */
export const adjustmentNoteRequestSchema = z.strictObject({ orderId, noteNo: noteNo.optional() });
export type AdjustmentNoteRequest = z.input<typeof adjustmentNoteRequestSchema>;
export const taxDocumentsRequestSchema = z.strictObject({ orderId });

export const adminTaxInvoiceRequestSchema = z.strictObject({ orderNo });
export const adminAdjustmentNoteRequestSchema = z.strictObject({ orderNo, noteNo: noteNo.optional() });

/** A 税号 field: trimmed, upper-cased, then checked (taxNoProblem). */
export const taxNoSchema = text({ error: '请输入纳税人识别号（税号）', trim: true })
  .regex(/^(?:[0-9A-Za-z]{15}|[0-9A-Za-z]{18}|[0-9A-Za-z]{20})?$/, TaxNoMessages.format)
  .transform((value) => value.toUpperCase())
  .superRefine((value, ctx) => {
    const problem = taxNoProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

const required = (label: string, max: number) =>
  text({ error: `请填写${label}`, trim: true })
    .min(1, `请填写${label}`)
    .max(max, `${label}最多${max}个字符`);

/**
 * A 发票 request: 普通 needs a title and 税号; 专用 also the buyer's bank, account, registered address and
 * phone as they must appear on the fapiao.
 */
export const fapiaoRequestSchema = z
  .strictObject({
    orderId,
    kind: z.enum([FapiaoKind.normal, FapiaoKind.special], { error: '请选择发票类型（普通或专用）' }),
    title: required('发票抬头', 100),
    taxNo: taxNoSchema,
    bank: text({ trim: true }).max(100, '开户银行最多100个字符').default(''),
    account: text({ trim: true })
      .regex(/^$|^[0-9 -]{6,40}$/, '银行账号须为6-40位数字')
      .default(''),
    address: text({ trim: true }).max(150, '注册地址最多150个字符').default(''),
    phone: text({ trim: true })
      .regex(/^$|^\+?[0-9][0-9 -]{5,19}$/, '注册电话格式不正确')
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== FapiaoKind.special) return;
    const need: [keyof typeof value, string][] = [
      ['bank', '开户银行'],
      ['account', '银行账号'],
      ['address', '注册地址'],
      ['phone', '注册电话'],
    ];
    for (const [field, label] of need)
      if (value[field] === '')
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `专用发票须填写${label}`,
          input: value[field],
        });
  });
export type FapiaoRequestInput = z.input<typeof fapiaoRequestSchema>;
export type FapiaoRequestFields = z.output<typeof fapiaoRequestSchema>;

export const fapiaoKindSchema = z.enum([FapiaoKind.normal, FapiaoKind.special]);
export const fapiaoStatusSchema = z.enum([FapiaoStatus.pending, FapiaoStatus.issued]);

export const fapiaoSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: fapiaoKindSchema,
  kindLabel: z.string(),
  title: z.string(),
  taxNo: z.string(),
  bank: z.string(),
  account: z.string(),
  address: z.string(),
  phone: z.string(),
  status: fapiaoStatusSchema,
  statusLabel: z.string(),
  /** The issued fapiao's number; '' while 待开票. */
  fapiaoNo: z.string(),
  /** The order's total in yuan, what the fapiao is for. */
  amount: z.number(),
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
});
export type Fapiao = z.infer<typeof fapiaoSchema>;

export const adjustmentNoteBriefSchema = z.object({
  noteNo: z.string(),
  /** GST-inclusive amount adjusted and the GST reversed, in dollars. */
  amount: z.number(),
  gst: z.number(),
  issuedAt: z.string(),
});

/** The order page's tax documents: which downloads exist, and why the invoice does not when it does not. */
export const taxDocumentsResponseSchema = z.object({
  orderId: z.number().int(),
  currency: z.enum(['AUD', 'CNY']),
  /** A tax invoice can be downloaded (a paid AUD order). */
  taxInvoiceAvailable: z.boolean(),
  /** The invoice's number once issued (first download); null before. */
  invoiceNo: z.string().nullable(),
  adjustmentNotes: z.array(adjustmentNoteBriefSchema),
  /** Refunds no adjustment note covers yet: the next adjustment-note download issues one. */
  refundToAdjust: z.boolean(),
  /** A fapiao may be asked for (a paid CNY order). */
  fapiaoAvailable: z.boolean(),
  fapiao: fapiaoSchema.nullable(),
});
export type TaxDocuments = z.infer<typeof taxDocumentsResponseSchema>;

export const fapiaoFileRequestSchema = z.strictObject({ orderId });

export const adminFapiaoListRequestSchema = z.strictObject({
  status: fapiaoStatusSchema.optional(),
  /** Part of the order number, the title or the 税号. */
  keyword: text({ trim: true }).max(60, '关键词最多60个字符').optional(),
  pageNo: consolePageNo,
  pageSize: consolePageSize,
});
export type AdminFapiaoListRequest = z.input<typeof adminFapiaoListRequestSchema>;
export const adminFapiaoSchema = fapiaoSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  issuedBy: z.string(),
});
export type AdminFapiao = z.infer<typeof adminFapiaoSchema>;
export const adminFapiaoListResponseSchema = z.object({
  items: z.array(adminFapiaoSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type AdminFapiaoList = z.infer<typeof adminFapiaoListResponseSchema>;

/** The text fields of fapiao/issue/ (multipart, beside the PDF in `file`). */
export const adminFapiaoIssueFieldsSchema = z.strictObject({
  id: z.coerce.number({ error: '申请编号须为数字' }).int('申请编号须为整数').positive('申请编号须为正整数'),
  fapiaoNo: text({ error: '请填写发票号码', trim: true }).regex(
    /^[0-9A-Za-z]{8,20}$/,
    '发票号码须为8-20位数字或字母',
  ),
});
export const adminFapiaoFileRequestSchema = z.strictObject({
  id: z.number({ error: '申请编号须为数字' }).int('申请编号须为整数').positive('申请编号须为正整数'),
});
